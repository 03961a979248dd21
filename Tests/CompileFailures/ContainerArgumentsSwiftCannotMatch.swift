// `@DIContainer` arguments Swift cannot match to the macro's declaration (out of order, a misspelt
// label, a literal of another type): the compiler reports the attribute, with a fix-it for the
// order, and expands none of `@DIContainer`. Its members' `@Provide` and `@Assisted` must then add
// nothing of their own (they would read storage and builders that were never generated).
import Trellis

protocol Greeter: Sendable { func greet() -> String }
struct English: Greeter { func greet() -> String { "hello" } }
struct Request: Sendable {}

@DIContainer(mainActor: true, concrete: true)
final class Screens {
    @Provide(.shared, factory: English()) var greeter: any Greeter
    @Provide(.transient, factory: { (greeter: any Greeter) in [greeter] }) var all: [any Greeter]
}

@DIContainer(root: true, validate: true)
struct App {
    @Provide(.input) var port: Int = 8080
    @Provide(.shared, factory: English()) var greeter: any Greeter
    @Provide(.shared, asyncFactory: { () async throws in English() }) var remote: any Greeter
    @Assisted(factory: { (name: String, greeter: any Greeter) in greeter.greet() + name })
    func greeting(name: String) -> String
    @Assisted(.scope) func scope(request: Request) -> RequestScope
}

@DIContainer(concrete: false, parent: App.self)
struct RequestScope {
    @Provide(.argument) var request: Request
    @Provide(.shared, factory: { (greeter: any Greeter, request: Request) in greeter.greet() }) var line: String
}

@DIContainer(validates: false)
struct Misspelt {
    @Provide(.shared, factory: English()) var greeter: any Greeter
}

@DIContainer(concrete: 1)
struct WrongLiteral {
    @Provide(.shared, factory: English()) var greeter: any Greeter
}
