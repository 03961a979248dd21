import Atomics
import TrellisSupport

/// What an ``AsyncShared`` cell holds once its value is known.
@usableFromInline
enum AsyncSharedOutcome<Value, Failure: Error> {
    case ready(Value)
    /// The build failed: every reader gets this error.
    case failed(Failure)
}

/// The states of an ``AsyncSharedCell``: its header's `state` word.
@usableFromInline
enum AsyncSharedState {
    /// The value is not known yet.
    @inlinable static var unknown: Int { 0 }
    /// A reader is storing the outcome.
    @inlinable static var storing: Int { 1 }
    /// The value is stored (the cell's element) and published.
    @inlinable static var ready: Int { 2 }
    /// The build's error is stored (the header's `failure`) and published.
    @inlinable static var failed: Int { 3 }
}

/// Who builds an ``AsyncSharedCell``'s value: its header's `work` word, when it is not the address of
/// a ``ReaderBuild``.
@usableFromInline
enum AsyncSharedWork {
    /// Nothing is started, and no reader has come.
    @inlinable static var none: Int { 0 }
    /// The header's `task` builds it.
    @inlinable static var task: Int { 1 }
}

/// The header of an ``AsyncSharedCell``. Not generic, so that a cell's `deinit` (which Swift never
/// specialises) destroys it without looking up generic metadata.
@usableFromInline
struct AsyncSharedHeader {
    /// An ``AsyncSharedState``: set with release ordering, read with acquire ordering.
    @usableFromInline var state: Int.AtomicRepresentation
    /// An ``AsyncSharedWork``, or the address of the ``ReaderBuild`` the cell keeps (retained): moved
    /// from `none` at most once, by `start` or by the first reader, with release ordering.
    @usableFromInline var work: Int.AtomicRepresentation
    /// The task that builds the value, its type erased (every `Task` is one reference to the same
    /// kind of object: the standard library declares it `@frozen` with that one stored property).
    /// Written once, by `start`, before `work` says `task`.
    @usableFromInline var task: Task<Never, Never>?
    /// The error of a failed build: written once, before `state` says `failed`.
    @usableFromInline var failure: (any Error)?

    @usableFromInline
    init(state: Int) {
        self.state = .init(state)
        work = .init(AsyncSharedWork.none)
        task = nil
        failure = nil
    }

    /// The state word of the header at `address`.
    @inlinable
    static func state(at address: UnsafeMutablePointer<Self>) -> UnsafeAtomic<Int> {
        let offset = MemoryLayout<Self>.offset(of: \Self.state)!
        return UnsafeAtomic(
            at: (UnsafeMutableRawPointer(address) + offset).assumingMemoryBound(to: Int.AtomicRepresentation.self))
    }

    /// The work word of the header at `address`.
    @inlinable
    static func work(at address: UnsafeMutablePointer<Self>) -> UnsafeAtomic<Int> {
        let offset = MemoryLayout<Self>.offset(of: \Self.work)!
        return UnsafeAtomic(
            at: (UnsafeMutableRawPointer(address) + offset).assumingMemoryBound(to: Int.AtomicRepresentation.self))
    }
}

/// One heap allocation holding an ``AsyncShared`` cell's state (the header) and, once known, its
/// value (the one element, initialised only in the `ready` state).
///
/// As ``OnDemandCell`` does, it keeps its atomic words in a managed buffer's header, whose address
/// never moves, so a cell is one allocation and a read of a known value is one acquiring load (a
/// plain load on x86 and ARM64's `ldar`) and a copy of the value: no lock, no task to await. The
/// methods are inlinable so that they are specialised for each member's type in the container's
/// module.
@usableFromInline
final class AsyncSharedCell<Value, Failure: Error>: ManagedBuffer<AsyncSharedHeader, Value> {
    @usableFromInline typealias Outcome = AsyncSharedOutcome<Value, Failure>
    @usableFromInline typealias BuildTask = Task<AsyncShared<Value, Failure>.Built, Failure>

    /// Who builds the value, once someone does.
    @usableFromInline
    enum Work {
        case task(BuildTask)
        case readers(ReaderBuild)
    }

    /// A cell, ready with `override` when one is given.
    @inlinable
    static func make(override: Value?) -> AsyncSharedCell {
        let state = override == nil ? AsyncSharedState.unknown : AsyncSharedState.ready
        let cell = unsafeDowncast(
            create(minimumCapacity: 1) { _ in AsyncSharedHeader(state: state) }, to: AsyncSharedCell.self)
        if let override { cell.withUnsafeMutablePointerToElements { $0.initialize(to: override) } }
        return cell
    }

    deinit {
        withUnsafeMutablePointers { header, value in
            // The last reference is going away: no other thread can be reading or storing.
            if AsyncSharedHeader.state(at: header).load(ordering: .relaxed) == AsyncSharedState.ready {
                _ = value.deinitialize(count: 1)
            }
            let work = AsyncSharedHeader.work(at: header).load(ordering: .relaxed)
            if work != AsyncSharedWork.none, work != AsyncSharedWork.task {
                Unmanaged<ReaderBuild>.fromOpaque(UnsafeRawPointer(bitPattern: work)!).release()
            }
        }
    }

    /// Whether nothing is known or under way: no override, no task, no reader.
    @inlinable
    var needsBuild: Bool {
        withUnsafeMutablePointerToHeader { header in
            AsyncSharedHeader.state(at: header).load(ordering: .acquiring) == AsyncSharedState.unknown
                && AsyncSharedHeader.work(at: header).load(ordering: .acquiring) == AsyncSharedWork.none
        }
    }

    /// Keeps the task that builds the value, unless the cell has a value, a task or readers already;
    /// then cancels it. Called by the container's initializer only, so no two calls overlap.
    @inlinable
    func start(_ task: BuildTask) {
        let kept = withUnsafeMutablePointerToHeader { header in
            let work = AsyncSharedHeader.work(at: header)
            guard
                AsyncSharedHeader.state(at: header).load(ordering: .acquiring) == AsyncSharedState.unknown,
                work.load(ordering: .acquiring) == AsyncSharedWork.none
            else { return false }
            // Nobody reads `task` before `work` says so, and only this call writes it.
            header.pointee.task = unsafeBitCast(task, to: Task<Never, Never>.self)
            // A reader that came meanwhile builds the value itself; the task is then not needed.
            return work.compareExchange(
                expected: AsyncSharedWork.none, desired: AsyncSharedWork.task, ordering: .releasing
            ).exchanged
        }
        if !kept { task.cancel() }
    }

    /// The outcome if it is known: the read every access makes first.
    @inlinable
    var knownOutcome: Outcome? {
        withUnsafeMutablePointers { header, value in
            switch AsyncSharedHeader.state(at: header).load(ordering: .acquiring) {
            case AsyncSharedState.ready: .ready(value.pointee)
            case AsyncSharedState.failed: .failed(header.pointee.failure as! Failure)
            default: nil
            }
        }
    }

    /// The outcome: known, or else awaited from the cell's task (`awaiting`), or built by this reader
    /// (`build`, in the reader's isolation), or awaited from the reader building it. Whoever learns
    /// it first stores it, so that later reads only load it.
    @inlinable
    func outcome(
        isolation: isolated (any Actor)?,
        awaiting: (Task<AsyncShared<Value, Failure>.Built, Failure>) async -> Outcome,
        building build: () async -> Outcome
    ) async -> Outcome {
        if let outcome = knownOutcome { return outcome }
        switch work() {
        case .task(let task):
            let outcome = await awaiting(task)
            store(outcome)
            return outcome
        case .readers(let readers):
            return await buildInReader(readers, isolation: isolation, build)
        }
    }

    /// Who builds the value: the task `start` kept, or the readers an earlier reader set up, or
    /// else new readers' bookkeeping, set up by this call.
    @inlinable
    func work() -> Work {
        withUnsafeMutablePointerToHeader { header in
            let word = AsyncSharedHeader.work(at: header)
            var work = word.load(ordering: .acquiring)
            if work == AsyncSharedWork.none {
                let readers = Unmanaged.passRetained(ReaderBuild())
                let (exchanged, original) = word.compareExchange(
                    expected: AsyncSharedWork.none, desired: Int(bitPattern: readers.toOpaque()),
                    successOrdering: .releasing, failureOrdering: .acquiring)
                if exchanged { return .readers(readers.takeUnretainedValue()) }
                readers.release()
                work = original
            }
            if work == AsyncSharedWork.task {
                return .task(unsafeBitCast(header.pointee.task.unsafelyUnwrapped, to: BuildTask.self))
            }
            return .readers(Unmanaged<ReaderBuild>.fromOpaque(UnsafeRawPointer(bitPattern: work)!).takeUnretainedValue())
        }
    }

    /// Stores `outcome` for every later read, unless another reader is storing (the same) one.
    @inlinable
    func store(_ outcome: Outcome) {
        withUnsafeMutablePointers { header, value in
            let state = AsyncSharedHeader.state(at: header)
            let (claimed, _) = state.compareExchange(
                expected: AsyncSharedState.unknown, desired: AsyncSharedState.storing, ordering: .relaxed)
            guard claimed else { return }
            switch outcome {
            case .ready(let built):
                value.initialize(to: built)
                state.store(AsyncSharedState.ready, ordering: .releasing)
            case .failed(let error):
                header.pointee.failure = error
                state.store(AsyncSharedState.failed, ordering: .releasing)
            }
        }
    }

    /// The slow path of a cell nothing was started for: the first reader builds and stores the
    /// value; readers arriving meanwhile wait, then read what it stored.
    @usableFromInline
    func buildInReader(_ readers: ReaderBuild, isolation: isolated (any Actor)?, _ build: () async -> Outcome) async
        -> Outcome
    {
        while true {
            if let outcome = knownOutcome { return outcome }
            if readers.claim() {
                // A build that ended between the check above and the claim stored its outcome first.
                if let outcome = knownOutcome {
                    readers.finish()
                    return outcome
                }
                let outcome = await build()
                // The only writer: a cell with readers has no task, and an override never gets here.
                store(outcome)
                readers.finish()
                return outcome
            }
            await withUnsafeContinuation(isolation: isolation) { (waiter: UnsafeContinuation<Void, Never>) in
                if !readers.wait(waiter) { waiter.resume() }
            }
        }
    }
}

/// The bookkeeping of a reader's build: whether one is under way, and who waits for it.
///
/// `@unchecked Sendable`: `isBuilding` and `waiters` are touched only while holding `lock`.
@usableFromInline
final class ReaderBuild: @unchecked Sendable {
    private let lock = PlatformLock()
    private var isBuilding = false
    private var waiters: [UnsafeContinuation<Void, Never>] = []

    @usableFromInline init() {}

    /// Whether the caller is the reader that builds (no other build was under way).
    @usableFromInline
    func claim() -> Bool {
        lock.withLock {
            guard !isBuilding else { return false }
            isBuilding = true
            return true
        }
    }

    /// Queues `waiter` for the end of the build under way; false when none is (the caller resumes it).
    @usableFromInline
    func wait(_ waiter: UnsafeContinuation<Void, Never>) -> Bool {
        lock.withLock {
            guard isBuilding else { return false }
            waiters.append(waiter)
            return true
        }
    }

    /// Ends the build and resumes everyone who waited for it.
    @usableFromInline
    func finish() {
        let resumed = lock.withLock {
            isBuilding = false
            defer { waiters = [] }
            return waiters
        }
        for waiter in resumed { waiter.resume() }
    }
}
