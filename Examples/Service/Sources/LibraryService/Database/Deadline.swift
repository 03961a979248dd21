/// Thrown by ``Deadline/run(after:onExpiry:_:)`` when the work did not finish in time.
struct DeadlineExpired: Error {}

/// Work with a time limit, for what the task's cancellation alone cannot stop.
enum Deadline {
    /// Runs `work`; if it has not finished after `timeout` (never, for `nil`), calls `onExpiry` (to
    /// unblock what cancellation does not reach), cancels it, waits for it to end and throws
    /// ``DeadlineExpired``. Cancelling the calling task calls `onExpiry` too.
    static func run<Value: Sendable>(
        after timeout: Duration?, onExpiry: @Sendable () -> Void, _ work: @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withTaskCancellationHandler {
            guard let timeout else { return try await work() }
            return try await runTimed(after: timeout, onExpiry: onExpiry, work)
        } onCancel: {
            onExpiry()
        }
    }

    private static func runTimed<Value: Sendable>(
        after timeout: Duration, onExpiry: @Sendable () -> Void, _ work: @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withoutActuallyEscaping(work) { work in
            // The group waits for both children before it returns, so `work` does not outlive this call.
            try await withThrowingTaskGroup(of: Value?.self) { group in
                group.addTask { try await work() }
                group.addTask {
                    try? await Task.sleep(for: timeout)
                    return nil
                }
                // `nil` is the timer; the work's value is never `nil` here, even when `Value` is optional.
                if case .some(let value) = try await group.next()! {
                    group.cancelAll()
                    return value
                }
                if Task.isCancelled { throw CancellationError() }
                onExpiry()
                group.cancelAll()
                while (try? await group.next()) != nil {}
                throw DeadlineExpired()
            }
        }
    }
}
