/// A first-come, first-served lock for async code: SQLite has one writer, so its transactions take
/// turns on one connection.
actor AsyncMutex {
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var nextWaiter = 0

    /// Waits until the lock is free, then holds it.
    func lock() async {
        if !isLocked {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Hands the lock to the longest waiter, or frees it.
    func unlock() {
        if nextWaiter < waiters.count {
            let waiter = waiters[nextWaiter]
            nextWaiter += 1
            if nextWaiter > 64 && nextWaiter * 2 > waiters.count {
                waiters.removeFirst(nextWaiter)
                nextWaiter = 0
            }
            waiter.resume()
        } else {
            isLocked = false
        }
    }

    /// Runs `body` holding the lock.
    func withLock<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws -> Result {
        await lock()
        defer { unlock() }
        return try await body()
    }
}
