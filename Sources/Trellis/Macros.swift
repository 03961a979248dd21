/// Turns a struct or final class into a dependency-injection container checked at compile time.
///
/// The macro reads every `@Provide` member, validates the dependency graph (missing factories,
/// unknown members, cycles, scope rules) and generates the container's initializer: one required
/// parameter per `.input` member and one optional override parameter, defaulting to `nil`, per
/// `.shared` and `.transient` member.
///
/// ```swift
/// @DIContainer
/// struct AppContainer {
///     @Provide(.input) var baseURL: String
///     @Provide(.shared, APIClient.self, with: [\Self.baseURL]) var apiClient: any APIClientProtocol
/// }
/// let container = AppContainer(baseURL: "https://api.example.com")
/// ```
///
/// - Parameters:
///   - validate: Kept for compatibility with the seed API. The core construction rules are always
///     enforced at compile time; `validate: false` does not switch them off.
///   - root: Marks the container as a root in the output of the `trellis` graph tool.
///   - validateDAG: When `false`, the container is left out of the whole-program checks of the
///     `trellis` tool (cycles across containers, ambiguous references).
///   - concrete: When `true`, every member may have a concrete type, as if each said
///     `concrete: true`: for a container whose members are mostly concrete (a server's handlers,
///     repositories written as structs). Protocol-first stays the default.
///   - permanent: When `true`, the container lives as long as the program and is never released:
///     the `Provider`, `Lazy` and function values it gives keep it alive, so a member it keeps (an
///     application holding the scope function, returned by `buildApplication`) may call them after
///     the program's last reference to the container is gone. Without it they reach the container
///     weakly, and such a call stops the program. For a server's or an app's root container, not
///     for one created per test, screen or request (nor with `parent:`).
///
/// To isolate the container to the main actor, write `@DIContainer(mainActor: true)` (the overload
/// below).
///
/// Beside the container the macro declares `<Name>Dependencies`, a protocol listing its `.input`
/// members (and the needs of its `.forwardingChild` members; none for a container with `parent:`),
/// and in it `init(dependencies:)`,
/// which creates the container from any value that provides them: the container that owns it as
/// `.child`, or a test double. A scope container's `.argument` members are not needs: they are
/// further parameters of `init(dependencies:…)`, which an `@Assisted(.scope)` function passes.
///
/// A container with providers (`Provider<T>`, `Lazy<T>` factory parameters) is `Sendable`, since a
/// provider may be called from any thread: the macro declares the conformance (unless the type
/// already has it or is isolated to a global actor). No other container is made `Sendable`: one
/// that does not declare it may hold members whose types are not `Sendable` (a framework's router,
/// a client), and its async members are then built by their first reader instead of in tasks
/// started with the container. In a `Sendable` container the compiler reports a member whose type
/// is not `Sendable` on that member's type.
///
/// The members the macro adds are `init`s, `Inputs`, `serviceStartOrder` (on a container with
/// `service: true` members; see ``ServiceStartOrder``) and a few names starting with `_trellis_`, a
/// prefix reserved for Trellis: do not declare members with it.
@attached(
    member,
    names: named(init), named(Inputs), named(_trellis_StoredValues), named(_trellis_Types), named(_trellis_values),
    named(_trellis_storage), named(_trellis_Builders), named(serviceStartOrder), named(_trellis_make)
)
@attached(extension, conformances: Sendable)
@attached(peer, names: suffixed(Dependencies))
public macro DIContainer(
    validate: Bool = true,
    root: Bool = false,
    validateDAG: Bool = true,
    concrete: Bool = false,
    permanent: Bool = false
) = #externalMacro(module: "TrellisMacros", type: "DIContainerMacro")

/// `@DIContainer` with an explicit `mainActor:` argument: the same container, and with
/// `mainActor: true` every `@Provide` member, the initializer and the builders are isolated to the
/// main actor.
///
/// Only this spelling has the member-attribute role that adds `@MainActor` to each member. The
/// compiler sends that role the whole type once per member, so containers that do not ask for
/// `mainActor:` use the declaration above and never pay for it.
@attached(
    member,
    names: named(init), named(Inputs), named(_trellis_StoredValues), named(_trellis_Types), named(_trellis_values),
    named(_trellis_storage), named(_trellis_Builders), named(serviceStartOrder), named(_trellis_make)
)
@attached(memberAttribute)
@attached(extension, conformances: Sendable)
@attached(peer, names: suffixed(Dependencies))
public macro DIContainer(
    validate: Bool = true,
    root: Bool = false,
    validateDAG: Bool = true,
    concrete: Bool = false,
    mainActor: Bool,
    permanent: Bool = false
) = #externalMacro(module: "TrellisMacros", type: "DIContainerMacro")

/// `@DIContainer` for a container created by its parent (a scope, created per unit of work by an
/// `@Assisted(.scope)` function of `parent`), which reads what the parent provides without
/// restating it:
///
/// ```swift
/// @DIContainer(root: true)
/// final class AppContainer: Sendable {
///     @Provide(.input) var logger: Logger
///     @Provide(.shared, factory: { SQLDatabase() }) var database: any Database
///     @Assisted(.scope) func request(id requestID: String) -> RequestScope
/// }
///
/// @DIContainer(parent: AppContainer.self)
/// final class RequestScope: Sendable {
///     @Provide(.argument) var requestID: String
///     // `database` and `logger` are AppContainer's.
///     @Provide(.shared, factory: UnitOfWork.init(database:logger:)) var unitOfWork: UnitOfWork
/// }
/// ```
///
/// Every name a member reads (a factory closure's parameter, a `with:` key path, `c.member`) that
/// the container does not declare is read from the parent, and the compiler checks that the parent
/// has it, with that type. The generated `init(dependencies:…)` takes the parent itself (as the
/// parent's `@Assisted(.scope)` function passes it), then the `.argument` members, then the
/// overrides; the container keeps the parent for as long as it lives (a scope is shorter-lived
/// than its parent, so this is no cycle). It conforms to ``ParentReading``, so that `\Self.member`
/// and `scope.member` reach the parent's members too. An `.input` member, if you keep one, is read
/// from the parent once, when the container is created. No `<Name>Dependencies` protocol is
/// declared, and the parent declares no conformance.
///
/// The parent's members that a scope reads must be readable without `await` or `try` (a
/// synchronous `.shared` or `.input` member, a `.transient` whose factory does not throw); the
/// `trellis` tool reports any other read on the scope's member.
///
/// - Parameters:
///   - validate: See ``DIContainer(validate:root:validateDAG:concrete:permanent:)``.
///   - root: Marks the container as a root in the output of the `trellis` graph tool.
///   - validateDAG: When `false`, the container is left out of the whole-program checks.
///   - parent: The container that creates this one: `AppContainer.self`.
///   - concrete: When `true`, every member may have a concrete type.
///   - permanent: Not for a container with `parent:`, which is created for each unit of work
///     (`trellis.invalid-argument`); see ``DIContainer(validate:root:validateDAG:concrete:permanent:)``.
@attached(
    member,
    names: named(init), named(_trellis_StoredValues), named(_trellis_Types), named(_trellis_values), named(_trellis_storage),
    named(_trellis_Builders), named(serviceStartOrder), named(_trellis_parent)
)
@attached(extension, conformances: Sendable, ParentReading)
@attached(peer)
public macro DIContainer(
    validate: Bool = true,
    root: Bool = false,
    validateDAG: Bool = true,
    parent: Any.Type,
    concrete: Bool = false,
    permanent: Bool = false
) = #externalMacro(module: "TrellisMacros", type: "DIContainerMacro")

/// `@DIContainer(parent:)` with an explicit `mainActor:` argument (see
/// ``DIContainer(validate:root:validateDAG:concrete:mainActor:permanent:)``).
@attached(
    member,
    names: named(init), named(_trellis_StoredValues), named(_trellis_Types), named(_trellis_values), named(_trellis_storage),
    named(_trellis_Builders), named(serviceStartOrder), named(_trellis_parent)
)
@attached(memberAttribute)
@attached(extension, conformances: Sendable, ParentReading)
@attached(peer)
public macro DIContainer(
    validate: Bool = true,
    root: Bool = false,
    validateDAG: Bool = true,
    parent: Any.Type,
    concrete: Bool = false,
    mainActor: Bool,
    permanent: Bool = false
) = #externalMacro(module: "TrellisMacros", type: "DIContainerMacro")

/// Declares a member of a `@DIContainer`: its scope and how it is built.
///
/// ```swift
/// @Provide(.input) var baseURL: String
/// @Provide(.shared, factory: URLSessionStandIn.shared) var session: any SessionProtocol
/// @Provide(.shared, factory: { (session: any SessionProtocol) in NetworkService(session: session) })
/// var networkService: any NetworkServiceProtocol
/// @Provide(.shared, APIClient.self, with: [\Self.baseURL]) var apiClient: any APIClientProtocol
/// @Provide(.shared, asyncFactory: { (baseURL: String) async throws in try await Database.connect(baseURL) })
/// var database: any DatabaseProtocol
/// ```
///
/// - Parameters:
///   - scope: One of ``DIScope``: `.input`, `.argument`, `.shared` (the default), `.transient`,
///     `.onDemand`, `.child` or `.forwardingChild`.
///   - type: AutoWiring: the concrete type to build, called as `Type(a: a, b: b)` with the members
///     listed in `with`.
///   - dependencies: AutoWiring: the members passed to `type`'s initializer, as `\Self.member` key
///     paths; each becomes an argument labelled with the member's name.
///   - factory: An expression that builds the value, or a closure whose parameters are resolved by
///     member name, or a closure taking the container (`{ (c: Self) in ... c.member ... }`).
///   - asyncFactory: An `async` (optionally `throws`) closure; the member's accessor becomes
///     `async` (and `throws`). Mutually exclusive with `factory`.
///   - concrete: Opt-in required when the member's type is a concrete type rather than
///     `any Protocol`, `some Protocol` or a protocol composition.
///   - service: Marks a member with a lifecycle (a server, a connection pool, a background worker):
///     the container lists its services in ``ServiceStartOrder``, each after the services it reads,
///     as its `serviceStartOrder` property, for swift-service-lifecycle's `ServiceGroup` (see the
///     `TrellisServiceLifecycle` library). Only `.shared`, `.onDemand` and `.input` members can be
///     services.
///   - shutdown: A closure that closes the member's value (`{ (client: HTTPClient) in try await
///     client.shutdown() }`), for a resource that is not a `Service` itself: the member joins the
///     start order, and its closure runs on graceful shutdown, once every service that reads the
///     member has stopped. Write the closure's parameter type; `nil` values of an optional member
///     are left out. Implies `service: true`.
///   - collection: Contributes the member to the `.collection` member this key path names
///     (`\Self.routes`): one element of an array or set, or with `key` one entry of a dictionary.
///   - elementsCollection: Contributes every element of the member, an array or set, to the
///     `.collection` member this key path names.
///   - key: The key of the member's entry in a dictionary collection (a literal or a constant,
///     unique among the collection's contributions).
///   - allowsEmpty: On a `.collection` member: it may have no contributions (an empty collection),
///     which is otherwise a compile-time error.
@attached(accessor)
public macro Provide(
    _ scope: DIScope = .shared,
    _ type: Any.Type? = nil,
    with dependencies: [AnyKeyPath] = [],
    factory: Any? = nil,
    asyncFactory: Any? = nil,
    concrete: Bool = false,
    service: Bool = false,
    shutdown: Any? = nil,
    into collection: AnyKeyPath? = nil,
    elementsInto elementsCollection: AnyKeyPath? = nil,
    key: AnyHashable? = nil,
    allowsEmpty: Bool = false
) = #externalMacro(module: "TrellisMacros", type: "ProvideMacro")

/// Declares a function of a `@DIContainer` that builds a value from members of the graph **and**
/// values only its caller knows (assisted injection): the function's parameters are those runtime
/// arguments, and every call builds a new value.
///
/// ```swift
/// @Assisted(factory: { (itemID: Int, repository: any ItemRepository, clock: any Clock) in
///     DetailModel(id: itemID, repository: repository, clock: clock)
/// })
/// func detail(itemID: Int) -> DetailModel
///
/// let model = container.detail(itemID: 42)
/// ```
///
/// The factory closure's parameters named like the function's parameters receive the caller's
/// arguments; the others are resolved by member name, as in `@Provide`. Which is which is written in
/// the declaration, never guessed: an argument named like a member, an argument the factory never
/// receives, and a factory parameter that is neither are compile-time errors. Write no body; the
/// macro writes it. The function declares `async` and `throws` when its factory or a member it
/// reads needs them.
///
/// - Parameters:
///   - type: AutoWiring: the type to build, called as `Type(<arguments>, <with entries>)`: the
///     function's arguments first, with their labels, then the members listed in `with`.
///   - dependencies: AutoWiring: the members passed after the arguments, as `\Self.member` key paths.
///   - factory: A closure whose parameters are the function's arguments and members of the
///     container, by name.
@attached(body)
public macro Assisted(
    _ type: Any.Type? = nil,
    with dependencies: [AnyKeyPath] = [],
    factory: Any? = nil
) = #externalMacro(module: "TrellisMacros", type: "AssistedMacro")

/// Declares a function of a `@DIContainer` that creates a scope container: a container for one
/// unit of work (a request, a session, a job), created on every call.
///
/// ```swift
/// @DIContainer
/// final class RequestScope: Sendable {
///     @Provide(.argument) var requestID: String      // passed by the caller
///     @Provide(.input) var log: RequestLog            // provided by the server container
///     @Provide(.shared, UnitOfWork.self, with: [\Self.requestID, \Self.log], concrete: true)
///     var unitOfWork: UnitOfWork                      // one per request
/// }
///
/// @DIContainer
/// final class ServerContainer: Sendable, RequestScopeDependencies {
///     @Provide(.shared, factory: { RequestLog() }, concrete: true) var log: RequestLog
///     @Assisted(.scope)
///     func request(requestID: String) -> RequestScope
/// }
///
/// let scope = server.request(requestID: "r1")
/// ```
///
/// The function's body is `RequestScope(dependencies: self, requestID: requestID)`: its parameters
/// are the scope's `.argument` members, by name and type, in the order the scope declares them,
/// and this container provides the scope's `.input` members, which the compiler checks through the
/// declared `RequestScopeDependencies` conformance. Declare the function `async`/`throws` when the
/// scope's initializer is. Write no body; the macro writes it.
///
/// - Parameter kind: ``AssistedKind/scope``.
@attached(body)
public macro Assisted(_ kind: AssistedKind) = #externalMacro(module: "TrellisMacros", type: "AssistedMacro")

/// What an `@Assisted` function builds, when it is not a value from a factory.
public enum AssistedKind: Sendable, Hashable {
    /// A scope container of the function's return type, created from this container and the
    /// function's arguments.
    case scope
}
