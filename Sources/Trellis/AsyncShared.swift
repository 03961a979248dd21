import Atomics

/// The storage of a `.shared` member built by an `asyncFactory`.
///
/// The generated initializer creates one cell per such member, then starts each member's build in
/// a task as soon as the container exists, so independent members build concurrently and each
/// waits only for the members it reads. Reading `value(isolation:)` awaits the build; every read
/// returns the same instance (or the same error). A value passed to the initializer as an override
/// is stored ready, and no task is started for it.
///
/// The value crosses tasks, so it must be `Sendable`. The generated code declares each cell through
/// ``SendableAsyncShared``, which requires it on the member's own line; the cell itself is
/// `Sendable` exactly when its value is, and its other uses ask nothing more, so a member whose type
/// is not `Sendable` gets one error, where the user declared it, rather than one in each place the
/// generated code touches the cell.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public final class AsyncShared<Value, Failure: Error> {
    /// A built value on its way out of the task that built it. `Sendable` without a check: a cell is
    /// declared through ``SendableAsyncShared``, so its value is.
    public struct Built: @unchecked Sendable {
        /// The value the member's factory returned.
        public let value: Value

        /// Wraps the value a build task returns.
        @inlinable
        public init(_ value: Value) { self.value = value }
    }

    @usableFromInline
    enum State {
        case ready(Value)
        case building(Task<Built, Failure>)
    }

    // Immutable once made; shared between tasks only as far as the cell itself is (see below).
    @usableFromInline
    final class Box: @unchecked Sendable {
        @usableFromInline let state: State
        @inlinable init(_ state: State) { self.state = state }
    }

    // Set at most once (by the override or by `start`), then only read; the atomic lazy reference
    // publishes it with release/acquire ordering, so reads need no lock. Inlinable, as `OnDemand`
    // is, so that a read is specialized in the container's module instead of going through the
    // generic entry points.
    @usableFromInline let cell = ManagedAtomicLazyReference<Box>()

    /// Creates the storage, ready with `override` when one is given.
    @inlinable
    public init(override: Value?) {
        if let override { _ = cell.storeIfNilThenLoad(Box(.ready(override))) }
    }

    /// Whether the value is known without building it (an override was given).
    @inlinable
    public var needsBuild: Bool { cell.load() == nil }

    /// Hands the cell the task that builds its value. Only the first call has an effect; a task
    /// handed to a cell that already has a value is cancelled.
    @inlinable
    public func start(_ task: Task<Built, Failure>) {
        let box = Box(.building(task))
        if cell.storeIfNilThenLoad(box) !== box { task.cancel() }
    }

    @inlinable
    var state: State {
        guard let box = cell.load() else {
            preconditionFailure("Trellis: an async shared member was read before its container started building it")
        }
        return box.state
    }
}

/// The cell shares its value between the tasks that read it, so it is `Sendable` when the value is.
extension AsyncShared: @unchecked Sendable where Value: Sendable {}

/// ``AsyncShared`` with the requirement every async member meets: its value is `Sendable`. The
/// generated storage declares each cell with this name, on the member's line.
public typealias SendableAsyncShared<Value: Sendable, Failure: Error> = AsyncShared<Value, Failure>

// Two constrained methods rather than one `throws(Failure)` method: Swift 6.3's SIL generation
// crashes on a generic typed-throws getter instantiated with `Never`.
extension AsyncShared where Failure == Never {
    /// The member's value, once built. Runs in the caller's isolation (`isolation`, by default the
    /// caller's own), so a main-actor container reads its cells without leaving the main actor.
    @inlinable
    public func value(isolation: isolated (any Actor)? = #isolation) async -> Value {
        switch state {
        case .ready(let value): value
        case .building(let task): await task.value.value
        }
    }
}

extension AsyncShared where Failure == any Error {
    /// The member's value, once built; rethrows the factory's error to every reader. Runs in the
    /// caller's isolation, as the non-throwing one does.
    @inlinable
    public func value(isolation: isolated (any Actor)? = #isolation) async throws -> Value {
        switch state {
        case .ready(let value): value
        case .building(let task): try await task.value.value
        }
    }
}
