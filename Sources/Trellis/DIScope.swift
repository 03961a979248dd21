/// The lifetime of a member of a `@DIContainer`.
///
/// - ``input``: supplied by whoever creates the container, as a required initializer parameter.
/// - ``argument``: supplied by whoever creates a scope container, as a parameter of its
///   `init(dependencies:…)` beside the value providing its `.input` members; the
///   `@Assisted(.scope)` function that creates the scope passes its own arguments.
/// - ``shared``: built once per container instance (when the container is created); every access
///   returns that same instance.
/// - ``transient``: built anew on every access.
/// - ``onDemand``: shared, but built on first access rather than when the container is created.
/// - ``child``: an owned child container, built on first access from this container, which
///   provides what the child needs (declare `: <Child>Dependencies` on this container).
/// - ``forwardingChild``: an owned child container whose needs this container passes up to its own
///   owner (this container's `Dependencies` protocol includes the child's).
/// - ``collection``: built on every read from the members that contribute to it (`into:`,
///   `elementsInto:`): an array in declaration order, a set, or a dictionary keyed by `key:`.
public enum DIScope: Sendable, Hashable, CaseIterable {
    /// Supplied from outside as a required initializer parameter; no factory is allowed.
    case input
    /// Supplied by whoever creates a scope container (a request id, the caller's identity): a
    /// parameter of the generated `init(dependencies:…)`, left out of `<Name>Dependencies`, so the
    /// container that provides the scope's needs does not provide these. No factory is allowed.
    case argument
    /// Built once per container instance; every access returns the same instance.
    case shared
    /// Built anew on every access.
    case transient
    /// Built once, on first access (exactly once even when many threads ask at the same moment);
    /// later reads do not build it again and cost one atomic load and the value's retain, like a
    /// `lazy var`, whatever the container's size.
    case onDemand
    /// An owned child container: built once on first access, lives as long as this container. This
    /// container provides the child's needs from its own members.
    case child
    /// An owned child container whose needs are provided by this container's own owner.
    case forwardingChild
    /// A collection of the members that contribute to it with `into: \Self.<name>` (one element each,
    /// or one entry with `key:` in a dictionary) or `elementsInto: \Self.<name>` (all the elements
    /// of an array or set member), built on every read, in declaration order. Its type is `[T]`,
    /// `Set<T>` or `[Key: T]`; it takes no factory. A collection without contributions is a
    /// compile-time error unless it is declared with `allowsEmpty: true`.
    case collection
}
