import Foundation
import Testing
import TrellisGraph

@Suite("Graph diff and the JSON document read back")
struct GraphDiffTests {
    static func graph(_ containers: Container...) -> ProgramGraph {
        ProgramGraph(Program(containers: containers))
    }

    @Test("the same graph has no changes and says so")
    func same() {
        let graph = Self.graph(Container(name: "C", members: [input("a"), shared("b", reads: ["a"])]))
        let diff = GraphDiff(old: graph, new: graph)
        #expect(diff.isEmpty)
        #expect(diff.text == "no changes\n")
    }

    @Test("members added, removed and changed, and the reads that come with them, in name order")
    func members() {
        let old = Self.graph(Container(name: "C", members: [input("a"), shared("b", reads: ["a"]), shared("gone")]))
        var changed = transient("b", reads: ["a", "new"], throwing: true)
        changed.type = MemberType("any Q", kind: .existential)
        let new = Self.graph(Container(name: "C", members: [input("a"), changed, shared("new")]))
        #expect(
            GraphDiff(old: old, new: new).text == """
                ~ member C.b: type any P -> any Q; scope shared -> transient; now throws
                - member C.gone: any P (shared)
                + member C.new: any P (shared)
                + C.b reads new

                4 changes: 2 added, 1 removed, 1 changed

                """)
    }

    @Test("a container added or removed is one line, its members and edges are not repeated")
    func containers() {
        let old = Self.graph(
            Container(name: "A", members: [input("x")]), Container(name: "B", members: [input("y"), shared("z", reads: ["y"])]))
        let new = Self.graph(Container(name: "A", members: [input("x")]), Container(name: "D"))
        #expect(
            GraphDiff(old: old, new: new).changes.map { "\($0.kind.rawValue) \($0.description)" } == [
                "- container B (), 2 members", "+ container D (), 0 members",
            ])
    }

    @Test("options, services and container edges of a container in both graphs")
    func optionsAndEdges() {
        var server = shared("server")
        server.isService = true
        var child = Member(name: "feature", type: MemberType("F", kind: .concrete), scope: .child)
        child.constructedTypes = ["F"]
        var builder = transient("feature")
        builder.constructedTypes = ["F"]
        let old = Self.graph(Container(name: "A", members: [builder, shared("server")]), Container(name: "F"))
        let new = Self.graph(
            Container(name: "A", options: ContainerOptions(root: true), members: [child, server]), Container(name: "F"))
        #expect(
            GraphDiff(old: old, new: new).changes.map { "\($0.kind.rawValue) \($0.description)" } == [
                "~ container A: root false -> true; start order [] -> [server]",
                "~ member A.feature: type any P -> F; scope transient -> child",
                "~ member A.server: now a service (1 in start order)",
                "~ A.feature: builds F -> owns F",
            ])
    }

    @Test("a rendered graph reads back equal, for random containers", arguments: 0..<20)
    func roundTrip(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let size = Int.random(in: 1..<25, using: &generator)
        var container = RandomDAG(seed: seed, size: size).container
        container.name = "Random\(seed)"
        if let index = container.members.indices.randomElement(using: &generator) {
            container.members[index].isService = container.members[index].scope == .shared
        }
        container.members.append(
            Member(
                name: "make", type: MemberType("Thing", kind: .concrete), scope: .transient,
                signature: AssistedSignature(arguments: [RuntimeArgument(label: nil, name: "id", type: "Int")])))
        container.members.append(
            Member(
                name: "late", type: MemberType("Late", kind: .concrete), scope: .shared,
                factory: Factory(form: .parameterClosure(parameters: ["m0", "m1"])),
                dependencies: [
                    Dependency("m0", origin: .closureParameter, access: seed.isMultiple(of: 2) ? .provider : .lazy),
                    Dependency("m1", origin: .closureParameter),
                ]))
        let graph = ProgramGraph(Program(containers: [container, Container(name: "Other \"quoted\"\n")]))
        let decoded = try JSONDecoder().decode(ProgramGraph.self, from: Data(JSONRenderer.render(graph).utf8))
        #expect(decoded == graph)
        #expect(GraphDiff(old: graph, new: decoded).isEmpty)
    }

    @Test("a value closed on shutdown is a service the tree names as such, and the JSON keeps the mark")
    func closedOnShutdown() throws {
        var client = Member(name: "client", type: MemberType("HTTPClient", kind: .concrete), scope: .shared, isService: true)
        client.closesOnShutdown = true
        let proxy = Member(
            name: "proxy", type: MemberType("Proxy", kind: .concrete), scope: .shared,
            dependencies: [Dependency("client", origin: .closureParameter)], isService: true)
        let graph = Self.graph(Container(name: "App", members: [proxy, client]))
        let members = try #require(graph.containers.first).members
        #expect(members.map(\.traits) == [["shared", "service 1", "closed on shutdown"], ["shared", "service 2"]])
        let json = JSONRenderer.render(graph)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let container = try #require((document["containers"] as? [[String: Any]])?.first)
        let written = try #require((container["members"] as? [[String: Any]])?.first)
        let expected: [String: Any] = [
            "name": "client", "type": "HTTPClient", "scope": "shared", "async": false, "throws": false, "reads": [String](),
            "builds": [String](), "service": 1, "closesOnShutdown": true,
        ]
        #expect(NSDictionary(dictionary: written) == NSDictionary(dictionary: expected), "\(written)")
        #expect(try JSONDecoder().decode(ProgramGraph.self, from: Data(json.utf8)) == graph)
    }

    @Test("a document of another version is refused with both versions named")
    func otherVersion() {
        let document = #"{"version": 2, "containers": [], "memberEdges": [], "containerEdges": []}"#
        #expect(throws: ProgramGraph.UnsupportedVersion.self) {
            try JSONDecoder().decode(ProgramGraph.self, from: Data(document.utf8))
        }
        #expect(
            "\(ProgramGraph.UnsupportedVersion(version: 2))"
                == "the graph document has format version 2; this trellis reads version 1")
    }

    @Test("a container edge written before 'kind' was added reads as a factory building the container")
    func edgeWithoutKind() throws {
        let document =
            #"{"version": 1, "containers": [], "memberEdges": [], "containerEdges": [{"from": "A", "to": "B", "member": "b"}]}"#
        let graph = try JSONDecoder().decode(ProgramGraph.self, from: Data(document.utf8))
        #expect(graph.containerEdges.map(\.kind) == [.builds])
    }
}
