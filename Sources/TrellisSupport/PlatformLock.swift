#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The `pthread_mutex_*` calls every lock of Trellis makes (the runtime, the macro plug-in, the
/// tool), on a mutex that stays at one address
/// from ``initialize(_:recursive:)`` to ``destroy(_:)`` (a `pthread_mutex_t` must never move once
/// initialised). ``PlatformLock`` keeps its mutex on the heap; an `OnDemand` cell keeps its own in
/// its managed buffer's header.
@usableFromInline
package enum PlatformMutex {
    /// What a mutex is on this platform.
    @usableFromInline package typealias Storage = pthread_mutex_t

    /// Initialises the mutex at `mutex`; a `recursive` one may be taken again by the thread that
    /// holds it.
    @usableFromInline
    package static func initialize(_ mutex: UnsafeMutablePointer<Storage>, recursive: Bool = false) {
        let result: Int32
        if recursive {
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            result = pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        } else {
            result = pthread_mutex_init(mutex, nil)
        }
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
    }

    /// Destroys the mutex at `mutex`, which no thread holds.
    @usableFromInline
    package static func destroy(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_destroy(mutex)
    }

    /// Runs `body` while holding the mutex at `mutex`.
    @inlinable
    package static func withLock<Result, Failure: Error>(
        _ mutex: UnsafeMutablePointer<Storage>, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock(mutex)
        defer { unlock(mutex) }
        return try body()
    }

    @usableFromInline
    package static func lock(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_lock(mutex)
    }

    @usableFromInline
    package static func unlock(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_unlock(mutex)
    }
}

/// A mutual-exclusion lock over a heap-allocated ``PlatformMutex``.
///
/// `Synchronization.Mutex` would require macOS 15, and `NSLock` would bring Foundation into the
/// runtime, so Trellis uses this small wrapper. The mutex is allocated on the heap because a `pthread_mutex_t`
/// must never move once initialised, which Swift does not promise for stored properties.
///
/// Safe as `@unchecked Sendable`: the only stored property is a pointer set once in `init` and
/// freed in `deinit`; every access to the pointee goes through `pthread_mutex_*` calls, which are
/// thread-safe by contract.
package final class PlatformLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<PlatformMutex.Storage>

    /// Creates a lock; a `recursive` lock may be taken again by the thread that holds it.
    package init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: PlatformMutex.Storage())
        PlatformMutex.initialize(mutex, recursive: recursive)
    }

    deinit {
        PlatformMutex.destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try PlatformMutex.withLock(mutex, body)
    }
}

/// A value that is only ever read or written while holding its own lock.
///
/// Safe as `@unchecked Sendable`: `state` is private and touched only inside `lock.withLock`, so
/// no two threads access it at once; `State` is `Sendable`, so a copy that leaves the lock may be
/// used on any thread.
package final class Locked<State: Sendable>: @unchecked Sendable {
    private let lock = PlatformLock()
    private var state: State

    /// Creates the locked value.
    package init(_ initialState: State) {
        state = initialState
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in
            try body(&state)
        }
    }
}
