// The spellings of DIve (github.com/alex-balobanov/dive), so that code written against it compiles
// with a deprecation warning whose fix-it leads to Trellis's own name. Each one calls the Trellis
// API it names; none has an implementation of its own.

/// DIve's name for a node whose body does not `await`: a ``DependencyNode``. The generic
/// parameter, the pool type, is always ``Pool``.
@available(*, deprecated, renamed: "DependencyNode")
public typealias SyncInjectingDependency<PoolType: InjectionSource> = DependencyNode

/// DIve's name for a node whose body may `await`: a ``DependencyNode``. The generic parameter, the
/// pool type, is always ``Pool``.
@available(*, deprecated, renamed: "DependencyNode")
public typealias AsyncInjectingDependency<PoolType: InjectionSource> = DependencyNode

/// DIve's protocol of pools, for code generic over the pool type (`Injectee<P: AbstractPool>`).
/// ``Pool`` is its one conformer; its requirements are DIve's spellings of Pool's own methods.
@available(*, deprecated, message: "write Pool; what an Injectee reads from is any InjectionSource")
public protocol AbstractPool: InjectionSource {
    /// DIve's `pool[T.self]`.
    subscript<Value>(_ type: Value.Type) -> Value { get }
    /// DIve's `pool[\T.x]`.
    subscript<Root, Value>(_ keyPath: KeyPath<Root, Value> & Sendable) -> Value { get }
    /// DIve's `pool.find(T.self)`.
    func find<Value>(_ type: Value.Type) throws -> Value
    /// DIve's `pool.find(\T.x)`.
    func find<Root, Value>(_ keyPath: KeyPath<Root, Value> & Sendable) throws -> Value
    /// DIve's `pool.appending(value)`.
    func appending<Value: Sendable>(_ value: Value) -> Self
    /// DIve's `pool.appending(\T.x, value)`.
    func appending<Root, Value: Sendable>(_ keyPath: KeyPath<Root, Value> & Sendable, _ value: Value) -> Self
    /// DIve's `pool.appending(otherPool)`.
    func appending(_ pool: Self) -> Self
}

@available(*, deprecated, message: "write Pool; what an Injectee reads from is any InjectionSource")
extension Pool: AbstractPool {
    /// The value for `type`; the witness of DIve's requirement, ``subscript(_:name:)`` otherwise.
    @_disfavoredOverload
    public subscript<Value>(_ type: Value.Type) -> Value {
        self[type, name: nil]
    }

    /// Stores `value` under its type; the witness of DIve's requirement,
    /// ``appending(_:as:name:)`` otherwise.
    @_disfavoredOverload
    public func appending<Value: Sendable>(_ value: Value) -> Pool {
        appending(value, as: Value.self, name: nil)
    }
}

/// DIve's error for an `@Injected` property with no value. Trellis's ``Injected`` reports the
/// source's own error, a ``PoolError`` for a pool.
@available(*, deprecated, renamed: "PoolError")
public typealias InjectedError = PoolError

extension DependencyNode {
    /// DIve's spelling, with the body labelled `injector:`.
    @available(*, deprecated, renamed: "dependency(id:dependencies:_:)")
    @_disfavoredOverload
    public static func dependency(
        id: DependencyId,
        dependencies: [DependencyId],
        injector: @escaping @Sendable (Pool) throws -> Pool
    ) -> DependencyNode {
        DependencyNode(id: id, dependencies: dependencies, injector)
    }

    /// DIve's spelling of an `async` node, with the body labelled `injector:`.
    @available(*, deprecated, renamed: "dependency(id:dependencies:_:)")
    @_disfavoredOverload
    public static func dependency(
        id: DependencyId,
        dependencies: [DependencyId],
        injector: @escaping @Sendable (Pool) async throws -> Pool
    ) -> DependencyNode {
        DependencyNode(id: id, dependencies: dependencies, injector)
    }
}

extension Pool {
    /// DIve's name for ``loadThrowing(_:name:)``.
    @available(*, deprecated, renamed: "loadThrowing(_:name:)")
    public func find<Value>(_ type: Value.Type) throws -> Value {
        try loadThrowing(type)
    }

    /// DIve's name for ``loadThrowing(_:)``, by key path.
    @available(*, deprecated, renamed: "loadThrowing(_:)")
    public func find<Root, Value>(_ keyPath: KeyPath<Root, Value> & Sendable) throws -> Value {
        try loadThrowing(keyPath)
    }

    /// DIve's name for ``merging(_:)``.
    @available(*, deprecated, renamed: "merging(_:)")
    public func appending(_ pool: Pool) -> Pool {
        merging(pool)
    }
}

extension PoolError {
    /// DIve's error for a type the pool has no value for: ``notFound(type:suggestions:)``.
    @available(*, deprecated, message: "match 'PoolError.notFound(type:suggestions:)'")
    public static func objectNotFoundForType(_ type: Any.Type) -> PoolError {
        .notFound(type: String(reflecting: type), suggestions: [])
    }

    /// DIve's error for a key path the pool has no value for: ``notFoundForKeyPath(_:)``.
    @available(*, deprecated, message: "match 'PoolError.notFoundForKeyPath(_:)'")
    public static func objectNotFoundForKeyPath(_ keyPath: AnyKeyPath) -> PoolError {
        .notFoundForKeyPath(String(describing: keyPath))
    }

    /// DIve's error for an `@Injected` property with no value, found neither by its key path nor
    /// by its type: ``notFound(type:suggestions:)``.
    @available(*, deprecated, message: "match 'PoolError.notFound(type:suggestions:)'")
    public static func objectNotFound(_ keyPath: AnyKeyPath, _ type: Any.Type) -> PoolError {
        .notFound(type: String(reflecting: type), suggestions: [])
    }
}

extension LoaderError {
    /// DIve's error for a graph with a cycle. Trellis's ``cycle(_:)`` carries the cycle's path, so
    /// this value is `.cycle([])`, which no load throws and which equals every cycle: `== .notDAG`,
    /// `#expect(throws: LoaderError.notDAG)` and `catch LoaderError.notDAG` match any cycle. It
    /// describes itself as DIve's did, "Not a directed acyclic graph".
    @available(*, deprecated, message: "catch 'LoaderError.cycle', which carries the cycle's path")
    public static var notDAG: LoaderError { .cycle([]) }

    /// Matches `value` against `pattern` in `catch` and `case` patterns, as `==` does (so
    /// ``notDAG`` matches every cycle).
    public static func ~= (pattern: LoaderError, value: any Error) -> Bool {
        guard let value = value as? LoaderError else { return false }
        return pattern == value
    }
}

extension Injected {
    /// A spelling of DIve's default value, `@Injected(default: value)`: the value used when the
    /// source has none.
    @available(*, deprecated, message: "give the property an initial value: '@Injected var name: Type = value'")
    public init(default value: Value, name: String? = nil) {
        self.init(wrappedValue: value, name: name)
    }
}
