import Atomics

/// How one registration produces its value; the type-erased base of every recipe.
///
/// Registrations are stored type-erased and recovered with `unsafeDowncast` to
/// `SynchronousRecipe<Value>` or `AsynchronousRecipe<Value>`: the key a recipe is stored under is
/// built from the same `Value` metatype as the recipe itself, so the downcast cannot be wrong and
/// costs nothing on the hot path.
///
/// Safe as `@unchecked Sendable` (needed because a non-final class cannot be checked): every
/// subclass stores only `let` properties of `Sendable` types (`@Sendable` closures, atomic lazy
/// references to `Sendable` boxes, `Locked` state). Values of a non-`Sendable` type are only ever
/// returned by transient recipes, which create a fresh value per call and never store it.
@usableFromInline
class AnyRecipe: @unchecked Sendable {
    /// Whether the factory is `async`, so the value must be loaded with `await`.
    @usableFromInline let isAsynchronous: Bool
    /// Whether this is a ``TransientRecipe``, whose factory a load calls directly.
    @usableFromInline let isTransient: Bool
    /// Whether a non-throwing `load` of this registration's optional type answers `nil` when the
    /// factory fails, as DIC's `load` did for its `registerThrowable` (the one spelling that sets it).
    let failureLoadsAsNil: Bool

    /// The value of a synchronous singleton once it is built: a retained ``PublishedInstance`` of
    /// the recipe's `Value`, set once (with release ordering) and released in `deinit`; never set
    /// by any other recipe. Loads read it first, inlined into the caller and specialized for its
    /// type, so a built singleton is returned without a call into the recipe, a generic metadata
    /// lookup or reference counting beyond the value's own.
    @usableFromInline let published: UnsafeAtomic<UnsafeRawPointer?>

    init(isAsynchronous: Bool, isTransient: Bool = false, failureLoadsAsNil: Bool = false) {
        self.isAsynchronous = isAsynchronous
        self.isTransient = isTransient
        self.failureLoadsAsNil = failureLoadsAsNil
        published = .create(nil)
    }

    deinit {
        if let instance = published.load(ordering: .acquiring) {
            Unmanaged<AnyObject>.fromOpaque(instance).release()
        }
        published.destroy()
    }

    /// The published value, if this is a synchronous singleton that is built.
    @inlinable @inline(__always)
    final func publishedValue<Value>(_ type: Value.Type) -> Value? {
        // The recipe keeps the instance alive for as long as the recipe exists.
        publishedInstance(type)?._withUnsafeGuaranteedRef { $0.value }
    }

    /// The box holding the published value, if this is a synchronous singleton that is built;
    /// unretained: the recipe keeps it alive for as long as the recipe exists.
    @inlinable @inline(__always)
    final func publishedInstance<Value>(_ type: Value.Type) -> Unmanaged<PublishedInstance<Value>>? {
        guard let instance = published.load(ordering: .acquiring) else { return nil }
        return Unmanaged<PublishedInstance<Value>>.fromOpaque(instance)
    }

    /// Publishes `value` unless a value is published already; returns the published one.
    final func publish<Value>(_ value: Value) -> Value {
        let instance = Unmanaged.passRetained(PublishedInstance(value))
        let (stored, existing) = published.compareExchange(
            expected: nil, desired: UnsafeRawPointer(instance.toOpaque()), ordering: .acquiringAndReleasing)
        guard !stored, let existing else { return value }
        instance.release()
        return Unmanaged<PublishedInstance<Value>>.fromOpaque(existing).takeUnretainedValue().value
    }

    /// A copy with its own, empty singleton storage, so each built container owns its singletons.
    func fresh() -> AnyRecipe {
        preconditionFailure("\(Self.self) must override fresh()")
    }
}

/// A recipe whose factory is synchronous.
///
/// Restates `@unchecked Sendable` from `AnyRecipe`; see the safety argument there.
@usableFromInline
class SynchronousRecipe<Value>: AnyRecipe, @unchecked Sendable {
    init(isTransient: Bool = false, failureLoadsAsNil: Bool = false) {
        super.init(isAsynchronous: false, isTransient: isTransient, failureLoadsAsNil: failureLoadsAsNil)
    }

    /// The value, or `nil` when a failable factory returned `nil`.
    @usableFromInline
    func produce(_ key: InstanceKey, engine: ResolutionEngine) throws(ResolutionError) -> Value? {
        preconditionFailure("\(Self.self) must override produce(_:engine:)")
    }
}

/// A singleton's value, published once: through ``AnyRecipe/published`` for a synchronous
/// singleton, through an atomic lazy reference for an asynchronous one.
///
/// Safe as `@unchecked Sendable`: only ``SingletonRecipe`` and `AsynchronousSingletonRecipe` create
/// one, and their `Value` is `Sendable`; `value` never changes. (`Value` is unconstrained so that
/// `load<Value>` can read it without a `Sendable` requirement of its own.)
@usableFromInline
final class PublishedInstance<Value>: @unchecked Sendable {
    @usableFromInline let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Runs a user factory, passing resolution errors through and wrapping every other error. Inlined
/// into the transient load, where the closure costs nothing.
@inlinable
func runFactory<Value>(_ key: InstanceKey, _ body: () throws -> Value) throws(ResolutionError) -> Value {
    do {
        return try body()
    } catch {
        throw ResolutionEngine.factoryFailure(error, key: key)
    }
}

/// Builds a new value on every load.
///
/// Restates `@unchecked Sendable` from `AnyRecipe`; see the safety argument there.
@usableFromInline
final class TransientRecipe<Value>: SynchronousRecipe<Value>, @unchecked Sendable {
    /// The factory; `nil` means a failable factory had nothing to return.
    @usableFromInline let make: @Sendable (Resolver) throws -> Value?

    init(_ make: @escaping @Sendable (Resolver) throws -> Value?, failureLoadsAsNil: Bool = false) {
        self.make = make
        super.init(isTransient: true, failureLoadsAsNil: failureLoadsAsNil)
    }

    override func fresh() -> AnyRecipe { self }

    override func produce(_ key: InstanceKey, engine: ResolutionEngine) throws(ResolutionError) -> Value? {
        try run(key, engine: engine)
    }

    /// Runs the factory on the resolution stack of the calling thread. Inlined into loads, which
    /// call it specialized for `Value` instead of going through ``produce(_:engine:)``.
    @inlinable
    func run(_ key: InstanceKey, engine: ResolutionEngine) throws(ResolutionError) -> Value? {
        let stack = ThreadResolutionStack.current
        try stack.enter(key)
        defer { stack.leave() }
        return try runFactory(key) { try make(Resolver(engine: engine)) }
    }
}

/// Builds its value on the first load and returns that same value afterwards.
///
/// Reads after the first take no lock: the value is published through a
/// `ManagedAtomicLazyReference`. Creation happens under the container's recursive creation lock,
/// so concurrent first loads build the value exactly once, and two singletons whose factories load
/// each other cannot deadlock: whichever thread gets the lock first runs into the cycle on its
/// own thread-local stack and throws.
///
/// Restates `@unchecked Sendable` from `AnyRecipe`; see the safety argument there.
final class SingletonRecipe<Value: Sendable>: SynchronousRecipe<Value>, @unchecked Sendable {
    private let make: @Sendable (Resolver) throws -> Value

    init(_ make: @escaping @Sendable (Resolver) throws -> Value) {
        self.make = make
    }

    override func fresh() -> AnyRecipe { SingletonRecipe(make) }

    override func produce(_ key: InstanceKey, engine: ResolutionEngine) throws(ResolutionError) -> Value? {
        if let value = publishedValue(Value.self) { return value }
        let stack = ThreadResolutionStack.current
        // Checked before taking the lock: a re-entrant load of this singleton on this thread is a
        // cycle, reported rather than re-running the factory.
        try stack.enter(key)
        defer { stack.leave() }
        return try engine.creationLock.withLock { () throws(ResolutionError) -> Value in
            if let value = publishedValue(Value.self) { return value }
            return publish(try runFactory(key) { try make(Resolver(engine: engine)) })
        }
    }
}
