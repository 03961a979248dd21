/// The members of a `@DIContainer` marked `service: true`, in the order they start: each after every
/// service it reads, directly or through other members. Stopping runs the order in reverse.
///
/// A container with services gets a `serviceStartOrder` property of this type. The order comes from
/// the graph the macro validates: it does not change when declarations are reordered (of services
/// that do not depend on each other, the one that reads fewer members starts first, then by name),
/// and a cycle among services is a compile-time dependency cycle.
///
/// A service member of an optional type (`var postgres: PostgresClient?`) exists in some
/// configurations and not others: its `nil` is left out of the order, and whoever reads it gets the
/// optional, checked by the compiler.
///
/// ```swift
/// @Provide(.shared, factory: { (config: Config) in DatabasePool(config) }, concrete: true, service: true)
/// var database: DatabasePool
/// @Provide(.shared, HTTPServer.self, with: [\Self.database], concrete: true, service: true)
/// var server: HTTPServer
///
/// container.serviceStartOrder.names          // ["database", "server"]
/// ```
///
/// The `TrellisServiceLifecycle` library runs them with swift-service-lifecycle's `ServiceGroup`
/// (`ServiceGroup(services: container.serviceStartOrder, logger: logger)`), and makes the order a
/// sequence of `any Service`, for an API that takes one (Hummingbird's
/// `app.addServices(container.serviceStartOrder)`). This type only orders and names the values:
/// Trellis itself does not depend on swift-service-lifecycle.
public struct ServiceStartOrder: @unchecked Sendable {
    /// The services' member names, in start order.
    public let names: [String]
    /// Every member marked as a service, in start order, including an optional one that is `nil`
    /// in this configuration (and so not in ``names``).
    package let declaredNames: [String]
    /// The services' values, in start order. Only the `TrellisServiceLifecycle` library reads them,
    /// and it hands out only values that conform to `Service`, which is `Sendable`; that is why the
    /// order may be `Sendable` while holding values of any type.
    package let values: [Any]

    /// Creates the order from the services' names and values, already in start order. A service
    /// whose value is `nil` (an optional member, present in some configurations only) is left out.
    ///
    /// You do not call this directly: `@DIContainer` generates the call from the graph.
    public init(members: [(name: String, value: Any)]) {
        let present = members.filter { !Self.isAbsent($0.value) }
        declaredNames = members.map(\.name)
        names = present.map(\.name)
        values = present.map(\.value)
    }

    /// Whether `value` is an optional's `nil`.
    private static func isAbsent(_ value: Any) -> Bool {
        (value as? any OptionalService)?.isAbsent ?? false
    }

    /// The services' names and values, in start order.
    package var members: Zip2Sequence<[String], [Any]> { zip(names, values) }
}

// What `TrellisServiceLifecycle` adds, named here so that a target without that library gets an
// error that says where it is, not "value of type 'ServiceStartOrder' has no member 'services'".
// With the library imported, Swift prefers its available overloads to these unavailable ones. Each has
// a generic twin for a call whose result goes where a type is expected (Hummingbird's
// `addServices(_:)` takes `some Sequence<any Service>`): there `[Any]` does not fit, and Swift would
// report the mismatch instead of the message; `[Element]` takes the element type the call needs.
extension ServiceStartOrder {
    /// The services as swift-service-lifecycle's `Service`s: in the `TrellisServiceLifecycle`
    /// library, which this target does not import.
    @available(
        *, unavailable,
        message:
            "it is in the library TrellisServiceLifecycle: add '.product(name: \"TrellisServiceLifecycle\", package: \"Trellis\")' to this target's dependencies, and 'import TrellisServiceLifecycle'"
    )
    public func services() throws -> [Any] { fatalError("unavailable") }

    /// The services other than those named, as swift-service-lifecycle's `Service`s: in the
    /// `TrellisServiceLifecycle` library, which this target does not import.
    @available(
        *, unavailable,
        message:
            "it is in the library TrellisServiceLifecycle: add '.product(name: \"TrellisServiceLifecycle\", package: \"Trellis\")' to this target's dependencies, and 'import TrellisServiceLifecycle'"
    )
    public func services(excluding names: String...) throws -> [Any] { fatalError("unavailable") }

    /// The services as swift-service-lifecycle's `Service`s, where a type is expected
    /// (`app.addServices(try order.services())`): in the `TrellisServiceLifecycle` library, which this
    /// target does not import.
    @available(
        *, unavailable,
        message:
            "it is in the library TrellisServiceLifecycle: add '.product(name: \"TrellisServiceLifecycle\", package: \"Trellis\")' to this target's dependencies, and 'import TrellisServiceLifecycle'"
    )
    public func services<Element>() throws -> [Element] { fatalError("unavailable") }

    /// The services other than those named, where a type is expected
    /// (`app.addServices(try order.services(excluding: "app"))`): in the `TrellisServiceLifecycle`
    /// library, which this target does not import.
    @available(
        *, unavailable,
        message:
            "it is in the library TrellisServiceLifecycle: add '.product(name: \"TrellisServiceLifecycle\", package: \"Trellis\")' to this target's dependencies, and 'import TrellisServiceLifecycle'"
    )
    public func services<Element>(excluding names: String...) throws -> [Element] { fatalError("unavailable") }
}

/// An optional service member's value, which may be absent.
private protocol OptionalService {
    var isAbsent: Bool { get }
}

extension Optional: OptionalService {
    fileprivate var isAbsent: Bool {
        if case .none = self { true } else { false }
    }
}

extension ServiceStartOrder {
    /// A member with `shutdown:`: its value, which is not a service itself, and the closure that
    /// closes it. `TrellisServiceLifecycle` runs it as a service that waits for graceful shutdown
    /// and then calls the closure, so that the value is closed after every service that reads it
    /// has stopped.
    ///
    /// You do not create this directly: `@DIContainer` generates it from `shutdown:`.
    public struct Shutdown: Sendable {
        /// Closes the value.
        package let close: @Sendable () async throws -> Void

        /// Closes `value`, of the member's type `type`, with `close`. (The type is named so that a
        /// closure taking another type is reported on the closure; it comes last, so that
        /// `@DIContainer` can write it where the member's type is written, below the closure.)
        ///
        /// `Value` must be `Sendable`: the value is closed from the service's task. `@DIContainer`
        /// checks that on the member's type, where the compiler then reports it, instead of here, in
        /// a statement the user did not write.
        public init<Value>(
            _ value: Value, _ close: @escaping @Sendable (Value) async throws -> Void, of type: Value.Type
        ) {
            let value = CheckedValue(value)
            self.close = { try await close(value.value) }
        }

        /// Closes `value` with `close`; `nil` (no service) when the member, of an optional type, is
        /// absent in this configuration.
        public init?<Value>(
            _ value: Value?, _ close: @escaping @Sendable (Value) async throws -> Void, of type: Value.Type
        ) {
            guard let value else { return nil }
            self.init(value, close, of: type)
        }
    }

    /// A value whose type `@DIContainer` checks `Sendable` where the member declares it.
    private struct CheckedValue<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

extension ServiceStartOrder {
    /// Names the declared type of a member marked `service: true`, so that the compiler can tell,
    /// where it knows `Service`, whether that type is one.
    ///
    /// Trellis itself does not depend on swift-service-lifecycle, so the code `@DIContainer`
    /// generates cannot name `Service`. It names `Check<T>.conformsToService` for each service whose
    /// type is written as a type (not `any P`, which only the value can tell), on the member's
    /// `service:` argument. In a file that imports `TrellisServiceLifecycle`, that library's
    /// overloads answer: `true` for a type that conforms, and a deprecation warning on the member's
    /// line for one that does not, which `ServiceGroup(services:)` would refuse with
    /// `NotAServiceError` when it starts. Elsewhere this overload answers, and the run-time check
    /// alone applies.
    ///
    /// You do not use this type directly: `@DIContainer` generates its uses.
    public enum Check<Value> {
        /// Whether the type is known to conform to `Service`: not where `Service` is unknown.
        @_disfavoredOverload
        @inlinable
        public static var conformsToService: Bool { false }
    }
}
