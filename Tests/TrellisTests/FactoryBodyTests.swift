import Testing
import Trellis

// The generated initializer writes a factory closure as its body only where calling the closure
// would bind each parameter to the local of the same name and type anyway. These containers check
// that a factory means the same either way: which overload it calls, when it runs, and what it
// receives.

class Vehicle: @unchecked Sendable {}
final class Bicycle: Vehicle, @unchecked Sendable {}

/// Overloads that tell which static type a factory saw.
enum Describe {
    static func kind(_ vehicle: Vehicle) -> String { "vehicle" }
    static func kind(_ bicycle: Bicycle) -> String { "bicycle" }
}

/// Counts how many times factories run.
final class BuildCounter: @unchecked Sendable {
    private(set) var count = 0
    func tick() -> Int {
        count += 1
        return count
    }
}

@DIContainer
struct FactoryBodyContainer {
    @Provide(.input)
    var counter: BuildCounter

    @Provide(.shared, factory: Bicycle(), concrete: true)
    var bicycle: Bicycle

    /// The parameter widens the member's type: the closure is called, so the factory sees a Vehicle.
    @Provide(.shared, factory: { (bicycle: Vehicle) in Part(Describe.kind(bicycle)) }, concrete: true)
    var widened: Part

    /// The parameter is typed like the member: written as its body, the factory sees a Bicycle.
    @Provide(.shared, factory: { (bicycle: Bicycle) in Part(Describe.kind(bicycle)) }, concrete: true)
    var exact: Part

    /// Untyped parameters take the member's type.
    @Provide(.shared, factory: { bicycle in Part(Describe.kind(bicycle)) }, concrete: true)
    var untyped: Part

    @Provide(.shared, factory: { (counter: BuildCounter) in Part("built \(counter.tick())") }, concrete: true)
    var counted: Part

    @Provide(.transient, factory: { (counter: BuildCounter) in Part("fresh \(counter.tick())") }, concrete: true)
    var fresh: Part

    @Provide(.shared, factory: { (c: Self) in Part("through \(Describe.kind(c.bicycle))") }, concrete: true)
    var throughContainer: Part
}

@Suite("Factory closures written as their body mean what the closure meant")
struct FactoryBodyTests {
    @Test("a parameter that widens the member's type still gives the factory the wider type")
    func widenedParameterKeepsItsType() {
        let container = FactoryBodyContainer(counter: BuildCounter())
        #expect(container.widened.label == "vehicle")
        #expect(container.exact.label == "bicycle")
        #expect(container.untyped.label == "bicycle")
        #expect(container.throughContainer.label == "through bicycle")
    }

    @Test("a shared factory runs once at creation, a transient one on every access")
    func runsAsOften() {
        let counter = BuildCounter()
        let container = FactoryBodyContainer(counter: counter)
        #expect(counter.count == 1)
        #expect(container.counted.label == "built 1")
        #expect(container.counted === container.counted)
        #expect(container.fresh.label == "fresh 2")
        #expect(container.fresh.label == "fresh 3")
        #expect(counter.count == 3)
    }

    @Test("an overridden member's factory never runs")
    func overrideSkipsTheFactory() {
        let counter = BuildCounter()
        let container = FactoryBodyContainer(counter: counter, counted: Part("given"))
        #expect(container.counted.label == "given")
        #expect(counter.count == 0)
    }
}
