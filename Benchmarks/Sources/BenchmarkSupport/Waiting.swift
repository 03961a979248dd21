import Dispatch

/// Runs `body` in a detached task and blocks the calling thread until it ends: how a harness times
/// async work with the synchronous ``Timing`` functions. Call it once per batch, so that the wait
/// (tens of microseconds) is spread over a batch of about 20 ms.
public func waitFor(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await body()
        done.signal()
    }
    done.wait()
}
