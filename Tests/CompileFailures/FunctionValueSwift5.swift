// Compiles, with warnings.
// Swift 5 language mode.
import Trellis

// The Vapor guide's controller, which creates a scope per request through the container's
// function, in a package still in Swift 5 mode: Swift's warning about the function value is on
// the user's 'c.scope' only, not inside the expansion.
final class Request: Sendable {}
struct Routes: Sendable {
    let scope: @Sendable (Request) -> RequestScope
}

@DIContainer(concrete: true)
final class AppContainer: Sendable {
    @Provide(.transient, factory: { (c: Self) in Routes(scope: c.scope) })
    var routes: Routes

    @Assisted(.scope)
    func scope(for request: Request) -> RequestScope
}

@DIContainer(parent: AppContainer.self, concrete: true)
final class RequestScope: Sendable {
    @Provide(.argument) var request: Request
}
