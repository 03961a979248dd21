import TrellisSupport

/// Collects registrations, then builds an immutable ``RuntimeContainer``.
///
/// ```swift
/// let container = ContainerBuilder()
///     .register { Example1(value: 1) }
///     .register { Example2(name: "test") }
///     .registerSingleton { DatabaseService() }
///     .build()
/// let example: Example1 = container.load()
/// ```
///
/// The builder is thread-safe: registrations may come from any thread. It can be built several
/// times; each container gets its own singletons.
public final class ContainerBuilder: Registrar, @unchecked Sendable {
    /// Creates an empty builder.
    public init() {
        super.init(recipes: Locked([:]))
    }

    /// Builds an immutable container holding the registrations made so far.
    ///
    /// - Parameter fatalErrorHandler: Called when a non-throwing `load` fails.
    public func build(fatalErrorHandler: any FatalErrorHandling = DefaultFatalErrorHandler()) -> RuntimeContainer {
        buildRuntimeContainer(fatalErrorHandler: fatalErrorHandler)
    }
}

extension Registrar {
    /// An immutable container holding the registrations made so far, each singleton fresh: what
    /// ``ContainerBuilder/build(fatalErrorHandler:)`` and DIC's builder return.
    func buildRuntimeContainer(fatalErrorHandler: any FatalErrorHandling) -> RuntimeContainer {
        let snapshot = recipes.withLock { $0 }.mapValues { $0.fresh() }
        let table = RegistrationTable.frozen(FrozenRecipeTable(snapshot))
        return RuntimeContainer(engine: ResolutionEngine(table: table, fatalErrorHandler: fatalErrorHandler))
    }
}

/// An immutable container built by ``ContainerBuilder``.
///
/// `Sendable`; loads from any thread. Looking up a registration takes no lock, and a singleton
/// that already exists is read through an atomic reference, so the hot path is lock-free. The
/// loading methods come from ``Resolving``.
public struct RuntimeContainer: Resolving, InjectionSource {
    @usableFromInline let engine: ResolutionEngine

    /// The resolver that performs the loads.
    @inlinable
    public var resolver: Resolver { Resolver(engine: engine) }

    /// Returns the value for `type` and `name`, or calls the fatal-error handler.
    public func injectedValue<Value>(_ type: Value.Type, name: String?) -> Value {
        load(type, name: name)
    }

    /// Returns the value for `type` and `name`, or `nil` when nothing is registered for them; used
    /// by ``Injected``.
    public func injectedValueIfPresent<Value>(_ type: Value.Type, name: String?, property: AnyKeyPath) -> Value? {
        loadIfPresent(type, name: name)
    }
}

/// A container that accepts registrations at any time, from any thread, while it is being used.
///
/// ```swift
/// let container = MutableContainer()
/// container.register { Example1(value: 1) }
/// let example: Example1 = container.load()
/// ```
///
/// Registering and looking up take a short lock; factories run outside it. Prefer
/// ``ContainerBuilder`` when the registrations are known up front: its container is immutable and
/// reads without a lock.
public final class MutableContainer: Registrar, Resolving, InjectionSource, @unchecked Sendable {
    private let engine: ResolutionEngine

    /// Creates an empty container.
    ///
    /// - Parameter fatalErrorHandler: Called when a non-throwing `load` fails.
    public init(fatalErrorHandler: any FatalErrorHandling = DefaultFatalErrorHandler()) {
        let recipes = Locked<[InstanceKey: AnyRecipe]>([:])
        engine = ResolutionEngine(table: .shared(recipes), fatalErrorHandler: fatalErrorHandler)
        super.init(recipes: recipes)
    }

    /// The resolver that performs the loads.
    public var resolver: Resolver { Resolver(engine: engine) }

    /// Returns the value for `type` and `name`, or calls the fatal-error handler.
    public func injectedValue<Value>(_ type: Value.Type, name: String?) -> Value {
        load(type, name: name)
    }

    /// Returns the value for `type` and `name`, or `nil` when nothing is registered for them; used
    /// by ``Injected``.
    public func injectedValueIfPresent<Value>(_ type: Value.Type, name: String?, property: AnyKeyPath) -> Value? {
        loadIfPresent(type, name: name)
    }
    /// Removes every registration, and with them the singletons they built: the container is as
    /// new. Values already loaded stay with whoever holds them. Meant for resetting a shared
    /// container between tests.
    public func removeAllRegistrations() {
        recipes.withLock { $0.removeAll() }
    }
}
