import Atomics

/// The storage of an `.onDemand` member or an owned child container: built once, on first access.
///
/// The first reader builds the value while holding a lock, so the value is built exactly once even
/// when many threads or tasks ask for it at the same moment; later reads are one atomic load, with
/// no lock. A value passed to the container's initializer as an override is stored ready.
///
/// Builders of different cells never wait for each other in a cycle: a cell's builder only reads
/// the members it depends on, and `@DIContainer` rejects dependency cycles at compile time.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public final class OnDemand<Value> {
    @usableFromInline
    final class Box {
        @usableFromInline let value: Value
        init(_ value: Value) { self.value = value }
    }

    @usableFromInline let reference = ManagedAtomicLazyReference<Box>()
    private let lock = PlatformLock()

    /// Creates the storage, ready with `override` when one is given.
    public init(override: Value?) {
        if let override { _ = reference.storeIfNilThenLoad(Box(override)) }
    }

    /// The value, built by `build` on the first access only.
    @inlinable
    public func value<Failure: Error>(building build: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let box = reference.load() { return box.value }
        return try buildOnce(build)
    }

    @usableFromInline
    func buildOnce<Failure: Error>(_ build: () throws(Failure) -> Value) throws(Failure) -> Value {
        try lock.withLock { () throws(Failure) -> Value in
            if let box = reference.load() { return box.value }
            let value = try build()
            return reference.storeIfNilThenLoad(Box(value)).value
        }
    }
}

// Safe: the only mutable state is the lazy reference, written once through an atomic
// compare-and-exchange (under the lock) and read with an atomic load; the boxed value is immutable
// after publication and `Value` is Sendable, so handing it to any thread is safe.
extension OnDemand: @unchecked Sendable where Value: Sendable {}
