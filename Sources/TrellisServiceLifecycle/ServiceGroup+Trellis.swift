import Logging
// Re-exported: a program that runs its container's services needs `ServiceGroup` and `Service`,
// and importing this library should be enough for that.
@_exported import ServiceLifecycle
import Trellis
import UnixSignals

/// A member marked `service: true` whose value does not conform to ServiceLifecycle's `Service`.
///
/// Trellis itself does not depend on swift-service-lifecycle, so the macro cannot name `Service`
/// in the code it generates; the conformance is checked here, when the services are collected,
/// before any of them runs.
public struct NotAServiceError: Error, Hashable, CustomStringConvertible {
    /// The member's name.
    public var member: String
    /// The type of the member's value.
    public var type: String

    /// Creates the error for `member`, whose value has the type named `type`.
    public init(member: String, type: String) {
        self.member = member
        self.type = type
    }

    /// What went wrong and how to fix it.
    public var description: String {
        "'\(member)' is marked 'service: true' but its value, of type '\(type)', does not conform to ServiceLifecycle's 'Service'; conform it or remove 'service:'"
    }
}

/// A name given to ``Trellis/ServiceStartOrder/services(excluding:)`` that is no service member of
/// the container.
public struct UnknownServiceError: Error, Hashable, CustomStringConvertible {
    /// The name as given.
    public var name: String
    /// The container's service members, in start order.
    public var services: [String]

    /// Creates the error for `name`, given to a container whose service members are `services`.
    public init(name: String, services: [String]) {
        self.name = name
        self.services = services
    }

    /// What went wrong and how to fix it.
    public var description: String {
        let known = services.isEmpty ? "it has none" : "they are " + services.map { "'\($0)'" }.joined(separator: ", ")
        return
            "services(excluding:) names '\(name)', which is not a member marked 'service: true' of the container (\(known)); name the member as it is declared"
    }
}

// What `@DIContainer` asks, on each member marked `service: true` whose type is written as a type,
// in a file that imports this library (see `Trellis.ServiceStartOrder.Check`).
extension ServiceStartOrder.Check where Value: Service {
    /// `true`: the member's type conforms to `Service`.
    @inlinable
    public static var conformsToService: Bool { true }
}

extension ServiceStartOrder.Check {
    /// `false`, with a warning on the member's line: its type does not conform to `Service`.
    @available(
        *, deprecated,
        message:
            "the member is marked 'service: true' but its type does not conform to ServiceLifecycle's 'Service', so ServiceGroup(services:) would throw NotAServiceError; conform the type to 'Service' (a protocol is written 'any P'), or remove 'service:'"
    )
    @inlinable
    public static var conformsToService: Bool { false }
}

// The order is itself a sequence of services, for APIs that take one and do not throw, as
// Hummingbird's `app.addServices(_:)` does (`some Sequence<any Service>`):
//
//     var app = container.app
//     app.addServices(container.serviceStartOrder)
//
// Declared here, beside `Service`, and not in Trellis, which does not know `Service`.
extension ServiceStartOrder: Sequence {
    /// A service of the container.
    public typealias Element = any Service

    /// The services, in start order, as ``services()`` gives them. A member whose value is no
    /// `Service` is not left out silently: it is a service that throws ``NotAServiceError`` as soon
    /// as it runs, which stops the group it is in before its server takes requests. Call
    /// ``services()`` instead to have the error before anything runs.
    public func makeIterator() -> IndexingIterator<[any Service]> {
        members.map { name, value in
            do throws(NotAServiceError) { return try Self.service(named: name, value) } catch { return NoService(error: error) }
        }.makeIterator()
    }

    /// The number of services: every member in ``names``.
    public var underestimatedCount: Int { names.count }

    /// The service a member's value is: itself, or for a `shutdown:` member the service closing it.
    fileprivate static func service(named name: String, _ value: Any) throws(NotAServiceError) -> any Service {
        if let shutdown = value as? ServiceStartOrder.Shutdown {
            return ClosingService(member: name, close: shutdown.close)
        }
        guard let service = value as? any Service else {
            throw NotAServiceError(member: name, type: String(reflecting: Swift.type(of: value)))
        }
        return service
    }
}

/// What a member marked `service: true` whose value is no `Service` is, in the order's sequence: a
/// service that fails as it starts, with the error ``ServiceStartOrder/services()`` would throw.
private struct NoService: Service, CustomStringConvertible {
    let error: NotAServiceError

    var description: String { "\(error.member) (not a Service)" }

    func run() async throws { throw error }
}

extension ServiceStartOrder {
    /// The services, in start order.
    ///
    /// - Throws: ``NotAServiceError`` for the first member whose value is not a `Service`.
    public func services() throws(NotAServiceError) -> [any Service] {
        try members.map { name, value throws(NotAServiceError) in try Self.service(named: name, value) }
    }

    /// The services other than the members named in `names`, in start order: for an application
    /// that is itself a member and runs the services it is given, before its server (Hummingbird's
    /// `app.addServices(_:)`).
    ///
    /// ```swift
    /// var app = container.app
    /// app.addServices(try container.serviceStartOrder.services(excluding: "app"))
    /// try await app.runService()
    /// ```
    ///
    /// A name is a member's name as declared. One that names no service member (a typo, or the
    /// application's member renamed and the name here not) is an error: the application would
    /// otherwise be among the services it runs, and its server would start twice ("Address already
    /// in use"). A service that is `nil` in this configuration (an optional member) may be named.
    ///
    /// - Throws: ``UnknownServiceError`` for a name that is no service member, before anything
    ///   else is read; ``NotAServiceError`` for the first service whose value is not a `Service`.
    public func services(excluding names: String...) throws -> [any Service] {
        if let unknown = names.first(where: { !declaredNames.contains($0) }) {
            throw UnknownServiceError(name: unknown, services: declaredNames)
        }
        let excluded = Set(names)
        return try zip(self.names, services()).filter { !excluded.contains($0.0) }.map(\.1)
    }

    /// One configuration per service, in start order, each named after its member (the name
    /// `ServiceGroup` logs and reports in its errors).
    ///
    /// Both behaviours default to `.gracefullyShutdownGroup`, unlike `ServiceGroup`'s own
    /// `.cancelGroup`: when one service returns or throws, the others are shut down in reverse start
    /// order, each waiting for the one after it to finish, instead of being cancelled all at once;
    /// the error of a service that threw still reaches the caller of `ServiceGroup.run()`.
    ///
    /// - Throws: ``NotAServiceError`` for the first member whose value is not a `Service`.
    public func configurations(
        successTerminationBehavior: ServiceGroupConfiguration.ServiceConfiguration.TerminationBehavior =
            .gracefullyShutdownGroup,
        failureTerminationBehavior: ServiceGroupConfiguration.ServiceConfiguration.TerminationBehavior =
            .gracefullyShutdownGroup
    ) throws(NotAServiceError) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        try zip(names, services()).map { name, service in
            ServiceGroupConfiguration.ServiceConfiguration(
                service: service, successTerminationBehavior: successTerminationBehavior,
                failureTerminationBehavior: failureTerminationBehavior, serviceName: name)
        }
    }
}

extension ServiceGroup {
    /// A group that runs a container's services: `ServiceGroup` starts them in the order given (each
    /// after the services it reads) and shuts them down in reverse, on a signal in
    /// `gracefulShutdownSignals`, or when one of them returns or throws (see
    /// ``Trellis/ServiceStartOrder/configurations(successTerminationBehavior:failureTerminationBehavior:)``).
    ///
    /// ```swift
    /// let group = try ServiceGroup(services: container.serviceStartOrder, gracefulShutdownSignals: [.sigterm], logger: logger)
    /// try await group.run()
    /// ```
    ///
    /// - Throws: ``NotAServiceError`` for the first member whose value is not a `Service`.
    public init(
        services startOrder: ServiceStartOrder,
        gracefulShutdownSignals: [UnixSignal] = [],
        cancellationSignals: [UnixSignal] = [],
        logger: Logger
    ) throws(NotAServiceError) {
        self.init(
            configuration: ServiceGroupConfiguration(
                services: try startOrder.configurations(), gracefulShutdownSignals: gracefulShutdownSignals,
                cancellationSignals: cancellationSignals, logger: logger))
    }
}

/// The service of a member with `shutdown:`: it waits for graceful shutdown (or for its task to be
/// cancelled), then closes the member's value. In a group, where services shut down in reverse
/// start order, that is after every service that reads the value has stopped.
struct ClosingService: Service, CustomStringConvertible {
    /// The member whose value it closes.
    let member: String
    let close: @Sendable () async throws -> Void

    /// The member's name, as logs that name services print it (Hummingbird's, among others), so
    /// that two such services can be told apart.
    var description: String { "\(member) (closed on shutdown)" }

    func run() async throws {
        // Cancellation ends the wait too: the value is closed either way.
        try? await gracefulShutdown()
        try await close()
    }
}
