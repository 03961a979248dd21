/// A value that many wait for and one sets, once: the schema's outcome, the server's port.
actor Promise<Value: Sendable> {
    private var result: Result<Value, any Error>?
    private var waiters: [CheckedContinuation<Value, any Error>] = []

    func wait() async throws -> Value {
        if let result { return try result.get() }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    func finish(_ result: Result<Value, any Error>) {
        guard self.result == nil else { return }
        self.result = result
        for waiter in waiters { waiter.resume(with: result) }
        waiters = []
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
