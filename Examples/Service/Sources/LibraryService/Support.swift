import NIOConcurrencyHelpers

/// A value that many wait for and one sets, once: the schema's outcome, the server's port, whether
/// the database could be opened. A waiter whose task is cancelled stops waiting (with
/// `CancellationError`), so that a graceful shutdown never waits for something that will not come.
final class Promise<Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, any Error>?
        var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
        var nextWaiter = 0
    }

    private let state = NIOLockedValueBox(State())

    /// The value once it is set (at once if it is); throws what it was finished with.
    func wait() async throws -> Value {
        let ready = state.withLockedValue { state -> (result: Result<Value, any Error>?, id: Int) in
            if let result = state.result { return (result, 0) }
            state.nextWaiter += 1
            return (nil, state.nextWaiter)
        }
        if let result = ready.result { return try result.get() }
        let id = ready.id
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLockedValue { state -> Result<Value, any Error>? in
                    if let result = state.result { return result }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            state.withLockedValue { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Sets the outcome and wakes every waiter; later calls change nothing.
    func finish(_ result: Result<Value, any Error>) {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<Value, any Error>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }
}

/// `words` 64-bit words from the system's random generator, as 16 hex digits each: request ids and
/// member tokens.
func randomHex(words: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<words).map { _ in
        let text = String(generator.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }.joined()
}
