import TrellisSupport

@testable import Trellis

/// Counts events from any thread (factory constructions, running nodes).
final class Counter: Sendable {
    private let state = Locked((current: 0, maximum: 0))

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int {
        state.withLock { state in
            state.current += 1
            state.maximum = max(state.maximum, state.current)
            return state.current
        }
    }

    /// Removes one (for counting things running at the same time).
    func decrement() {
        state.withLock { $0.current -= 1 }
    }

    var value: Int { state.withLock { $0.current } }
    /// The highest value ever reached.
    var maximum: Int { state.withLock { $0.maximum } }
}

/// An ordered log of events written from any thread.
final class EventLog: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] { entries.withLock { $0 } }
}

struct GateTimedOut: Error, CustomStringConvertible {
    let name: String
    var description: String { "gate '\(name)' was not opened in time: the code under test never got there" }
}

/// A one-shot signal between tasks. Waiting gives up (throws) after a generous bound, so that a
/// broken implementation fails the test instead of hanging it; no test asserts on time.
actor Gate {
    private let name: String
    private var isOpen = false
    private var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var nextWaiter = 0

    init(_ name: String) {
        self.name = name
    }

    func open() {
        isOpen = true
        for waiter in waiters.values { waiter.resume() }
        waiters.removeAll()
    }

    func wait(bound: Duration = .seconds(20)) async throws {
        if isOpen { return }
        let identifier = nextWaiter
        nextWaiter += 1
        let timeout = Task { [weak self] in
            try await Task.sleep(for: bound)
            await self?.expire(identifier)
        }
        defer { timeout.cancel() }
        try await withCheckedThrowingContinuation { continuation in
            waiters[identifier] = continuation
        }
    }

    private func expire(_ identifier: Int) {
        waiters.removeValue(forKey: identifier)?.resume(throwing: GateTimedOut(name: name))
    }
}

/// Waits for `body` or fails after a generous bound, so that a deadlock fails the test instead of
/// hanging it. `body` runs in an unstructured task: a structured one would have to be awaited
/// even after the bound, which is exactly the hang this guards against.
func withDeadlockGuard<Result: Sendable>(
    bound: Duration = .seconds(20),
    _ body: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let pending = Locked<CheckedContinuation<Result, any Error>?>(nil)
    @Sendable func finish(_ outcome: Swift.Result<Result, any Error>) {
        pending.withLock { continuation in
            continuation?.resume(with: outcome)
            continuation = nil
        }
    }
    return try await withCheckedThrowingContinuation { continuation in
        pending.withLock { $0 = continuation }
        let work = Task {
            do { finish(.success(try await body())) } catch { finish(.failure(error)) }
        }
        Task {
            try? await Task.sleep(for: bound)
            finish(.failure(GateTimedOut(name: "deadlock guard")))
            work.cancel()
        }
    }
}
