/// The lifetime of a member of a `@DIContainer`.
///
/// - ``input``: supplied by whoever creates the container, as a required initializer parameter.
/// - ``shared``: built once per container instance (when the container is created); every access
///   returns that same instance.
/// - ``transient``: built anew on every access.
public enum DIScope: Sendable, Hashable {
    /// Supplied from outside as a required initializer parameter; no factory is allowed.
    case input
    /// Built once per container instance; every access returns the same instance.
    case shared
    /// Built anew on every access.
    case transient
}
