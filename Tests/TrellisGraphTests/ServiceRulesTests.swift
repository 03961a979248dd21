import Testing
import TrellisGraph

@Suite("Start order of services")
struct ServiceRulesTests {
    /// `member` marked `service: true`.
    func service(_ member: Member) -> Member {
        var member = member
        member.isService = true
        return member
    }

    @Test("a service starts after the services it reads, through members that are not services")
    func throughOtherMembers() {
        let graph = container(
            service(shared("server", reads: ["router"])), shared("router", reads: ["pool"]), service(shared("pool")),
            service(input("metrics")))
        #expect(ServiceRules.startOrder(of: graph) == ["metrics", "pool", "server"])
    }

    @Test(
        "of independent services, one reading fewer members starts first: a client's wrapper before the application using the client"
    )
    func smallerFirst() {
        // Hummingbird's `app.addServices(HTTPClientService(client: httpClient))`, as members: by name
        // the application would start first and stop last, after the wrapper had closed its client.
        let graph = container(
            service(shared("app", reads: ["router"])), shared("router", reads: ["proxy"]), shared("proxy", reads: ["client"]),
            shared("client"), service(shared("clientService", reads: ["client"])))
        #expect(ServiceRules.startOrder(of: graph) == ["clientService", "app"])
    }

    @Test("independent services start in name order; transient services and members without the mark are left out")
    func ties() {
        let graph = container(
            service(shared("zeta")), service(shared("alpha")), shared("plain"), service(transient("worker")),
            service(shared("beta", reads: ["zeta"])))
        #expect(ServiceRules.startOrder(of: graph) == ["alpha", "zeta", "beta"])
    }

    @Test("a service creating scopes (through an @Assisted(.scope) function) starts after the other services")
    func scopeCreator() {
        var scope = Member(name: "connection", type: MemberType("ConnectionScope", kind: .concrete), scope: .transient)
        scope.signature = AssistedSignature(arguments: [], createsScope: true)
        // The app reads no service itself; the scopes it creates may read the manager.
        let graph = container(
            service(shared("app", reads: ["connection"])), scope, service(shared("manager")), service(shared("zeta")))
        #expect(ServiceRules.startOrder(of: graph) == ["manager", "zeta", "app"])
    }

    @Test("a cycle (reported elsewhere) still gives every service once")
    func cycle() {
        let graph = container(service(shared("a", reads: ["b"])), service(shared("b", reads: ["a"])))
        #expect(ServiceRules.startOrder(of: graph) == ["a", "b"])
    }

    @Test(
        "on random graphs the order respects every path, and shuffling the declarations changes nothing",
        arguments: 0..<40)
    func randomGraphs(seed: UInt64) {
        let dag = RandomDAG(seed: seed, size: 30)
        var generator = SplitMix64(seed: seed &+ 1000)
        let members = dag.members.map { Int.random(in: 0..<3, using: &generator) == 0 ? $0 : service($0) }
        let order = ServiceRules.startOrder(of: Container(name: "C", members: members))
        #expect(Set(order) == Set(members.filter(\.isService).map(\.name)))
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        for name in order {
            var pending = dag.reads[name] ?? []
            var reached = Set<String>()
            while let next = pending.popLast() {
                guard reached.insert(next).inserted else { continue }
                pending += dag.reads[next] ?? []
            }
            for read in reached {
                guard let readPosition = position[read] else { continue }
                #expect(readPosition < position[name]!, "\(read) must start before \(name)")
            }
        }
        let shuffled = members.shuffled(using: &generator)
        #expect(ServiceRules.startOrder(of: Container(name: "C", members: shuffled)) == order)
    }
}
