import Atomics

/// The storage of a `.shared` member built by an `asyncFactory`.
///
/// The generated initializer creates one cell per such member, then starts each member's build in
/// a task as soon as the container exists, so independent members build concurrently and each
/// waits only for the members it reads. Reading `value` awaits the build; every read returns the
/// same instance (or the same error). A value passed to the initializer as an override is stored
/// ready, and no task is started for it.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public final class AsyncShared<Value: Sendable, Failure: Error>: Sendable {
    fileprivate enum State: Sendable {
        case ready(Value)
        case building(Task<Value, Failure>)
    }

    private final class Box: Sendable {
        let state: State
        init(_ state: State) { self.state = state }
    }

    // Set at most once (by the override or by `start`), then only read; the atomic lazy reference
    // publishes it with release/acquire ordering, so reads need no lock.
    private let cell = ManagedAtomicLazyReference<Box>()

    /// Creates the storage, ready with `override` when one is given.
    public init(override: Value?) {
        if let override { _ = cell.storeIfNilThenLoad(Box(.ready(override))) }
    }

    /// Whether the value is known without building it (an override was given).
    public var needsBuild: Bool { cell.load() == nil }

    /// Hands the cell the task that builds its value. Only the first call has an effect; a task
    /// handed to a cell that already has a value is cancelled.
    public func start(_ task: Task<Value, Failure>) {
        let box = Box(.building(task))
        if cell.storeIfNilThenLoad(box) !== box { task.cancel() }
    }

    fileprivate var state: State {
        guard let box = cell.load() else {
            preconditionFailure("Trellis: an async shared member was read before its container started building it")
        }
        return box.state
    }
}

// Two constrained getters rather than one `throws(Failure)` getter: Swift 6.3's SIL generation
// crashes on a generic typed-throws getter instantiated with `Never`.
extension AsyncShared where Failure == Never {
    /// The member's value, once built.
    public var value: Value {
        get async {
            switch state {
            case .ready(let value): value
            case .building(let task): await task.value
            }
        }
    }
}

extension AsyncShared where Failure == any Error {
    /// The member's value, once built; rethrows the factory's error to every reader.
    public var value: Value {
        get async throws {
            switch state {
            case .ready(let value): value
            case .building(let task): try await task.value
            }
        }
    }
}
