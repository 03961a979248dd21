import Atomics
internal import TrellisAlgorithms
import TrellisSupport

/// Where a container keeps its registrations.
enum RegistrationTable: Sendable {
    /// Fixed at build time: read without any lock.
    case frozen(FrozenRecipeTable)
    /// Changed by ``MutableContainer/add(_:)`` from any thread: read and written under a lock.
    case shared(Locked<[InstanceKey: AnyRecipe]>)
}

/// The resolution logic shared by ``RuntimeContainer``, ``MutableContainer`` and ``Resolver``.
@usableFromInline
final class ResolutionEngine: Sendable {
    let table: RegistrationTable
    /// The table when it is frozen, for the inlined lookup; unretained, because `table` keeps it
    /// alive for as long as this engine exists, so that a lookup does not retain and release it.
    @usableFromInline let frozenTable: Unmanaged<FrozenRecipeTable>?
    let fatalErrorHandler: any FatalErrorHandling
    /// Taken only while a synchronous singleton is being created (never on reads); recursive so
    /// that a singleton's factory can create other singletons on the same thread.
    let creationLock = PlatformLock(recursive: true)
    let waitGraph = CreationWaitGraph()

    init(table: RegistrationTable, fatalErrorHandler: any FatalErrorHandling) {
        self.table = table
        if case .frozen(let frozen) = table { frozenTable = .passUnretained(frozen) } else { frozenTable = nil }
        self.fatalErrorHandler = fatalErrorHandler
    }

    /// The recipe registered for `key`, if any.
    func recipe(for key: InstanceKey) -> AnyRecipe? {
        switch table {
        case .frozen(let recipes):
            return recipes.recipe(for: key.typeIdentifier, name: key.name)?.takeUnretainedValue()
        case .shared(let recipes):
            return recipes.withLock { $0[key] }
        }
    }

    /// Loads `type` under `name`, inlined and specialized into every synchronous load: a built
    /// container finds the recipe in its table, returns a built singleton from the recipe without a
    /// call, and otherwise calls the recipe directly. Other containers take ``resolveNonNil(_:name:)``.
    ///
    /// Nothing on this path writes to memory another thread reads: the table and the recipe are
    /// reached without reference counting (the engine keeps both alive), so loads from many threads
    /// at once do not contend. The one count that changes is the value's own, as the caller keeps it.
    @inlinable @inline(__always)
    func load<Value>(_ type: Value.Type, name: String?) throws(ResolutionError) -> Value {
        if let frozenTable,
            let recipe = frozenTable._withUnsafeGuaranteedRef({ $0.recipe(for: ObjectIdentifier(type), name: name) })
        {
            if let value = recipe._withUnsafeGuaranteedRef({ $0.publishedValue(Value.self) }) { return value }
            return try produceFound(recipe, type, name: name)
        }
        return try resolveNonNil(type, name: name)
    }

    /// What an `async` load of a built container does first: a synchronous registration is loaded
    /// on the same path as ``load(_:name:)`` (no reference counting of the table or the recipe);
    /// `nil` means it is not in a built container's table or needs `await`, so the caller takes
    /// ``resolve(_:name:)-async``.
    @inlinable @inline(__always)
    func loadWithoutSuspending<Value>(_ type: Value.Type, name: String?) throws(ResolutionError) -> Value? {
        guard let frozenTable,
            let recipe = frozenTable._withUnsafeGuaranteedRef({ $0.recipe(for: ObjectIdentifier(type), name: name) })
        else { return nil }
        if let value = recipe._withUnsafeGuaranteedRef({ $0.publishedValue(Value.self) }) { return value }
        if recipe._withUnsafeGuaranteedRef({ $0.isAsynchronous }) { return nil }
        return try produceFound(recipe, type, name: name)
    }

    /// The box of the synchronous singleton registered for `type` under `name`, if this container
    /// is built (``RuntimeContainer``) and that singleton exists; unretained, valid for as long as
    /// this engine. What a borrowing read (``Resolving/withLoaded(_:name:_:)``) lends in place.
    @inlinable @inline(__always)
    func publishedInstance<Value>(_ type: Value.Type, name: String?) -> Unmanaged<PublishedInstance<Value>>? {
        guard let frozenTable,
            let recipe = frozenTable._withUnsafeGuaranteedRef({ $0.recipe(for: ObjectIdentifier(type), name: name) })
        else { return nil }
        return recipe._withUnsafeGuaranteedRef { $0.publishedInstance(Value.self) }
    }

    /// Runs `recipe`, found in the frozen table for `type` under `name`, without retaining it (the
    /// table keeps it alive for as long as this engine exists): a transient's factory is called
    /// specialized for `Value`; anything else goes through ``produceNonNil(_:_:name:)``.
    @inlinable
    func produceFound<Value>(_ recipe: Unmanaged<AnyRecipe>, _ type: Value.Type, name: String?) throws(ResolutionError) -> Value {
        try recipe._withUnsafeGuaranteedRef { found -> Result<Value, ResolutionError> in
            Result { () throws(ResolutionError) -> Value in
                if found.isTransient {
                    return try produceTransient(unsafeDowncast(found, to: TransientRecipe<Value>.self), type, name: name)
                }
                return try produceNonNil(found, type, name: name)
            }
        }.get()
    }

    /// Runs `recipe`, registered for `type` under `name`, synchronously; `nil` is an error.
    @inlinable
    func produceNonNil<Value>(_ recipe: AnyRecipe, _ type: Value.Type, name: String?) throws(ResolutionError) -> Value {
        guard let value = try produce(recipe, key: InstanceKey(type, name: name), as: type) else {
            throw Self.factoryReturnedNil(type, name: name)
        }
        return value
    }

    /// Runs the synchronous `recipe` registered for `key`; `nil` means a failable factory
    /// returned `nil`. An asynchronous recipe is an error here (it needs `await`).
    @inlinable
    func produce<Value>(_ recipe: AnyRecipe, key: InstanceKey, as type: Value.Type) throws(ResolutionError) -> Value? {
        guard !recipe.isAsynchronous else { throw Self.requiresAsynchronousLoad(key) }
        return try unsafeDowncast(recipe, to: SynchronousRecipe<Value>.self).produce(key, engine: self)
    }

    /// Runs a transient `recipe` in the caller, specialized for `Value`, without the call through
    /// the recipe's vtable.
    @inlinable
    func produceTransient<Value>(
        _ recipe: TransientRecipe<Value>, _ type: Value.Type, name: String?
    ) throws(ResolutionError) -> Value {
        guard let value = try recipe.run(InstanceKey(type, name: name), engine: self) else {
            throw Self.factoryReturnedNil(type, name: name)
        }
        return value
    }

    /// A factory's error as a load reports it (see `runFactory`): resolution errors pass through,
    /// others are wrapped with the type being built.
    @usableFromInline
    static func factoryFailure(_ error: any Error, key: InstanceKey) -> ResolutionError {
        (error as? ResolutionError) ?? .factoryFailed(type: key.description, underlying: error)
    }

    @usableFromInline
    static func requiresAsynchronousLoad(_ key: InstanceKey) -> ResolutionError {
        .requiresAsynchronousLoad(type: key.description)
    }

    @usableFromInline
    static func factoryReturnedNil(_ type: Any.Type, name: String?) -> ResolutionError {
        .factoryReturnedNil(type: InstanceKey(type: type, name: name).description)
    }

    var registeredKeys: [InstanceKey] {
        switch table {
        case .frozen(let recipes):
            return Array(recipes.entries.keys)
        case .shared(let recipes):
            return recipes.withLock { Array($0.keys) }
        }
    }

    /// Resolves synchronously; `nil` means a failable factory returned `nil`. With nothing registered
    /// for `Value`, a registration of `Value?` (a failable factory) answers, its `nil` unwrapped.
    @usableFromInline
    func resolve<Value>(_ type: Value.Type, name: String?) throws(ResolutionError) -> Value? {
        let key = InstanceKey(type, name: name)
        if let recipe = recipe(for: key) { return try produce(recipe, key: key, as: type) }
        let optionalKey = InstanceKey(Value?.self, name: name)
        if let optional = recipe(for: optionalKey) {
            return try produce(optional, key: optionalKey, as: Value?.self) ?? nil
        }
        throw notRegistered(key, path: AsynchronousResolutionPath.steps.map(\.key) + ThreadResolutionStack.current.keys)
    }

    /// Resolves synchronously; a failable factory's `nil` is an error.
    @usableFromInline
    func resolveNonNil<Value>(_ type: Value.Type, name: String?) throws(ResolutionError) -> Value {
        guard let value = try resolve(type, name: name) else { throw Self.factoryReturnedNil(type, name: name) }
        return value
    }

    /// Resolves with `await`; works for synchronous and asynchronous registrations alike.
    @usableFromInline
    func resolve<Value>(_ type: Value.Type, name: String?) async throws(ResolutionError) -> Value? {
        let key = InstanceKey(type, name: name)
        if let recipe = recipe(for: key) { return try await produceAwaiting(recipe, key: key, as: type) }
        let optionalKey = InstanceKey(Value?.self, name: name)
        if let optional = recipe(for: optionalKey) {
            return try await produceAwaiting(optional, key: optionalKey, as: Value?.self) ?? nil
        }
        throw notRegistered(key, path: AsynchronousResolutionPath.steps.map(\.key))
    }

    /// Runs `recipe`, registered for `key`, synchronous or `async`; `nil` means a failable factory
    /// returned `nil`.
    private func produceAwaiting<Value>(_ recipe: AnyRecipe, key: InstanceKey, as type: Value.Type) async throws(ResolutionError)
        -> Value?
    {
        guard recipe.isAsynchronous else {
            return try unsafeDowncast(recipe, to: SynchronousRecipe<Value>.self).produce(key, engine: self)
        }
        return try await unsafeDowncast(recipe, to: AsynchronousRecipe<Value>.self).produce(key, engine: self)
    }

    /// Passes `error` to the container's fatal-error handler (which does not return).
    @usableFromInline
    func fail(_ error: ResolutionError) -> Never {
        fatalErrorHandler.fatalErrorHandler(error)
    }

    /// What a non-throwing `load` of `type` under `name` that failed with `error` returns: `nil`
    /// when `type` is an optional registered with DIC's `registerThrowable` and its factory failed
    /// (DIC's `load` answered `nil` there); otherwise nothing, as `error` goes to the fatal-error
    /// handler. A cycle is always fatal: DIC never returned from one.
    @usableFromInline
    func failedLoad<Value>(_ error: ResolutionError, _ type: Value.Type, name: String?) -> Value {
        if case .cycle = error { fail(error) }
        guard let recipe = recipe(for: InstanceKey(type, name: name)), recipe.failureLoadsAsNil,
            let optional = type as? any OptionalValue.Type, let none = optional.none as? Value
        else { fail(error) }
        return none
    }

    func notRegistered(_ key: InstanceKey, path: [InstanceKey]) -> ResolutionError {
        let registered = registeredKeys
        var suggestions = Set(
            NearMisses.similar(to: key.typeName, among: registered.map(\.typeName))
                .flatMap { typeName in registered.filter { $0.typeName == typeName }.map(\.description) }
        )
        // Same type under another name (or without one): always worth mentioning.
        for other in registered where other.typeIdentifier == key.typeIdentifier {
            suggestions.insert(other.description)
        }
        suggestions.remove(key.description)
        return .notRegistered(type: key.description, path: path.map(\.description), suggestions: suggestions.sorted())
    }
}

/// An `Optional` of any wrapped type, for code that only knows it as a generic `Value`.
protocol OptionalValue {
    /// `nil`.
    static var none: Self { get }
}

extension Optional: OptionalValue {}
