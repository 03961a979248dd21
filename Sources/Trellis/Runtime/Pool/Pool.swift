internal import TrellisAlgorithms
import TrellisSupport

/// A key path a pool stores a value under, such as `\Greeter.greeting`.
///
/// Built only from a `KeyPath & Sendable` (a key path literal whose subscript arguments, if any,
/// are `Sendable`), which is what makes the unchecked conformance sound: a key path is an
/// immutable object.
struct PoolKeyPath: Hashable, @unchecked Sendable, CustomStringConvertible {
    let keyPath: AnyKeyPath

    init<Root, Value>(_ keyPath: KeyPath<Root, Value> & Sendable) {
        self.keyPath = keyPath
    }

    /// For looking up only: the key is compared and hashed, never stored.
    init(uncheckedSendable keyPath: AnyKeyPath) {
        self.keyPath = keyPath
    }

    var description: String { String(describing: keyPath) }
}

/// Where a pool stores a value: under a type (and optional name), or under a key path.
enum PoolKey: Hashable, Sendable, CustomStringConvertible {
    case type(InstanceKey)
    case keyPath(PoolKeyPath)

    var description: String {
        switch self {
        case .type(let key): return key.description
        case .keyPath(let keyPath): return keyPath.description
        }
    }
}

/// One value stored in a pool. A class so that loaders can tell, by identity, which entries a
/// dependency's body added to the pool it received.
final class PoolEntry: Sendable {
    let key: PoolKey
    let value: any Sendable

    init(key: PoolKey, value: any Sendable) {
        self.key = key
        self.value = value
    }
}

/// The outcome of looking up a type that no entry is stored under, by scanning for conformances.
enum ConformanceLookup: Sendable {
    case found(PoolEntry)
    case missing
    case ambiguous([String])
}

/// The entries of one pool value, plus a cache of conformance scans.
///
/// The entries never change, so a scan's outcome stays true for the lifetime of the storage and
/// can be cached; the cache is the only mutable state and lives behind its own lock.
final class PoolStorage: Sendable {
    let entries: [PoolKey: PoolEntry]
    private let conformanceCache = Locked<[InstanceKey: ConformanceLookup]>([:])

    init(entries: [PoolKey: PoolEntry]) {
        self.entries = entries
    }

    /// The keys of the values stored under a type.
    var typeKeys: [InstanceKey] {
        entries.keys.compactMap { if case .type(let key) = $0 { key } else { nil } }
    }

    func lookup<Value>(_ type: Value.Type, name: String?) -> Result<Value, PoolError> {
        let key = InstanceKey(type, name: name)
        if let entry = entries[.type(key)], let value = entry.value as? Value {
            return .success(value)
        }
        let outcome = conformanceCache.withLock { cache in
            if let cached = cache[key] { return cached }
            let outcome = scan(for: type, key: key)
            cache[key] = outcome
            return outcome
        }
        switch outcome {
        case .found(let entry):
            // The scan proved this cast succeeds.
            return .success(entry.value as! Value)
        case .missing:
            let keys = typeKeys
            let suggestions = NearMisses.similar(to: key.typeName, among: keys.map(\.typeName))
            let sameTypeOtherName = keys.filter { $0.typeIdentifier == key.typeIdentifier }.map(\.description)
            return .failure(.notFound(type: key.description, suggestions: Set(suggestions + sameTypeOtherName).sorted()))
        case .ambiguous(let candidates):
            return .failure(.ambiguous(type: key.description, candidates: candidates))
        }
    }

    func lookup<Value>(_ keyPath: PoolKeyPath, as type: Value.Type) -> Result<Value, PoolError> {
        if let entry = entries[.keyPath(keyPath)], let value = entry.value as? Value {
            return .success(value)
        }
        return .failure(.notFoundForKeyPath(keyPath.description))
    }

    /// Values stored under a key path are found only by that key path, never by a type scan.
    private func scan<Value>(for type: Value.Type, key: InstanceKey) -> ConformanceLookup {
        let matches = entries.values.filter { entry in
            guard case .type(let entryKey) = entry.key else { return false }
            return entryKey.name == key.name && entry.value is Value
        }
        switch matches.count {
        case 0: return .missing
        case 1: return .found(matches[0])
        default: return .ambiguous(matches.map(\.key.description).sorted())
        }
    }
}

/// An immutable collection of values keyed by type (and optionally by name).
///
/// ```swift
/// let pool = Pool().appending(SystemRandomNumberGenerator())
/// var generator: any RandomNumberGenerator = pool[(any RandomNumberGenerator).self]
/// ```
///
/// A value is stored under its static type, or under the type given with `as:`. A lookup by a
/// type nothing is stored under, typically a protocol, falls back to the one stored value that
/// conforms to it; when several do, the lookup fails with ``PoolError/ambiguous(type:candidates:)``
/// rather than picking one. The outcome of that scan is cached per pool value.
///
/// `Pool` is a value: `appending` and `merging` return new pools and never change the receiver.
/// Values must be `Sendable`, since a pool crosses tasks in the loaders. Non-throwing lookups
/// that fail call the ``FatalErrorHandling`` value stored in the pool, if there is exactly one,
/// and ``DefaultFatalErrorHandler`` otherwise.
public struct Pool: Sendable, InjectionSource, CustomStringConvertible {
    let storage: PoolStorage

    /// Creates an empty pool.
    public init() {
        storage = PoolStorage(entries: [:])
    }

    init(entries: [PoolKey: PoolEntry]) {
        storage = PoolStorage(entries: entries)
    }

    /// The number of stored values.
    public var count: Int { storage.entries.count }

    /// Whether the pool stores no value.
    public var isEmpty: Bool { storage.entries.isEmpty }

    /// The stored types (with their names, if any) and key paths, sorted.
    public var storedTypes: [String] { storage.entries.keys.map(\.description).sorted() }

    /// Lists the stored types.
    public var description: String { "Pool(\(storedTypes.joined(separator: ", ")))" }

    /// Returns a pool that also stores `value` under `type` and `name`, replacing the value
    /// already stored there, if any.
    ///
    /// `as:` stores under a type `value` converts to, so it is found by that exact type:
    /// `pool.appending(Client(), as: (any ClientProtocol).self)` (the existential must be
    /// `Sendable`, for instance because the protocol refines `Sendable`).
    public func appending<Value: Sendable>(_ value: Value, as type: Value.Type = Value.self, name: String? = nil) -> Pool {
        adding(PoolEntry(key: .type(InstanceKey(type, name: name)), value: value))
    }

    /// Returns a pool that also stores `value` under `keyPath`, replacing the value already stored
    /// there, if any.
    ///
    /// A value stored under a key path is found only by that key path: by `pool[\Greeter.greeting]`
    /// or by an ``Injected`` property whose key path it is, which looks there before it looks by
    /// type. Use it to give several properties of the same type their own values:
    ///
    /// ```swift
    /// let pool = Pool()
    ///     .appending(\Greeter.greeting, "Hello")
    ///     .appending(\Greeter.farewell, "Bye")
    /// ```
    public func appending<Root, Value: Sendable>(_ keyPath: KeyPath<Root, Value> & Sendable, _ value: Value) -> Pool {
        adding(PoolEntry(key: .keyPath(PoolKeyPath(keyPath)), value: value))
    }

    private func adding(_ entry: PoolEntry) -> Pool {
        var entries = storage.entries
        entries[entry.key] = entry
        return Pool(entries: entries)
    }

    /// Returns a pool with the values of both pools; where both store a value for the same type
    /// and name, `other`'s wins.
    public func merging(_ other: Pool) -> Pool {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return Pool(entries: storage.entries.merging(other.storage.entries) { _, theirs in theirs })
    }

    /// Whether a lookup of `type` and `name` would succeed.
    public func contains<Value>(_ type: Value.Type, name: String? = nil) -> Bool {
        if case .success = storage.lookup(type, name: name) { return true }
        return false
    }

    /// The value for `type` and `name`; a failed lookup calls the fatal-error handler.
    public subscript<Value>(_ type: Value.Type, name name: String? = nil) -> Value {
        load(type, name: name)
    }

    /// The value for `type` and `name`; a failed lookup calls the fatal-error handler.
    public func load<Value>(_ type: Value.Type = Value.self, name: String? = nil) -> Value {
        switch storage.lookup(type, name: name) {
        case .success(let value): return value
        case .failure(let error): fatalErrorHandler.fatalErrorHandler(error)
        }
    }

    /// The value for `type` and `name`, or the reason it cannot be found.
    public func loadThrowing<Value>(_ type: Value.Type = Value.self, name: String? = nil) throws(PoolError) -> Value {
        try storage.lookup(type, name: name).get()
    }

    /// The value for `type` and `name`, or `nil` when there is none; an ambiguous lookup still
    /// calls the fatal-error handler, since it is a mistake rather than an absence.
    public func loadIfPresent<Value>(_ type: Value.Type = Value.self, name: String? = nil) -> Value? {
        switch storage.lookup(type, name: name) {
        case .success(let value): return value
        case .failure(.notFound): return nil
        case .failure(let error): fatalErrorHandler.fatalErrorHandler(error)
        }
    }

    /// The value stored under `keyPath`; a failed lookup calls the fatal-error handler.
    public subscript<Root, Value>(_ keyPath: KeyPath<Root, Value> & Sendable) -> Value {
        switch storage.lookup(PoolKeyPath(keyPath), as: Value.self) {
        case .success(let value): return value
        case .failure(let error): fatalErrorHandler.fatalErrorHandler(error)
        }
    }

    /// The value stored under `keyPath`, or ``PoolError/notFoundForKeyPath(_:)``.
    public func loadThrowing<Root, Value>(_ keyPath: KeyPath<Root, Value> & Sendable) throws(PoolError) -> Value {
        try storage.lookup(PoolKeyPath(keyPath), as: Value.self).get()
    }

    /// The value stored under `keyPath`, or `nil` when there is none.
    public func loadIfPresent<Root, Value>(_ keyPath: KeyPath<Root, Value> & Sendable) -> Value? {
        try? storage.lookup(PoolKeyPath(keyPath), as: Value.self).get()
    }

    /// Returns the value for `type` and `name`; used by ``Injected``.
    public func injectedValue<Value>(_ type: Value.Type, name: String?) -> Value {
        load(type, name: name)
    }

    /// Returns the value stored under `property`, else the one for `type` and `name`, else `nil`;
    /// used by ``Injected``. An ambiguous lookup calls the fatal-error handler.
    public func injectedValueIfPresent<Value>(_ type: Value.Type, name: String?, property: AnyKeyPath) -> Value? {
        if case .success(let value) = storage.lookup(PoolKeyPath(uncheckedSendable: property), as: type) { return value }
        return loadIfPresent(type, name: name)
    }

    /// The ``FatalErrorHandling`` value stored in the pool if there is exactly one, otherwise
    /// ``DefaultFatalErrorHandler``.
    public var fatalErrorHandler: any FatalErrorHandling {
        if case .success(let handler) = storage.lookup((any FatalErrorHandling).self, name: nil) {
            return handler
        }
        return DefaultFatalErrorHandler()
    }
}
