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
/// A provider held by a member the container keeps (`.shared`, `.onDemand`, or read by one of those)
/// refers to its container weakly, since a strong reference would keep the container alive for
/// ever. Call it while the container exists; a call after the container is released, or from the
/// factory while the container is still being created, stops the program with a message naming the
/// member. A provider held by a member the container never keeps (a `.transient` no kept member
/// reads, such as the application `AppContainer(...).app` returns) holds the container strongly.
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
/// refers to its container weakly when a member the container keeps holds it.
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

/// How a container's providers reach it without keeping it alive: made with how to make the
/// container from a reference when its initializer starts, bound to that reference (the one a
/// struct container keeps its values in, or a class container itself) when it ends, and read weakly
/// from then on.
///
/// You do not use this type directly: `@DIContainer` generates its uses.
/// `@unchecked Sendable`: `make` never changes; `reference` is written once, by the initializer's
/// one `bind`, before a releasing store marks the link bound, and read only after an acquiring load
/// saw that mark (the runtime reads and clears a weak reference atomically).
public final class ContainerLink<Container, Reference: AnyObject>: @unchecked Sendable {
    // 0 until bound, then 1. The first stored property, so that `state` finds it where the standard
    // library says a class's stored properties start, as swift-atomics' `ManagedAtomic` finds its
    // own: one word inside the link. (A `ManagedAtomicLazyReference` is an object of its own, whose
    // methods are neither inlinable nor specialised: it looked up generic metadata on every
    // container created.)
    @usableFromInline var stateStorage = Int.AtomicRepresentation(0)

    // Unchecked: written once before the link is marked bound and read only after, so no access
    // overlaps a write; a dynamic check would cost more than the rest of a provider's call.
    @exclusivity(unchecked) @usableFromInline weak var reference: Reference?

    /// The reference itself, kept by a link bound with ``bindKeeping(_:)``: a permanent container's
    /// (`@DIContainer(permanent: true)`), which then lives as long as the program, whatever keeps it.
    @usableFromInline var kept: Reference?

    /// Makes the container from the reference a provider loaded (taking it, so that a call retains
    /// the reference once).
    @usableFromInline let make: (consuming Reference) -> Container

    /// A link not bound yet, which makes the container from its reference with `make`: made when
    /// the initializer starts, bound when it ends.
    @inlinable
    public init(make: @escaping (consuming Reference) -> Container) {
        self.make = make
    }

    /// Binds the link to `reference`. Called once, by the initializer that made the link, when it
    /// ends.
    ///
    /// It stores the weak reference and publishes it, and nothing else: a branch, or a value
    /// released (as assigning a closure over another would), ends the optimiser's moving of the
    /// initializer's values into the container, so that it retains each and releases it again,
    /// which cost more than a fifth of creating a container.
    @inlinable
    public func bind(_ reference: Reference) {
        self.reference = reference
        state.store(1, ordering: .releasing)
    }

    /// Binds the link to `reference` and keeps it: the container of `@DIContainer(permanent: true)`,
    /// which keeps its link, is then never released, so that a provider, a `Lazy` or a function
    /// value its members hold works for as long as the program runs, even after the last of the
    /// program's own references to the container is gone. Called once, instead of ``bind(_:)``.
    @inlinable
    public func bindKeeping(_ reference: Reference) {
        self.kept = reference
        bind(reference)
    }

    /// The container, for a provider of `member` held by `holder` to read it from. Specialised in
    /// the caller, so a call costs an acquiring load (a plain load on x86 and ARM64's `ldar`), the
    /// weak load that retains the reference, and the getter's own work; the names are read only
    /// when the call stops the program.
    @inlinable
    public func container(providing member: StaticString, to holder: StaticString) -> Container {
        guard state.load(ordering: .acquiring) == 1 else { Self.unbound(member, holder) }
        guard let reference else { Self.released(member, holder) }
        return make(reference)
    }

    /// The state word (`stateStorage`, the link's first stored property).
    @inlinable
    var state: UnsafeAtomic<Int> {
        UnsafeAtomic(at: _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: Int.AtomicRepresentation.self))
    }

    @usableFromInline
    static func unbound(_ member: StaticString, _ holder: StaticString) -> Never {
        preconditionFailure(
            "Trellis: '\(holder)' called its Provider, Lazy or function of '\(member)' while '\(Container.self)' was being created; call it after the initializer returns, or read '\(member)' directly"
        )
    }

    @usableFromInline
    static func released(_ member: StaticString, _ holder: StaticString) -> Never {
        preconditionFailure(
            "Trellis: '\(holder)' called its Provider, Lazy or function of '\(member)' after its container '\(Container.self)' was released. The container keeps '\(holder)' (a .shared or .onDemand member, or one such a member reads), so '\(holder)' reaches it weakly: keep the container as long as '\(holder)' is used (a container that lives as long as the program says so with '@DIContainer(permanent: true)', and is then never released), or make '\(holder)' .transient if only .transient members read it"
        )
    }
}

/// How a container isolated to the main actor reads a member for a ``Provider``, a ``Lazy`` or a
/// function value it gives: on the main actor, where the call must be made.
///
/// You do not use this type directly: `@DIContainer(mainActor: true)` generates its uses. A call
/// from another thread stops the program, as reading the container's members there would not
/// compile: with a message naming the member where Swift's main-actor check prints one (Apple's
/// platforms), with libdispatch's queue assertion on Linux.
public enum MainActorRead {
    /// The value `read` returns, read on the main actor, which the caller is on; `member` names
    /// the member in the message that stops the program when it is not.
    @inlinable
    public static func value<Value>(of member: StaticString, _ read: @MainActor () throws -> Value) rethrows -> Value {
        MainActor.preconditionIsolated(
            "Trellis: a Provider, Lazy or function of '\(member)' was called off the main actor; its container is isolated to the main actor, so call it there"
        )
        return try MainActor.assumeIsolated { UncheckedValue(value: try read()) }.value
    }

    /// A value carried out of `MainActor.assumeIsolated`, which returns only `Sendable` values, to
    /// its caller, who is on the main actor too.
    @usableFromInline
    struct UncheckedValue<Value>: @unchecked Sendable {
        @usableFromInline let value: Value

        @inlinable
        init(value: Value) { self.value = value }
    }
}
