import Atomics

/// A member's value, got when the holder chooses: many times, later, or never.
///
/// A factory parameter declared `Provider<T>` and named after a member receives a provider of that
/// member instead of its value:
///
/// ```swift
/// @Provide(.shared, factory: { (handler: Provider<any Handler>) in Router(makeHandler: handler) })
/// var router: any Router
/// ```
///
/// Each call returns what reading the member returns: a new instance of a `.transient` member, the
/// container's one instance of any other. Nothing is read while the holder is built, so a provider
/// orders nothing at construction and closes no dependency cycle (a member may hold a provider of a
/// member that reads it). `trellis graph` draws such a read as a dashed edge.
///
/// A provider refers to its container weakly: the container keeps the members that hold its
/// providers, and a strong reference would keep it alive for ever. Call it while the container
/// exists; a call after the container is released, or from the factory while the container is still
/// being created, stops the program with a message naming the member.
public struct Provider<Value>: Sendable {
    @usableFromInline let get: @Sendable () -> Value

    /// A provider whose calls return `get()`. `@DIContainer` creates the providers of its members;
    /// create one yourself to pass a value to a member's factory in a test.
    @inlinable
    public init(_ get: @escaping @Sendable () -> Value) {
        self.get = get
    }

    /// The member's value: a new one for a `.transient` member, the container's one otherwise.
    @inlinable
    public func callAsFunction() -> Value { get() }
}

/// A member's value, got on the first call and kept: for a member that may never be needed.
///
/// A factory parameter declared `Lazy<T>` and named after a member receives it. The first call
/// reads the member (building a `.transient` or `.onDemand` one) and every later call returns that
/// same value, exactly once even when several threads call at the same moment; copies of a `Lazy`
/// share what it got. Like ``Provider``, it orders nothing at construction, closes no cycle, and
/// refers to its container weakly.
public struct Lazy<Value> {
    @usableFromInline let cell: OnDemand<Value>
    @usableFromInline let get: @Sendable () -> Value

    /// A lazy value got by `get` on the first call. `@DIContainer` creates the lazy values of its
    /// members; create one yourself to pass a value to a member's factory in a test.
    @inlinable
    public init(_ get: @escaping @Sendable () -> Value) {
        cell = OnDemand(override: nil)
        self.get = get
    }

    /// The value: got on the first call, then kept.
    @inlinable
    public func callAsFunction() -> Value { cell.value(building: get) }
}

extension Lazy: Sendable where Value: Sendable {}

/// How a container's providers reach it without keeping it alive: bound to the container (to the
/// one reference a struct container keeps its values in, or to a class container itself) when its
/// initializer ends, and read weakly from then on.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
/// `@unchecked Sendable`: `reference` and `make` are written once, by the initializer's one `bind`,
/// before a releasing store marks the link bound; they are read only after an acquiring load saw that
/// mark, and never written again (the runtime reads and clears a weak reference atomically).
public final class ContainerLink<Container, Reference: AnyObject>: @unchecked Sendable {
    // A `LinkState`. The first stored property, so that `state` finds it where the standard library
    // says a class's stored properties start, as swift-atomics' `ManagedAtomic` finds its own: an
    // atomic word inside the link, rather than an object of its own (a `ManagedAtomicLazyReference`,
    // whose methods are neither inlinable nor specialised, looked up generic metadata on every
    // container created).
    @usableFromInline var stateStorage = Int.AtomicRepresentation(LinkState.unbound)

    // Unchecked: written once before the link is marked bound and read only after (see above), so no
    // access overlaps a write; a dynamic check would cost more than the rest of a provider's call.
    @exclusivity(unchecked) @usableFromInline weak var reference: Reference?
    @exclusivity(unchecked) @usableFromInline var make: ((consuming Reference) -> Container)?

    /// A link not bound yet: made when the initializer starts, bound when it ends.
    @inlinable
    public init() {}

    /// Binds the link to `reference`, from which `make` gives the container (taking the reference
    /// it is handed, so that a provider's call retains it once). Called once, by the initializer
    /// that made the link, when it ends; a later call changes nothing.
    @inlinable
    public func bind(_ reference: Reference, make: @escaping (consuming Reference) -> Container) {
        // Only the initializer that made the link binds it, so nothing else writes the word: a plain
        // check instead of a compare-and-exchange, which every container created would pay for.
        guard state.load(ordering: .relaxed) == LinkState.unbound else { return }
        self.reference = reference
        self.make = make
        state.store(LinkState.bound, ordering: .releasing)
    }

    /// The container, for a provider of `member` to read it from. Specialised in the caller, so a
    /// call costs an acquiring load (a plain load on x86 and ARM64's `ldar`), the weak load that
    /// retains the reference, and the getter's own work.
    @inlinable
    public func container(providing member: StaticString) -> Container {
        guard state.load(ordering: .acquiring) == LinkState.bound else { Self.unbound(member) }
        guard let reference else { Self.released(member) }
        return make!(reference)
    }

    /// The link's state word (`stateStorage`, its first stored property).
    @inlinable
    var state: UnsafeAtomic<Int> {
        UnsafeAtomic(at: _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: Int.AtomicRepresentation.self))
    }

    @usableFromInline
    static func unbound(_ member: StaticString) -> Never {
        preconditionFailure(
            "Trellis: the Provider or Lazy of '\(member)' was called while '\(Container.self)' was being created; call it after the initializer returns, or read '\(member)' directly"
        )
    }

    @usableFromInline
    static func released(_ member: StaticString) -> Never {
        preconditionFailure(
            "Trellis: the Provider or Lazy of '\(member)' was called after its container '\(Container.self)' was released; keep the container as long as the members holding its providers"
        )
    }
}

/// The states of a ``ContainerLink``'s first word.
@usableFromInline
enum LinkState {
    /// Nothing bound yet: a provider called now is called from its container's initializer.
    @inlinable static var unbound: Int { 0 }
    /// The binding is written and published.
    @inlinable static var bound: Int { 1 }
}
