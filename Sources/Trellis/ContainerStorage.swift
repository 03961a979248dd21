/// The stored values of a struct container, kept in one reference.
///
/// Swift copies a struct to call a getter on it, and a getter that may build a member needs the
/// whole container. In a debug (`-Onone`) build that copy also retains and releases every stored
/// value, so reading one member would cost in proportion to the container's size (Benchmarks/results
/// has the figures). Kept here, the container is one reference wide: the copy costs one pointer, and
/// reading any member (stored, `.onDemand`, a child) stays as cheap as reading a stored property
/// however many members the container has.
/// The getters read `values` through the reference itself.
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
