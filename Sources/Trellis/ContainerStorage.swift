/// The stored values of a struct container that builds members on first access, kept in one
/// reference.
///
/// Swift copies a struct to call a getter on it through a `var` or a pointer, and a getter that may
/// build a member needs the whole container. Kept here, the container is one reference wide, so
/// that copy costs one pointer, not one retain per member, and an `.onDemand` read stays as cheap as
/// reading a stored property however many members the container has.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
public final class ContainerStorage<Values> {
    /// The container's stored values; never changed after creation.
    public let values: Values

    /// Keeps `values`.
    @inlinable
    public init(_ values: Values) {
        self.values = values
    }
}

extension ContainerStorage: Sendable where Values: Sendable {}
