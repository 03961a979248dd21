import TrellisSupport

/// One way of producing a value, created by the `register` and `registerSingleton` methods of
/// ``Registrar``. Opaque: it only travels from those methods to ``Registrar/add(_:)``.
public struct Registration: Sendable {
    let key: InstanceKey
    let recipe: AnyRecipe
}

/// Collects registrations: the base of ``ContainerBuilder`` and ``MutableContainer``.
///
/// It provides every `register` and `registerSingleton` overload; each one returns `self`, so
/// calls chain. Registering the same type and name again replaces the earlier registration.
///
/// - `register`: a new value on every load (transient).
/// - `registerSingleton`: one value per container, built on the first load; the type must be
///   `Sendable` because every thread gets the same instance.
/// - `as:` registers under another type the value converts to, typically a protocol; the
///   compiler rejects a value that does not conform.
/// - `name:` tells apart several registrations of the same type.
/// - `registerFailable`: like `register`, for a factory that returns an optional (a failable
///   initializer); `nil` is a ``ResolutionError/factoryReturnedNil(type:)`` for `load` and
///   `loadThrowing`, and `nil` for `loadIfPresent`. (`register` with an optional result registers
///   the optional type itself, which loads of the wrapped type also use.)
/// - Factories may take the ``Resolver`` to load their dependencies, may throw and may be `async`
///   (then the value is loaded with `await`).
///
/// A class rather than a protocol with an extension: a container declared as a global whose
/// factories load from that same global (`let container = ContainerBuilder().register { ... container.load() ... }`)
/// only compiles when the methods it chains return the class's own `Self`.
public class Registrar: @unchecked Sendable {
    // Unchecked because the class is not final; its one stored property is Sendable, and the
    // subclasses add only Sendable state.
    let recipes: Locked<[InstanceKey: AnyRecipe]>

    init(recipes: Locked<[InstanceKey: AnyRecipe]>) {
        self.recipes = recipes
    }

    /// Stores `registration`, replacing any registration of the same type and name (and, in a
    /// ``MutableContainer``, the singleton it may already have built).
    public final func add(_ registration: Registration) {
        recipes.withLock { $0[registration.key] = registration.recipe }
    }

    /// Registers a value built anew, by evaluating `make`, on every load.
    ///
    /// The expression is not evaluated now: `register(Example(value: 2))` builds nothing until
    /// the first load.
    @discardableResult
    public final func register<Value>(
        _ make: @autoclosure @escaping @Sendable () throws -> Value,
        as type: Value.Type = Value.self,
        name: String? = nil
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: TransientRecipe { _ in try make() }))
        return self
    }

    /// Registers a factory called on every load.
    @discardableResult
    public final func register<Value>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable () throws -> Value
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: TransientRecipe { _ in try factory() }))
        return self
    }

    /// Registers a factory, called on every load, that loads its dependencies from the resolver.
    @discardableResult
    public final func register<Value>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable (Resolver) throws -> Value
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: TransientRecipe { try factory($0) }))
        return self
    }

    /// Registers an `async` factory called on every load; load the value with `await`.
    @discardableResult
    public final func register<Value>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable () async throws -> Value
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: AsynchronousTransientRecipe { _ in try await factory() }))
        return self
    }

    /// Registers an `async` factory, called on every load, that loads its dependencies from the
    /// resolver; load the value with `await`.
    @discardableResult
    public final func register<Value>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable (Resolver) async throws -> Value
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: AsynchronousTransientRecipe { try await factory($0) }))
        return self
    }

    /// Registers a value built once, by evaluating `make` on the first load, and shared afterwards.
    @discardableResult
    public final func registerSingleton<Value: Sendable>(
        _ make: @autoclosure @escaping @Sendable () throws -> Value,
        as type: Value.Type = Value.self,
        name: String? = nil
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: SingletonRecipe { _ in try make() }))
        return self
    }

    /// Registers a factory called once, on the first load; every load returns that value.
    @discardableResult
    public final func registerSingleton<Value: Sendable>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable () throws -> Value
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: SingletonRecipe { _ in try factory() }))
        return self
    }

    /// Registers a factory, called once on the first load, that loads its dependencies from the
    /// resolver; every load returns that value.
    @discardableResult
    public final func registerSingleton<Value: Sendable>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable (Resolver) throws -> Value
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: SingletonRecipe(factory)))
        return self
    }

    /// Registers an `async` factory called once, on the first load (concurrent first loads share
    /// that one call); load the value with `await`.
    @discardableResult
    public final func registerSingleton<Value: Sendable>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable () async throws -> Value
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: AsynchronousSingletonRecipe { _ in try await factory() }))
        return self
    }

    /// Registers an `async` factory, called once on the first load, that loads its dependencies
    /// from the resolver; load the value with `await`.
    @discardableResult
    public final func registerSingleton<Value: Sendable>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable (Resolver) async throws -> Value
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: AsynchronousSingletonRecipe(factory)))
        return self
    }

    /// Registers a failable expression, evaluated on every load; a `nil` result is a
    /// ``ResolutionError/factoryReturnedNil(type:)``, or `nil` from `loadIfPresent`.
    @discardableResult
    public final func registerFailable<Value>(
        _ make: @autoclosure @escaping @Sendable () throws -> Value?,
        as type: Value.Type = Value.self,
        name: String? = nil
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: TransientRecipe { _ in try make() }))
        return self
    }

    /// Registers a failable factory called on every load; a `nil` result is a
    /// ``ResolutionError/factoryReturnedNil(type:)``, or `nil` from `loadIfPresent`.
    @discardableResult
    public final func registerFailable<Value>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable () throws -> Value?
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: TransientRecipe { _ in try factory() }))
        return self
    }

    /// Registers a failable factory, called on every load, that loads its dependencies from the
    /// resolver; a `nil` result is a ``ResolutionError/factoryReturnedNil(type:)``, or `nil` from
    /// `loadIfPresent`.
    @discardableResult
    public final func registerFailable<Value>(
        as type: Value.Type = Value.self,
        name: String? = nil,
        _ factory: @escaping @Sendable (Resolver) throws -> Value?
    ) -> Self {
        add(Registration(key: InstanceKey(type, name: name), recipe: TransientRecipe(factory)))
        return self
    }
}

/// The protocol ``Registrar`` replaced.
@available(*, deprecated, renamed: "Registrar")
public typealias Registering = Registrar
