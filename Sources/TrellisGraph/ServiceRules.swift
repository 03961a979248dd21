/// The rules of members marked `service: true` and the order they start in: each service after
/// every service it reads, directly or through other members.
public enum ServiceRules {
    /// The name of the property `@DIContainer` generates on a container with services.
    public static let startOrderProperty = "serviceStartOrder"

    /// The scopes a service may have: one instance for the container's life.
    static func canBeService(_ scope: MemberScope) -> Bool {
        switch scope {
        case .input, .argument, .shared, .onDemand: true
        case .transient, .collection, .child, .forwardingChild: false
        }
    }

    /// The names of the members a service group runs: marked `service: true`, in a scope a service
    /// may have, in declaration order.
    static func services(of container: Container) -> [String] {
        container.members.filter { $0.isService && canBeService($0.scope) }.map(\.name)
    }

    /// The issues of `member`'s `service:` argument in `container`.
    static func issues(of member: Member, in container: Container) -> [Issue] {
        guard member.isService, !canBeService(member.scope) else { return [] }
        let what = member.scope.isChild ? "a child container, built on first access" : "built anew on every read"
        // A member with `shutdown:` is a service through that argument, which is the one to remove.
        let argument: ProvideArgument = member.closesOnShutdown ? .shutdown : .service
        let instance =
            member.closesOnShutdown
            ? "a value closed on shutdown is one instance that lives as long as the container"
            : "a service is one instance that runs as long as the container"
        return [
            Issue(
                .serviceNotSingleInstance,
                "'\(member.name)' is '.\(member.scope.rawValue)', \(what); \(instance): make it '.shared' or remove '\(argument.rawValue):'",
                at: .memberArgument(container: container.name, member: member.name, argument: argument),
                fixes: [.removeArgument(argument)])
        ]
    }

    /// A warning on the first member the container keeps (`.shared`, `.onDemand`) that holds a
    /// `Provider`, a `Lazy` or a function value of it, in a container with services that does not
    /// say whether it is permanent: what it holds reaches the container weakly, and the services run
    /// for as long as the program does, so a container let go while they run (a `buildApplication`
    /// returning its application, a local that Swift releases after its last use) stops the program
    /// at the first call. `permanent: true` keeps the container; `permanent: false` says the program
    /// keeps it.
    static func weakLinkIssues(_ container: Container) -> [Issue] {
        guard container.options.permanent == nil, container.options.parent == nil,
            !services(of: container).isEmpty
        else { return [] }
        for member in container.members where member.scope == .shared || member.scope == .onDemand {
            guard let index = member.dependencies.firstIndex(where: \.reachesContainerThroughLink) else { continue }
            let held = member.dependencies[index]
            let what =
                held.access == .function
                ? "the function '\(held.name)'" : "a \(held.access.typeName ?? "Provider") of '\(held.name)'"
            return [
                Issue(
                    .weakContainerLink,
                    "'\(member.name)' is kept by '\(container.name)' and holds \(what), which reaches the container weakly, while the container's services run for as long as the program: declare '@DIContainer(permanent: true)' on a program's root (it is then never released), or 'permanent: false' where the program keeps the container itself (a call after it is released stops the program)",
                    at: .dependency(container: container.name, member: member.name, index: index),
                    fixes: [.addPermanentOption])
            ]
        }
        return []
    }

    /// The issues of the container as a whole: a member named like the property generated for its services.
    static func containerIssues(_ container: Container) -> [Issue] {
        guard container.members.contains(where: \.isService), let clash = container.member(named: startOrderProperty)
        else { return [] }
        return [
            Issue(
                .invalidMemberDeclaration,
                "'\(startOrderProperty)' is the property @DIContainer generates on a container with services; rename the member",
                at: .member(container: container.name, member: clash.name))
        ]
    }

    /// The services of `container` in the order they start: a service starts after every service it
    /// reads, directly or through members that are not services. Of services that do not depend on
    /// each other, the one that reads fewer members (directly or through others) starts first, then
    /// by name: a client's wrapper (`HTTPClientService(client:)`) before the application that reads
    /// the client through its router and controllers, so that the application stops first and its
    /// last requests still have the client. The order depends only on the graph, never on the order
    /// of the declarations, and stopping runs it in reverse. Members in a dependency cycle (an error
    /// reported elsewhere) keep that order.
    ///
    /// A scope an `@Assisted(.scope)` function creates may read any member of the container (the
    /// scope's declaration is not in view), so the function counts as reading every service: a
    /// server that creates a scope per request or connection starts after the services its scopes
    /// may use, and stops before them.
    public static func startOrder(of container: Container) -> [String] {
        let services = services(of: container)
        guard services.count > 1 else { return services }
        let serviceNames = Set(services)
        let reads = Dictionary(
            container.members.map { member in
                (member.name, member.createsScope ? services : member.dependencyNames)
            }, uniquingKeysWith: { first, _ in first })
        // The services each service reads through any chain of members.
        var after: [String: Set<String>] = [:]
        // How many members each service reads, through any chain.
        var reach: [String: Int] = [:]
        for service in services {
            var reached = Set<String>()
            var pending = reads[service] ?? []
            while let name = pending.popLast() {
                guard name != service, reached.insert(name).inserted else { continue }
                pending += reads[name] ?? []
            }
            after[service] = reached.intersection(serviceNames)
            reach[service] = reached.count
        }
        var order: [String] = []
        var started = Set<String>()
        var waiting = services.sorted { (reach[$0, default: 0], $0) < (reach[$1, default: 0], $1) }
        while !waiting.isEmpty {
            // The first service whose own services have all started; in a cycle, the first of all.
            let index = waiting.firstIndex { after[$0, default: []].isSubset(of: started) } ?? 0
            let next = waiting.remove(at: index)
            order.append(next)
            started.insert(next)
        }
        return order
    }
}
