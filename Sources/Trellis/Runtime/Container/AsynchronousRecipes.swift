import Atomics
import TrellisSupport

/// A recipe whose factory is `async`.
///
/// Restates `@unchecked Sendable` from `AnyRecipe`; see the safety argument there.
class AsynchronousRecipe<Value>: AnyRecipe, @unchecked Sendable {
    init() {
        super.init(isAsynchronous: true)
    }

    /// The value, or `nil` when a failable factory returned `nil`.
    func produce(_ key: InstanceKey, engine: ResolutionEngine) async throws(ResolutionError) -> Value? {
        preconditionFailure("\(Self.self) must override produce(_:engine:)")
    }
}

/// Runs an async user factory, passing resolution errors through and wrapping every other error.
func runAsynchronousFactory<Value>(
    _ key: InstanceKey,
    _ body: () async throws -> Value
) async throws(ResolutionError) -> Value {
    do {
        return try await body()
    } catch let error as ResolutionError {
        throw error
    } catch {
        throw .factoryFailed(type: key.description, underlying: error)
    }
}

/// Builds a new value on every load, with `await`.
///
/// Restates `@unchecked Sendable` from `AnyRecipe`; see the safety argument there.
final class AsynchronousTransientRecipe<Value>: AsynchronousRecipe<Value>, @unchecked Sendable {
    private let make: @Sendable (Resolver) async throws -> Value?

    init(_ make: @escaping @Sendable (Resolver) async throws -> Value?) {
        self.make = make
    }

    override func fresh() -> AnyRecipe { self }

    override func produce(_ key: InstanceKey, engine: ResolutionEngine) async throws(ResolutionError) -> Value? {
        let steps = AsynchronousResolutionPath.steps
        try AsynchronousResolutionPath.checkForCycle(key, in: steps)
        let inner = steps + [AsynchronousResolutionStep(key: key, isSingletonCreation: false)]
        return try await runAsynchronousFactory(key) {
            try await AsynchronousResolutionPath.$steps.withValue(inner) {
                try await make(Resolver(engine: engine))
            }
        }
    }
}

/// Builds its value once, with `await`, and returns that same value afterwards.
///
/// The first load starts one creation task; every concurrent load awaits that same task, so the
/// factory runs exactly once. A task that waits for another task's creation while itself creating
/// a singleton records the wait in the container's ``CreationWaitGraph``; a wait that would close
/// a loop (task 1 creates A and waits for B, task 2 creates B and waits for A) is reported as a
/// cycle instead of deadlocking. A failed creation is forgotten, so a later load tries again.
///
/// Restates `@unchecked Sendable` from `AnyRecipe`; see the safety argument there.
final class AsynchronousSingletonRecipe<Value: Sendable>: AsynchronousRecipe<Value>, @unchecked Sendable {
    private let make: @Sendable (Resolver) async throws -> Value
    private let instance = ManagedAtomicLazyReference<PublishedInstance<Value>>()
    private let creation = Locked<Task<Value, any Error>?>(nil)

    init(_ make: @escaping @Sendable (Resolver) async throws -> Value) {
        self.make = make
    }

    override func fresh() -> AnyRecipe { AsynchronousSingletonRecipe(make) }

    override func produce(_ key: InstanceKey, engine: ResolutionEngine) async throws(ResolutionError) -> Value? {
        if let box = instance.load() { return box.value }
        let steps = AsynchronousResolutionPath.steps
        try AsynchronousResolutionPath.checkForCycle(key, in: steps)
        let creationSteps = steps + [AsynchronousResolutionStep(key: key, isSingletonCreation: true)]
        let (task, isJoining) = creation.withLock { state -> (Task<Value, any Error>?, Bool) in
            if instance.load() != nil { return (nil, false) }
            if let running = state { return (running, true) }
            let started = Task { [make, instance, creation] () async throws -> Value in
                do {
                    let value = try await runAsynchronousFactory(key) {
                        try await AsynchronousResolutionPath.$steps.withValue(creationSteps) {
                            try await make(Resolver(engine: engine))
                        }
                    }
                    let stored = instance.storeIfNilThenLoad(PublishedInstance(value)).value
                    creation.withLock { $0 = nil }
                    return stored
                } catch {
                    creation.withLock { $0 = nil }
                    throw error
                }
            }
            state = started
            return (started, false)
        }
        guard let task else {
            // Published between the fast-path read and taking the lock.
            return instance.load()?.value
        }
        let waitIdentifier = isJoining ? try engine.waitGraph.beginWaiting(steps: steps, target: key) : nil
        defer {
            if let waitIdentifier { engine.waitGraph.endWaiting(waitIdentifier) }
        }
        do {
            return try await task.value
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw .factoryFailed(type: key.description, underlying: error)
        }
    }
}
