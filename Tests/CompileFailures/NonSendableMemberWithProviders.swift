// A container that gives a function value (here, of its scope) is Sendable, so a member of a
// non-Sendable type (Hummingbird's Router, say) fails: the compiler's error is on the member's type,
// and the excerpt of the expansion says, in a comment, why the container is Sendable and what to do.
import Trellis

final class Router {}
struct User: Sendable { let id: Int }
struct Handler: Sendable { let makeScope: @Sendable (User) -> UserScope }

@DIContainer(concrete: true)
struct AppContainer {
    @Provide(.shared, factory: { () -> Router in Router() })
    var router: Router

    @Assisted(.scope) func userScope(user: User) -> UserScope

    @Provide(.shared, factory: { (userScope: @escaping @Sendable (User) -> UserScope) in Handler(makeScope: userScope) })
    var handler: Handler
}

@DIContainer(parent: AppContainer.self, concrete: true)
final class UserScope: Sendable {
    @Provide(.argument) var user: User
}
