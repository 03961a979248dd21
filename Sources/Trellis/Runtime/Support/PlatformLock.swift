#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutual-exclusion lock over a heap-allocated `pthread_mutex_t`.
///
/// `Synchronization.Mutex` would require macOS 15, and `NSLock` would bring in Foundation, so the
/// runtime uses this small wrapper. The mutex is allocated on the heap because a `pthread_mutex_t`
/// must never move once initialised, which Swift does not promise for stored properties.
///
/// Safe as `@unchecked Sendable`: the only stored property is a pointer set once in `init` and
/// freed in `deinit`; every access to the pointee goes through `pthread_mutex_*` calls, which are
/// thread-safe by contract.
final class PlatformLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a lock; a `recursive` lock may be taken again by the thread that holds it.
    init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        let result = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value that is only ever read or written while holding its own lock.
///
/// Safe as `@unchecked Sendable`: `state` is private and touched only inside `lock.withLock`, so
/// no two threads access it at once; `State` is `Sendable`, so a copy that leaves the lock may be
/// used on any thread.
final class Locked<State: Sendable>: @unchecked Sendable {
    private let lock = PlatformLock()
    private var state: State

    /// Creates the locked value.
    init(_ initialState: State) {
        state = initialState
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in
            try body(&state)
        }
    }
}
