#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The registrations a thread is resolving synchronously right now, outermost first.
///
/// Synchronous factories never suspend, so a nested synchronous load always runs on the thread of
/// the load that triggered it: a thread-local stack sees the whole chain, even when a factory
/// captures the container directly instead of using the resolver it receives. That is what lets
/// `A -> B -> A` be reported as an error instead of overflowing the stack, and a re-entrant load
/// of a singleton be rejected before it would take the creation lock again.
@usableFromInline
final class ThreadResolutionStack {
    /// Unchecked exclusivity: only the owning thread ever touches its stack, so accesses cannot
    /// overlap; the dynamic check cost two runtime calls per nested load.
    @exclusivity(unchecked) @usableFromInline var keys: [InstanceKey] = []

    /// The stack of the calling thread, created on first use and released when the thread exits.
    @inlinable
    static var current: ThreadResolutionStack {
        if let existing = pthread_getspecific(threadResolutionStackKey) {
            return Unmanaged<ThreadResolutionStack>.fromOpaque(existing).takeUnretainedValue()
        }
        return makeCurrent()
    }

    /// Creates the calling thread's stack (first use on a thread, kept out of inlined code).
    @usableFromInline
    static func makeCurrent() -> ThreadResolutionStack {
        let stack = ThreadResolutionStack()
        pthread_setspecific(threadResolutionStackKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// Pushes `key`, or throws the cycle it would close.
    @inlinable
    func enter(_ key: InstanceKey) throws(ResolutionError) {
        if let start = keys.firstIndex(of: key) {
            throw cycle(from: start, to: key)
        }
        keys.append(key)
    }

    /// The cycle that pushing `key`, found on the stack at `start`, would close.
    @usableFromInline
    func cycle(from start: Int, to key: InstanceKey) -> ResolutionError {
        .cycle(path: (keys[start...] + [key]).map(\.description))
    }

    /// Pops the key pushed by the matching `enter`.
    @inlinable
    func leave() {
        keys.removeLast()
    }
}

#if canImport(Darwin)
    @usableFromInline let threadResolutionStackKey: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            Unmanaged<ThreadResolutionStack>.fromOpaque(pointer).release()
        }
        precondition(result == 0, "pthread_key_create failed with \(result)")
        return key
    }()
#else
    @usableFromInline let threadResolutionStackKey: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadResolutionStack>.fromOpaque(pointer).release()
        }
        precondition(result == 0, "pthread_key_create failed with \(result)")
        return key
    }()
#endif

/// One registration an asynchronous resolution is inside of.
struct AsynchronousResolutionStep: Sendable {
    /// The registration being resolved.
    let key: InstanceKey
    /// Whether this step is the creation of an asynchronous singleton, which other tasks may be
    /// waiting for (see ``CreationWaitGraph``).
    let isSingletonCreation: Bool
}

/// The registrations the current task is resolving asynchronously, outermost first.
///
/// Asynchronous factories may resume on another thread, so they cannot use the thread-local
/// stack; a task-local value follows the task (and its child tasks) instead.
enum AsynchronousResolutionPath {
    @TaskLocal static var steps: [AsynchronousResolutionStep] = []

    /// Throws the cycle that resolving `key` on top of `steps` would close.
    static func checkForCycle(_ key: InstanceKey, in steps: [AsynchronousResolutionStep]) throws(ResolutionError) {
        if let start = steps.firstIndex(where: { $0.key == key }) {
            throw .cycle(path: (steps[start...].map(\.key) + [key]).map(\.description))
        }
    }
}
