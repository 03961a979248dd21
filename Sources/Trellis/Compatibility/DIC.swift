import TrellisSupport

// The spellings of DIC (github.com/illescasDaniel/DIC), so that code written against it compiles
// with a deprecation warning whose fix-it leads to Trellis's own name. Each one calls the Trellis
// API it names, with two exceptions where DIC's behaviour differs and its code relies on it:
// - DIC's synchronous containers are types of their own that load only synchronously
//   (`SynchronousResolving`), so that a plain `load()` in an `async` function compiles, as in DIC;
// - `registerThrowable` keeps DIC's `nil` for a load of an optional type whose factory throws.

/// DIC's builder: registrations as ``ContainerBuilder`` takes them, built into DIC's synchronous
/// container, ``ImmutableDependencyInjectionContainer``.
@available(*, deprecated, renamed: "ContainerBuilder")
public final class DependencyInjectionContainerBuilder: Registrar, @unchecked Sendable {
    // Unchecked as Registrar is (a non-final superclass); this class adds no stored property.

    /// Creates an empty builder.
    public init() {
        super.init(recipes: Locked([:]))
    }

    /// Builds DIC's immutable container holding the registrations made so far.
    ///
    /// - Parameter fatalErrorHandler: Called when a non-throwing `load` fails.
    public func build(
        fatalErrorHandler: any FatalErrorHandling = DefaultFatalErrorHandler()
    ) -> ImmutableDependencyInjectionContainer {
        ImmutableDependencyInjectionContainer(container: buildRuntimeContainer(fatalErrorHandler: fatalErrorHandler))
    }
}

/// DIC's short name for its builder, ``DependencyInjectionContainerBuilder``.
@available(*, deprecated, renamed: "ContainerBuilder")
public typealias DICBuilder = DependencyInjectionContainerBuilder

/// DIC's immutable container: a ``RuntimeContainer`` whose loads are only the synchronous ones
/// (``SynchronousResolving``), as DIC's were, so that `container.load()` in an `async` function
/// needs no `await`.
@available(*, deprecated, renamed: "RuntimeContainer")
public struct ImmutableDependencyInjectionContainer: SynchronousResolving {
    /// The Trellis container this one loads from: `await container.load(...)` runs `async`
    /// factories.
    public let container: RuntimeContainer

    /// The resolver that performs the loads.
    public var resolver: Resolver { container.resolver }
}

/// DIC's mutable container: a ``MutableContainer`` whose loads are only the synchronous ones
/// (``SynchronousResolving``), as DIC's were, so that `container.load()` in an `async` function
/// needs no `await`.
@available(*, deprecated, renamed: "MutableContainer")
public final class DependencyInjectionContainer: Registrar, SynchronousResolving, @unchecked Sendable {
    // Unchecked as Registrar is (a non-final superclass); the one property added is Sendable.

    /// The Trellis container this one registers into and loads from: `await container.load(...)`
    /// runs `async` factories.
    public let container: MutableContainer

    /// Creates an empty container.
    ///
    /// - Parameter fatalErrorHandler: Called when a non-throwing `load` fails.
    public init(fatalErrorHandler: any FatalErrorHandling = DefaultFatalErrorHandler()) {
        let container = MutableContainer(fatalErrorHandler: fatalErrorHandler)
        self.container = container
        super.init(recipes: container.recipes)
    }

    /// The resolver that performs the loads.
    public var resolver: Resolver { container.resolver }

    /// Removes every registration, and with them the singletons they built, as
    /// ``MutableContainer/removeAllRegistrations()`` does.
    public func removeAllRegistrations() {
        container.removeAllRegistrations()
    }

    /// DIC's name for ``removeAllRegistrations()``. Trellis removes singletons too, and always
    /// releases the storage.
    @available(*, deprecated, renamed: "removeAllRegistrations()")
    public func unregisterDependencies(keepingCapacity: Bool = false) {
        removeAllRegistrations()
    }
}

/// DIC's minimal container, ``DependencyInjectionContainer`` too.
@available(*, deprecated, renamed: "MutableContainer")
public typealias MiniDependencyInjectionContainer = DependencyInjectionContainer

/// DIC's container for `async` factories. Every Trellis container takes `async` factories, loaded
/// with `await`, so this is ``MutableContainer``.
@available(*, deprecated, renamed: "MutableContainer")
public typealias AsyncDependencyInjectionContainer = MutableContainer

extension Registrar {
    /// DIC's spelling, with the factory first: `register({ Impl() }, as: Protocol.self)`.
    @available(*, deprecated, renamed: "register(as:name:_:)")
    @discardableResult
    public func register<Value>(_ factory: @escaping @Sendable () throws -> Value, as type: Value.Type) -> Self {
        register(as: type, factory)
    }

    /// DIC's name for registering a throwing factory; Trellis's `register` takes throwing factories.
    ///
    /// As in DIC, a non-throwing `load` of an optional `Value` (a factory that returns `T?` and
    /// throws, loaded as `T?`) returns `nil` when the factory throws, where a Trellis registration
    /// passes the error to the fatal-error handler. Every other load behaves as for `register`.
    @available(
        *, deprecated, renamed: "register(as:name:_:)",
        message: "register takes throwing factories; an optional load then stops the program where registerThrowable gave nil"
    )
    @discardableResult
    public func registerThrowable<Value>(_ factory: @escaping @Sendable () throws -> Value, as type: Value.Type = Value.self)
        -> Self
    {
        let recipe = TransientRecipe<Value>({ _ in try factory() }, failureLoadsAsNil: true)
        add(Registration(key: InstanceKey(type, name: nil), recipe: recipe))
        return self
    }

    /// DIC's name for registering a throwing expression; Trellis's `register` takes throwing ones.
    ///
    /// As in DIC, a non-throwing `load` of an optional `Value` returns `nil` when the expression
    /// throws, as for the closure form.
    @available(
        *, deprecated, renamed: "register(_:as:name:)",
        message: "register takes throwing expressions; an optional load then stops the program where registerThrowable gave nil"
    )
    @discardableResult
    public func registerThrowable<Value>(
        _ make: @autoclosure @escaping @Sendable () throws -> Value,
        as type: Value.Type = Value.self
    ) -> Self {
        registerThrowable({ try make() }, as: type)
    }

    /// DIC's spelling, with the factory first: `registerSingleton({ Impl() }, as: Protocol.self)`.
    /// Trellis builds a singleton on its first load, where DIC built it at registration.
    @available(*, deprecated, renamed: "registerSingleton(as:name:_:)")
    @discardableResult
    public func registerSingleton<Value: Sendable>(_ factory: @escaping @Sendable () throws -> Value, as type: Value.Type) -> Self
    {
        registerSingleton(as: type, factory)
    }

    /// DIC's name for registering an `async` factory; Trellis's `register` takes `async` factories.
    @available(*, deprecated, renamed: "register(as:name:_:)")
    public func registerAsync<Value>(_ factory: @escaping @Sendable () async throws -> Value, as type: Value.Type = Value.self) {
        register(as: type, factory)
    }
}

extension SynchronousResolving {
    /// DIC's name for `loadThrowing(_:name:)`.
    @available(*, deprecated, renamed: "loadThrowing(_:name:)")
    public func loadOrThrow<Value>(_ type: Value.Type = Value.self) throws -> Value {
        try loadThrowing(type)
    }

    /// DIC's optional load: `nil` when nothing is registered or the factory fails in any way, where
    /// `loadIfPresent(_:name:)` hands a thrown error to the fatal-error handler.
    @available(
        *, deprecated,
        message: "use loadIfPresent(_:name:), which returns nil only for a missing registration, or 'try? loadThrowing(_:name:)'"
    )
    public func loadOrNil<Value>(_ type: Value.Type = Value.self) -> Value? {
        try? loadThrowing(type)
    }
}

extension Resolving {
    /// DIC's name for the `async` `load(_:name:)`.
    @available(*, deprecated, renamed: "load(_:name:)")
    public func loadAsync<Value>(_ type: Value.Type = Value.self) async -> Value {
        await load(type)
    }

    /// DIC's name for the `async` `loadThrowing(_:name:)`.
    @available(*, deprecated, renamed: "loadThrowing(_:name:)")
    public func loadAsyncOrThrow<Value>(_ type: Value.Type = Value.self) async throws -> Value {
        try await loadThrowing(type)
    }

    /// DIC's `async` optional load: `nil` when nothing is registered or the factory fails.
    @available(
        *, deprecated,
        message:
            "use loadIfPresent(_:name:), which returns nil only for a missing registration, or 'try? await loadThrowing(_:name:)'"
    )
    public func loadAsyncOrNil<Value>(_ type: Value.Type = Value.self) async -> Value? {
        try? await loadThrowing(type)
    }
}

extension MutableContainer {
    /// DIC's name for ``removeAllRegistrations()``, on DIC's `async` container. Trellis removes
    /// singletons too, and always releases the storage.
    @available(*, deprecated, renamed: "removeAllRegistrations()")
    public func unregisterDependencies(keepingCapacity: Bool = false) {
        removeAllRegistrations()
    }
}
