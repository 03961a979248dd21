import Trellis

@DIContainer
struct CollectionIssues {
    @Provide(.collection)
    var shapeless: any Sequence

    @Provide(.shared, factory: Route(), into: \Self.shapeless)
    var first: any Route

    @Provide(.collection, factory: [])
    var built: [any Route]

    @Provide(.shared, factory: Route(), into: \Self.built)
    var second: any Route

    @Provide(.collection)
    var nobody: [any Route]

    @Provide(.shared, factory: Route(), into: \Self.nowhere)
    var stray: any Route

    @Provide(.shared, factory: Check(), into: \Self.checks)
    var keyless: any Check

    @Provide(.shared, factory: Check(), into: \Self.checks, key: "a")
    var one: any Check

    @Provide(.shared, factory: Check(), into: \Self.checks, key: "a")
    var another: any Check

    @Provide(.collection)
    var checks: [String: any Check]

    @Provide(.transient, factory: { () throws in try Route.parse() }, into: \Self.built)
    var parsed: any Route
}
