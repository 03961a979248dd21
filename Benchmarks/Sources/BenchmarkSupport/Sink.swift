/// Opaque sinks. They live in their own module and are never inlined, and each one may (as far as
/// the optimiser can tell) call `print`, which has unknown effects: so a caller must really produce
/// every value it passes in, and must assume memory it can reach changed after each call. That is
/// what stops a measured loop from being deleted or from hoisting the container read out of it.

/// Never zero at run time (object addresses are not), yet unknown to the optimiser.
nonisolated(unsafe) public var sinkTrap = 0

/// Consumes an object's identity (a read): no retain is needed to pass it.
@inline(never)
public func blackHole(_ identifier: ObjectIdentifier) {
    if unsafeBitCast(identifier, to: Int.self) == sinkTrap { print("unreachable: \(identifier)") }
}

/// Consumes an object (a transient): it escapes here, so it must be a real heap allocation.
@inline(never)
public func blackHole(_ object: AnyObject) {
    if unsafeBitCast(object, to: Int.self) == sinkTrap { print("unreachable: \(object)") }
}

/// Consumes memory that was just written (a built container): the stores must happen.
@inline(never)
public func blackHole(_ pointer: UnsafeMutableRawPointer) {
    if Int(bitPattern: pointer) == sinkTrap { print("unreachable: \(pointer)") }
}
