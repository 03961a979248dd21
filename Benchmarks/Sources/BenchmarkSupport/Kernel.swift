/// One (contender, operation) pair at one graph size.
///
/// A measured kernel's `prepare` builds its container (untimed) and returns the batch runner:
/// `run(iterations)` performs the operation `iterations` times. A pending kernel has no code yet;
/// it is listed in the results so the table shows the row without inventing figures.
public struct Kernel {
    public let members: Int
    public let contender: String
    public let operation: String
    public let prepare: (() -> (Int) -> Void)?
    public let pendingReason: String?

    public init(members: Int, contender: String, operation: String, prepare: @escaping () -> (Int) -> Void) {
        self.members = members
        self.contender = contender
        self.operation = operation
        self.prepare = prepare
        self.pendingReason = nil
    }

    public init(members: Int, contender: String, operation: String, pending reason: String) {
        self.members = members
        self.contender = contender
        self.operation = operation
        self.prepare = nil
        self.pendingReason = reason
    }
}

/// Keeps a container in heap memory that the measured loop reads through a pointer. The pointer
/// escapes (it is captured by the runner the harness holds), so after every opaque sink the loop
/// must load the container again: the read cannot be hoisted out of the loop, and every contender
/// is read the same way.
public final class Slot<Value> {
    public let pointer: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
