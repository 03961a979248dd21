// The spellings of DIC (github.com/illescasDaniel/DIC), so that code written against it compiles
// with a deprecation warning whose fix-it leads to Trellis's own name. Each one calls the Trellis
// API it names; none has an implementation of its own.

/// DIC's name for ``ContainerBuilder``.
@available(*, deprecated, renamed: "ContainerBuilder")
public typealias DICBuilder = ContainerBuilder

/// DIC's long name for ``ContainerBuilder``.
@available(*, deprecated, renamed: "ContainerBuilder")
public typealias DependencyInjectionContainerBuilder = ContainerBuilder

/// DIC's name for the container a builder builds, ``RuntimeContainer``.
@available(*, deprecated, renamed: "RuntimeContainer")
public typealias ImmutableDependencyInjectionContainer = RuntimeContainer

/// DIC's name for ``MutableContainer``.
@available(*, deprecated, renamed: "MutableContainer")
public typealias DependencyInjectionContainer = MutableContainer

/// DIC's minimal container, ``MutableContainer`` too.
@available(*, deprecated, renamed: "MutableContainer")
public typealias MiniDependencyInjectionContainer = MutableContainer

/// DIC's container for `async` factories. Every Trellis container takes `async` factories, loaded
/// with `await`, so this is ``MutableContainer`` too.
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
    @available(*, deprecated, renamed: "register(as:name:_:)")
    @discardableResult
    public func registerThrowable<Value>(_ factory: @escaping @Sendable () throws -> Value, as type: Value.Type = Value.self)
        -> Self
    {
        register(as: type, factory)
    }

    /// DIC's name for registering a throwing expression; Trellis's `register` takes throwing ones.
    @available(*, deprecated, renamed: "register(_:as:name:)")
    @discardableResult
    public func registerThrowable<Value>(
        _ make: @autoclosure @escaping @Sendable () throws -> Value,
        as type: Value.Type = Value.self
    ) -> Self {
        register(try make(), as: type)
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

extension Resolving {
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
    /// DIC's name for ``removeAllRegistrations()``. Trellis removes singletons too, and always
    /// releases the storage.
    @available(*, deprecated, renamed: "removeAllRegistrations()")
    public func unregisterDependencies(keepingCapacity: Bool = false) {
        removeAllRegistrations()
    }
}
