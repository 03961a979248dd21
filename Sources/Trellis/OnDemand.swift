import Atomics

/// The storage of an `.onDemand` member or an owned child container: built once, on first access.
///
/// The first reader builds the value while holding a lock, so the value is built exactly once even
/// when many threads or tasks ask for it at the same moment. Later reads are one acquiring load of
/// a flag (a plain load on x86 and ARM64's `ldar`) and a read of the stored value: no lock, no
/// reference counting beyond the value's own. A value passed to the container's initializer as an
/// override is stored ready.
///
/// Builders of different cells never wait for each other in a cycle: a cell's builder only reads
/// the members it depends on, and `@DIContainer` rejects dependency cycles at compile time.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public final class OnDemand<Value> {
    /// Set (with release ordering) once `stored` holds the value; never cleared.
    @usableFromInline let isReady: UnsafeAtomic<Bool>
    /// Written once, under `lock`, before `isReady` is set; only read after `isReady` is seen set.
    /// Unchecked exclusivity: every access is ordered by `isReady` (release/acquire) or the lock, so
    /// no read overlaps the one write; the dynamic check cost ~10 ns on every read.
    @exclusivity(unchecked) @usableFromInline var stored: Value?
    private let lock = PlatformLock()

    /// Creates the storage, ready with `override` when one is given.
    public init(override: Value?) {
        stored = override
        isReady = .create(override != nil)
    }

    deinit {
        isReady.destroy()
    }

    /// The value if it is built, without building it: the read the generated getter makes first, so
    /// that a built value is returned before any closure (which would copy a struct container) exists.
    @inlinable
    public var builtValue: Value? {
        isReady.load(ordering: .acquiring) ? stored.unsafelyUnwrapped : nil
    }

    /// The value, built by `build` on the first access only.
    @inlinable
    public func value<Failure: Error>(building build: () throws(Failure) -> Value) throws(Failure) -> Value {
        if isReady.load(ordering: .acquiring) { return stored.unsafelyUnwrapped }
        return try buildOnce(build)
    }

    @usableFromInline
    func buildOnce<Failure: Error>(_ build: () throws(Failure) -> Value) throws(Failure) -> Value {
        try lock.withLock { () throws(Failure) -> Value in
            if isReady.load(ordering: .acquiring), let value = stored { return value }
            let value = try build()
            stored = value
            isReady.store(true, ordering: .releasing)
            return value
        }
    }
}

// Safe: `stored` is written exactly once, under the lock, and published by a releasing store of
// `isReady`; every read of `stored` happens after an acquiring load that saw `isReady` set (or under
// the lock), so no read races the write. After publication the value is never mutated, and `Value`
// is Sendable, so handing it to any thread is safe.
extension OnDemand: @unchecked Sendable where Value: Sendable {}
