import Atomics
import TrellisSupport

/// The storage of an `.onDemand` member or an owned child container: built once, on first access.
///
/// The first reader builds the value while holding a lock, so the value is built exactly once even
/// when many threads or tasks ask for it at the same moment. Later reads are one acquiring load of
/// a flag (a plain load on x86 and ARM64's `ldar`) and a read of the stored value: no lock, no
/// reference counting beyond the value's own. A value passed to the container's initializer as an
/// override is stored ready. Copies share one cell, so every copy of a struct container sees the
/// value its first reader built.
///
/// Builders of different cells never wait for each other in a cycle: a cell's builder only reads
/// the members it depends on, and `@DIContainer` rejects dependency cycles at compile time.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public struct OnDemand<Value> {
    @usableFromInline let cell: OnDemandCell<Value>

    /// Creates the storage, ready with `override` when one is given.
    @inlinable
    public init(override: Value?) {
        cell = OnDemandCell.make(override: override)
    }

    /// The value if it is built, without building it: the read the generated getter makes first, so
    /// that a built value is returned before any closure (which would copy a struct container) exists.
    @inlinable
    public var builtValue: Value? { cell.builtValue }

    /// The value, built by `build` on the first access only. Should `build` throw, nothing is stored
    /// and the next access builds again.
    @inlinable
    public func value<Failure: Error>(building build: () throws(Failure) -> Value) throws(Failure) -> Value {
        // One read of the stored value after both paths, rather than a value from each: a caller that
        // only looks at the value (its identity, a field) then makes no retain and release for it.
        if !cell.isBuilt { try cell.buildOnce(build) }
        return cell.storedValue
    }
}

/// The header of an ``OnDemandCell``: its ready flag and the lock that guards building its value.
@usableFromInline
struct OnDemandSynchronization {
    /// Set (with release ordering) once the value is stored; never cleared.
    @usableFromInline var isReady: UnsafeAtomic<Bool>.Storage
    /// Initialised in place by `OnDemandCell.make` and destroyed by its `deinit`; it never moves (a
    /// mutex must not), because a managed buffer's header does not.
    @usableFromInline var mutex: PlatformMutex.Storage

    /// The flag as given and a mutex still to be initialised in place.
    @usableFromInline
    init(isReady: Bool) {
        self.isReady = .init(isReady)
        mutex = PlatformMutex.Storage()
    }

    /// The ready flag of the synchronization at `address`.
    @inlinable
    static func isReady(at address: UnsafeMutablePointer<Self>) -> UnsafeAtomic<Bool> {
        let offset = MemoryLayout<Self>.offset(of: \Self.isReady)!
        let storage = (UnsafeMutableRawPointer(address) + offset).assumingMemoryBound(to: UnsafeAtomic<Bool>.Storage.self)
        return UnsafeAtomic(at: storage)
    }

    /// The mutex of the synchronization at `address`.
    @inlinable
    static func mutex(at address: UnsafeMutablePointer<Self>) -> UnsafeMutablePointer<PlatformMutex.Storage> {
        let offset = MemoryLayout<Self>.offset(of: \Self.mutex)!
        return (UnsafeMutableRawPointer(address) + offset).assumingMemoryBound(to: PlatformMutex.Storage.self)
    }
}

/// One heap allocation holding an ``OnDemand`` cell's ready flag and lock (the header) and, once
/// built, its value (the one element, initialised only while the flag is set).
///
/// A `ManagedBuffer` is the supported way to keep the mutex and the atomic flag inside the object at
/// addresses that never move, so a member costs one allocation. The methods are inlinable so that
/// they are specialised for each member's type in the container's module: run unspecialised, the
/// generic metadata lookups cost more than the allocation (Benchmarks/results/analysis.md).
@usableFromInline
final class OnDemandCell<Value>: ManagedBuffer<OnDemandSynchronization, Value> {
    /// A cell, ready with `override` when one is given.
    @inlinable
    static func make(override: Value?) -> OnDemandCell {
        let cell = unsafeDowncast(
            create(minimumCapacity: 1) { _ in OnDemandSynchronization(isReady: override != nil) }, to: OnDemandCell.self)
        cell.withUnsafeMutablePointers { synchronization, value in
            PlatformMutex.initialize(OnDemandSynchronization.mutex(at: synchronization))
            if let override { value.initialize(to: override) }
        }
        return cell
    }

    deinit {
        withUnsafeMutablePointers { synchronization, value in
            // The last reference is going away: no other thread can be reading or building.
            if OnDemandSynchronization.isReady(at: synchronization).load(ordering: .relaxed) {
                _ = value.deinitialize(count: 1)
            }
            PlatformMutex.destroy(OnDemandSynchronization.mutex(at: synchronization))
        }
    }

    /// The value if the flag says it is built.
    @inlinable
    var builtValue: Value? {
        withUnsafeMutablePointers { synchronization, value in
            OnDemandSynchronization.isReady(at: synchronization).load(ordering: .acquiring) ? value.pointee : nil
        }
    }

    /// Whether the value is built: an acquiring load of the flag.
    @inlinable
    var isBuilt: Bool {
        withUnsafeMutablePointerToHeader { OnDemandSynchronization.isReady(at: $0).load(ordering: .acquiring) }
    }

    /// The value, once ``isBuilt`` said it is built (or ``buildOnce(_:)`` built it).
    @inlinable
    var storedValue: Value {
        withUnsafeMutablePointerToElements { $0.pointee }
    }

    /// Builds the value under the lock unless another reader built it meanwhile.
    @inlinable
    func buildOnce<Failure: Error>(_ build: () throws(Failure) -> Value) throws(Failure) {
        try withUnsafeMutablePointers { (synchronization, storage) throws(Failure) in
            try PlatformMutex.withLock(OnDemandSynchronization.mutex(at: synchronization)) { () throws(Failure) in
                let isReady = OnDemandSynchronization.isReady(at: synchronization)
                if isReady.load(ordering: .acquiring) { return }
                storage.initialize(to: try build())
                isReady.store(true, ordering: .releasing)
            }
        }
    }
}

// Safe: the cell's value is written exactly once, under the mutex, and published by a releasing
// store of the ready flag; every read of the value happens after an acquiring load that saw the flag
// set (or under the mutex), so no read races the write. After publication the value is never
// mutated, and `Value` is Sendable, so handing it to any thread is safe. The mutex and the flag are
// only touched through `PlatformMutex` and atomic operations. (The conformance is on the struct
// because the standard library marks `ManagedBuffer`, and so the cell, as never `Sendable`.)
extension OnDemand: @unchecked Sendable where Value: Sendable {}

/// Stands in for a value of `type` in generated code that never runs (the placeholders of a
/// container with compile-time errors), where Swift needs a concrete type: an opaque member's.
///
/// You do not use this function directly: `@DIContainer` generates its uses.
public func unbuilt<Value>(_ type: Value.Type) -> Value {
    fatalError("Trellis: '\(Value.self)' was never built: its container has compile-time errors")
}

/// Stands in for the value `factory` would build, in generated code that never runs (the
/// placeholders of a container with compile-time errors), where Swift needs the concrete type an
/// opaque member's factory returns: the closure is never called, so its parameters, typed or not,
/// need no values.
///
/// You do not use this function directly: `@DIContainer` generates its uses.
public func unbuilt<each Parameter, Value>(resultOf factory: (repeat each Parameter) async throws -> Value) -> Value {
    fatalError("Trellis: '\(Value.self)' was never built: its container has compile-time errors")
}
