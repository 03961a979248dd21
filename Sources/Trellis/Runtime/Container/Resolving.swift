/// Something values can be loaded from without `await`: the synchronous loading methods that
/// ``Resolving`` refines with `async` overloads.
///
/// Every Trellis container is ``Resolving``. DIC's synchronous containers
/// (`DependencyInjectionContainer`, `ImmutableDependencyInjectionContainer`) conform to this protocol
/// alone: without the `async` overloads, a plain `load()` in an `async` function is the synchronous
/// load, as it was in DIC, where on a ``Resolving`` container Swift picks the `async` overload and
/// asks for `await`.
public protocol SynchronousResolving: Sendable {
    /// The resolver that performs the loads.
    var resolver: Resolver { get }
}

/// Something values can be loaded from: ``RuntimeContainer``, ``MutableContainer`` and the
/// ``Resolver`` handed to factories.
///
/// Every loading method is provided by the protocol extensions:
///
/// | Method | When the value cannot be produced |
/// | --- | --- |
/// | `load` | calls the container's ``FatalErrorHandling`` |
/// | `loadThrowing` | throws a ``ResolutionError`` |
/// | `loadIfPresent` | returns `nil` if nothing is registered for that type and name (or a failable factory returned `nil`); other errors go to the fatal-error handler |
///
/// Each has an `async` overload, chosen in asynchronous contexts, that can also run `async`
/// factories. The type can be inferred: `let client: HTTPClient = container.load()`. The
/// synchronous methods come from ``SynchronousResolving``.
public protocol Resolving: SynchronousResolving {}

/// What a factory receives: the container it is registered in, ready to load its dependencies.
///
/// ```swift
/// builder.register { resolver in Service(client: resolver.load()) }
/// ```
public struct Resolver: Resolving {
    @usableFromInline let engine: ResolutionEngine

    @usableFromInline
    init(engine: ResolutionEngine) {
        self.engine = engine
    }

    /// Returns `self`.
    @inlinable @inline(__always)
    public var resolver: Resolver { self }
}

extension SynchronousResolving {
    /// Returns the value registered for `type` and `name`, or passes the error to the container's
    /// fatal-error handler. (One exception keeps DIC's behaviour: an optional type registered with
    /// DIC's `registerThrowable` loads as `nil` when its factory throws.)
    @inlinable @inline(__always)
    public func load<Value>(_ type: Value.Type = Value.self, name: String? = nil) -> Value {
        let engine = resolver.engine
        do {
            return try engine.load(type, name: name)
        } catch {
            return engine.failedLoad(error, type, name: name)
        }
    }

    /// Calls `body` with the value registered for `type` and `name`, lent for the length of the
    /// call, and returns what `body` returns:
    ///
    /// ```swift
    /// let rows = try container.withLoaded(Database.self) { database in try database.query(sql) }
    /// ```
    ///
    /// `load(_:name:)` gives the caller a reference of its own, which writes the value's
    /// reference count: a memory location every thread loading the same singleton then writes, so
    /// on several cores those loads take turns for it. `withLoaded` lends a built singleton of a
    /// ``RuntimeContainer`` without that write, so threads reading the same singleton at once write
    /// no shared memory and scale with the cores (as long as `body` does not keep the value).
    /// Anything else (a transient, a singleton not built yet, another kind of container) is loaded
    /// as `load` does, and a failure goes to the container's fatal-error handler. `body` is
    /// synchronous: the value cannot be lent across an `await`; load it there.
    @inlinable
    public func withLoaded<Value, Output, Failure: Error>(
        _ type: Value.Type = Value.self,
        name: String? = nil,
        _ body: (Value) throws(Failure) -> Output
    ) throws(Failure) -> Output {
        if let instance = resolver.engine.publishedInstance(type, name: name) {
            // The recipe keeps the instance alive for as long as the container exists, and `self`
            // keeps the container alive during the call.
            return try instance._withUnsafeGuaranteedRef { instance in
                Result { () throws(Failure) -> Output in try body(instance.value) }
            }.get()
        }
        return try body(load(type, name: name))
    }

    /// Returns the value registered for `type` and `name`, or throws why it cannot.
    @inlinable @inline(__always)
    public func loadThrowing<Value>(_ type: Value.Type = Value.self, name: String? = nil) throws(ResolutionError) -> Value {
        try resolver.engine.load(type, name: name)
    }

    /// Returns the value registered for `type` and `name`, or `nil` when nothing is registered for
    /// them or a failable factory returned `nil`. Any other failure (a cycle, a missing dependency
    /// of the factory, a thrown error) goes to the fatal-error handler.
    public func loadIfPresent<Value>(_ type: Value.Type = Value.self, name: String? = nil) -> Value? {
        guard isRegistered(type, name: name) else { return nil }
        do {
            return try resolver.engine.resolve(type, name: name)
        } catch {
            resolver.engine.fatalErrorHandler.fatalErrorHandler(error)
        }
    }

    /// Whether something is registered for `type` and `name`, or for `type?` and `name` (a failable
    /// factory, which loads of `type` also use).
    public func isRegistered<Value>(_ type: Value.Type, name: String? = nil) -> Bool {
        let engine = resolver.engine
        return engine.recipe(for: InstanceKey(type, name: name)) != nil
            || engine.recipe(for: InstanceKey(Value?.self, name: name)) != nil
    }
}

extension Resolving {
    /// Returns the value registered for `type` and `name`, running `async` factories, or passes
    /// the error to the container's fatal-error handler (with the synchronous `load`'s exception
    /// for DIC's `registerThrowable`).
    @inlinable
    public func load<Value>(_ type: Value.Type = Value.self, name: String? = nil) async -> Value {
        do {
            return try await loadThrowing(type, name: name)
        } catch {
            return resolver.engine.failedLoad(error, type, name: name)
        }
    }

    /// Returns the value registered for `type` and `name`, running `async` factories, or throws
    /// why it cannot.
    @inlinable
    public func loadThrowing<Value>(
        _ type: Value.Type = Value.self,
        name: String? = nil
    ) async throws(ResolutionError) -> Value {
        let engine = resolver.engine
        if let value = try engine.loadWithoutSuspending(type, name: name) { return value }
        guard let value = try await engine.resolve(type, name: name) else {
            throw .factoryReturnedNil(type: InstanceKey(type, name: name).description)
        }
        return value
    }

    /// Returns the value registered for `type` and `name`, running `async` factories, or `nil` as
    /// the synchronous `loadIfPresent` does.
    public func loadIfPresent<Value>(_ type: Value.Type = Value.self, name: String? = nil) async -> Value? {
        guard isRegistered(type, name: name) else { return nil }
        do {
            return try await resolver.engine.resolve(type, name: name)
        } catch {
            resolver.engine.fatalErrorHandler.fatalErrorHandler(error)
        }
    }
}
