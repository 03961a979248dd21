/// The storage of a `.shared` member built by an `asyncFactory`.
///
/// Who builds the value depends on the container:
/// - In a container that is `Sendable` (declared so, inferred by Swift for an internal struct whose
///   stored values all are, or isolated to a global actor), the generated initializer starts each
///   member's build in a task as soon as the container exists (``start(_:)``, ``AsyncStart``), so
///   independent members build concurrently and each waits only for the members it reads.
/// - In any other container, whose values may not cross tasks, nothing is started: the first
///   reader builds the value in its own task and isolation, and readers that arrive meanwhile wait
///   for it. No value then has to be `Sendable`.
///
/// Either way, every read returns the same instance (or rethrows the same error), and once one
/// reader has it, later reads load it without awaiting anything. A value passed to the initializer
/// as an override is stored ready and never built. Copies share one cell.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public struct AsyncShared<Value, Failure: Error> {
    /// A built value on its way out of the task that built it. `Sendable` without a check: a task is
    /// only started for a cell of a `Sendable` container, whose values are `Sendable` (the generated
    /// code checks each member's type where the container declares `Sendable`; Swift infers the
    /// conformance only when they all are), or of a container isolated to a global actor, whose
    /// tasks and readers share that actor.
    public struct Built: @unchecked Sendable {
        /// The value the member's factory returned.
        public let value: Value

        /// Wraps the value a build task returns.
        @inlinable
        public init(_ value: Value) { self.value = value }
    }

    @usableFromInline let cell: AsyncSharedCell<Value, Failure>

    /// Creates the storage, ready with `override` when one is given.
    @inlinable
    public init(override: Value?) {
        cell = AsyncSharedCell.make(override: override)
    }

    /// Whether the value is known without building it (an override was given).
    @inlinable
    public var needsBuild: Bool { cell.needsBuild }

    /// Hands the cell the task that builds its value. Only the first call has an effect; a task
    /// handed to a cell that already has a value is cancelled.
    @inlinable
    public func start(_ task: Task<Built, Failure>) {
        cell.start(task)
    }

    /// `value` wrapped for the task that built it, asked of the cell itself, so that the task's
    /// result type is known from the cell: the generated code names no type there, and a member
    /// whose type does not exist is reported only where it is written.
    @inlinable
    public func built(_ value: Value) -> Built { Built(value) }
}

/// The cell shares its value between the tasks that read it, so it is `Sendable` when the value is.
extension AsyncShared: @unchecked Sendable where Value: Sendable {}

/// ``AsyncShared`` with the requirement that its value is `Sendable`. No longer used by generated
/// code (a container that is not `Sendable` may now hold values that are not); kept for code that
/// named it.
public typealias SendableAsyncShared<Value: Sendable, Failure: Error> = AsyncShared<Value, Failure>

// Two constrained methods rather than one `throws(Failure)` method: Swift 6.3's SIL generation
// crashes on a generic typed-throws getter instantiated with `Never`.
extension AsyncShared where Failure == Never {
    /// The member's value, once built. Runs in the caller's isolation (`isolation`, by default the
    /// caller's own), so a main-actor container reads its cells without leaving the main actor.
    /// `build` builds it when nothing was started for the cell (see ``AsyncShared``).
    @inlinable
    public func value(isolation: isolated (any Actor)? = #isolation, building build: () async -> Value) async -> Value {
        let outcome = await cell.outcome(
            isolation: isolation, awaiting: { .ready(await $0.value.value) }, building: { .ready(await build()) })
        switch outcome {
        case .ready(let value): return value
        case .failed: preconditionFailure("Trellis: a member whose factory cannot throw failed")
        }
    }

    /// The member's value, once built by the task ``start(_:)`` was given (or an override).
    @inlinable
    public func value(isolation: isolated (any Actor)? = #isolation) async -> Value {
        await value(isolation: isolation, building: { preconditionFailure(Self.neverStarted) })
    }
}

extension AsyncShared where Failure == any Error {
    /// The member's value, once built; rethrows the factory's error to every reader. Runs in the
    /// caller's isolation, as the non-throwing one does; `build` builds it when nothing was
    /// started for the cell.
    @inlinable
    public func value(isolation: isolated (any Actor)? = #isolation, building build: () async throws -> Value)
        async throws -> Value
    {
        let outcome = await cell.outcome(
            isolation: isolation,
            awaiting: { task in
                do { return .ready(try await task.value.value) } catch { return .failed(error) }
            },
            building: {
                do { return .ready(try await build()) } catch { return .failed(error) }
            })
        switch outcome {
        case .ready(let value): return value
        case .failed(let error): throw error
        }
    }

    /// The member's value, once built by the task ``start(_:)`` was given (or an override).
    @inlinable
    public func value(isolation: isolated (any Actor)? = #isolation) async throws -> Value {
        try await value(isolation: isolation, building: { preconditionFailure(Self.neverStarted) })
    }
}

extension AsyncShared {
    @usableFromInline
    static var neverStarted: String {
        "Trellis: an async shared member was read before its container started building it"
    }
}

/// Starts the builds of a container's async `.shared` members when the container is `Sendable`,
/// and leaves them to their first readers otherwise (see ``AsyncShared``).
///
/// The generated initializer asks for a starter in a statement of its own, so that the compiler
/// chooses between the two overloads by the container's conformance alone: one that Swift infers
/// for an internal struct whose stored values are all `Sendable` counts too.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public enum AsyncStart {
    /// A starter that starts build tasks reading `container`, which may cross tasks.
    @inlinable
    public static func starter<Container: Sendable>(for container: Container) -> SendableContainerStarter<Container> {
        SendableContainerStarter(container: container)
    }

    /// A starter that starts nothing: `container` may not cross tasks, so each member is built by
    /// its first reader.
    @inlinable
    public static func starter<Container>(for container: Container) -> ReaderBuiltStarter<Container> {
        ReaderBuiltStarter()
    }
}

/// Starts each build in a task that reads the (`Sendable`) container. See ``AsyncStart``.
public struct SendableContainerStarter<Container: Sendable> {
    @usableFromInline let container: Container

    @inlinable
    init(container: Container) { self.container = container }

    /// Starts building `cell`'s value with `build`, unless it has one (an override).
    @inlinable
    public func start<Value>(
        _ cell: AsyncShared<Value, Never>, _ build: @escaping @Sendable (Container) async -> Value
    ) {
        guard cell.needsBuild else { return }
        cell.start(Task { [container] in .init(await build(container)) })
    }

    /// Starts building `cell`'s value with the throwing `build`, unless it has one (an override).
    @inlinable
    public func start<Value>(
        _ cell: AsyncShared<Value, any Error>, _ build: @escaping @Sendable (Container) async throws -> Value
    ) {
        guard cell.needsBuild else { return }
        cell.start(Task { [container] in .init(try await build(container)) })
    }
}

/// Starts nothing: the container is not `Sendable`, so its first reader builds each member. See
/// ``AsyncStart``.
public struct ReaderBuiltStarter<Container> {
    @inlinable
    init() {}

    /// Does nothing: `cell`'s first reader builds its value.
    @inlinable
    public func start<Value>(_ cell: AsyncShared<Value, Never>, _ build: (Container) async -> Value) {}

    /// Does nothing: `cell`'s first reader builds its value.
    @inlinable
    public func start<Value>(_ cell: AsyncShared<Value, any Error>, _ build: (Container) async throws -> Value) {}
}

/// Names a type that must be `Sendable`: the generated code of a `Sendable` container names
/// `SendableValue<T>` for each member's type `T`, on the member's line, so that the compiler reports
/// a type that is not `Sendable` there, once.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public enum SendableValue<Value: Sendable> {}
