import Testing
import TrellisSyntax

@testable import TrellisGraph

@Suite("Graph renderers")
struct RendererTests {
    private let graph = ProgramGraph(
        Program(containers: [
            Container(
                name: "Odd\"Name",
                members: [
                    Member(name: "value", type: MemberType("Box<\"a\\b\">", kind: .concrete), scope: .input)
                ])
        ]))

    @Test("JSON escapes quotes, backslashes and control characters")
    func jsonEscaping() {
        #expect(JSONRenderer.string("a\"b\\c\nd\u{01}é") == #""a\"b\\c\nd\u0001é""#)
        #expect(JSONRenderer.render(graph).contains(#""type": "Box<\"a\\b\">""#))
    }

    @Test("Mermaid labels use entity codes and identifiers keep only letters, digits and underscores")
    func mermaidEscaping() {
        let text = MermaidRenderer.render(graph)
        #expect(text.contains(#"subgraph Odd_Name["Odd#quot;Name"]"#))
        #expect(text.contains(#"Odd_Name__value["value: Box#lt;#quot;a\b#quot;#gt;<br/>input"]"#))
    }

    @Test("DOT quotes escape quotes and backslashes")
    func dotEscaping() {
        #expect(DotRenderer.render(graph).contains(#""Odd\"Name.value" [label="value: Box<\"a\\b\">\ninput", style=dashed];"#))
    }

    @Test("a graph built twice from the same program is the same value")
    func deterministic() {
        let program = Program(containers: [Container(name: "B"), Container(name: "A")])
        #expect(ProgramGraph(program) == ProgramGraph(program))
        #expect(ProgramGraph(program).containers.map(\.name) == ["A", "B"])
    }

    @Test("an @Assisted function shows its arguments in every format, and only it has 'arguments' in JSON")
    func assistedArguments() {
        let detail = Member(
            name: "detail", type: MemberType("DetailModel", kind: .concrete), scope: .transient,
            factory: Factory(form: .parameterClosure(parameters: ["itemID"])),
            signature: AssistedSignature(
                arguments: [RuntimeArgument(label: nil, name: "itemID", type: "Int")], isAsync: true, isThrowing: true))
        let plain = Member(name: "clock", type: MemberType("any Clock", kind: .existential), scope: .input)
        let graph = ProgramGraph(Program(containers: [Container(name: "App", members: [detail, plain])]))
        #expect(graph.containers[0].members.map(\.traits) == [["input"], ["assisted(_: Int)", "async", "throws"]])
        let json = JSONRenderer.render(graph)
        let argument = ["\"label\": \"_\",", "\"name\": \"itemID\",", "\"type\": \"Int\""]
        #expect(json.contains(argument.map { "              " + $0 }.joined(separator: "\n")))
        #expect(json.components(separatedBy: "\"arguments\"").count == 2)
        #expect(AsciiRenderer.render(graph).contains("detail: DetailModel  [assisted(_: Int), async, throws]"))
    }

    @Test("an @Assisted function taken as a function value is a deferred read, drawn dashed as 'function'")
    func functionReads() throws {
        let (_, scan) = SourceFileScanner.scan(
            source: """
                @DIContainer final class Server: Sendable {
                    @Provide(.input) var onEvent: @Sendable (Int) -> Void
                    @Assisted(factory: { (id: Int) in Page(id) }) func page(id: Int) -> Page
                    @Provide(.shared, factory: { (page: @escaping @Sendable (Int) -> Page, onEvent: @escaping @Sendable (Int) -> Void) in
                        Router(page, onEvent)
                    }, concrete: true)
                    var router: Router
                }
                """)
        let container = try #require(scan.containers.first?.extraction.container)
        #expect(container.member(named: "router")?.dependencies.map(\.access) == [.function, .value])
        let graph = ProgramGraph(Program(containers: [container]))
        #expect(
            MermaidRenderer.render(graph) == """
                graph TD
                    subgraph Server["Server"]
                        Server__onEvent["onEvent: @Sendable (Int) -#gt; Void<br/>input"]
                        Server__page["page: Page<br/>assisted(id: Int)"]
                        Server__router["router: Router<br/>shared"]
                    end
                    Server__router --> Server__onEvent
                    Server__router -.->|function| Server__page

                """)
        #expect(
            DotRenderer.render(graph) == """
                digraph Trellis {
                    rankdir=LR;
                    node [shape=box, fontname="Helvetica"];
                    edge [fontname="Helvetica"];
                    subgraph "cluster_Server" {
                        label="Server";
                        "Server" [label="Server", shape=tab, style=bold];
                        "Server.onEvent" [label="onEvent: @Sendable (Int) -> Void\\ninput", style=dashed];
                        "Server.page" [label="page: Page\\nassisted(id: Int)"];
                        "Server.router" [label="router: Router\\nshared"];
                    }
                    "Server.router" -> "Server.onEvent";
                    "Server.router" -> "Server.page" [label="function", style=dashed];
                }

                """)
        #expect(AsciiRenderer.render(graph).contains("reads: page (function), onEvent"))
        // Only the deferred read carries an access in JSON.
        #expect(JSONRenderer.render(graph).components(separatedBy: "\"access\"").count == 2)
        #expect(JSONRenderer.render(graph).contains("\"access\": \"function\""))
    }

    @Test("a read through a Provider or Lazy is drawn dashed and labelled in every format, and only it has 'access' in JSON")
    func deferredReads() {
        let handler = Member(
            name: "handler", type: MemberType("Handler", kind: .concrete), scope: .transient,
            factory: Factory(form: .parameterClosure(parameters: [])))
        let runner = Member(
            name: "runner", type: MemberType("Runner", kind: .concrete), scope: .shared,
            factory: Factory(form: .parameterClosure(parameters: ["handler", "clock"])),
            dependencies: [
                Dependency("handler", origin: .closureParameter, access: .provider, valueType: "Handler"),
                Dependency("clock", origin: .closureParameter),
            ])
        let report = Member(
            name: "report", type: MemberType("Report", kind: .concrete), scope: .shared,
            factory: Factory(form: .parameterClosure(parameters: ["runner"])),
            dependencies: [Dependency("runner", origin: .closureParameter, access: .lazy, valueType: "Runner")])
        let clock = Member(name: "clock", type: MemberType("any Clock", kind: .existential), scope: .input)
        let graph = ProgramGraph(Program(containers: [Container(name: "App", members: [handler, runner, report, clock])]))
        #expect(graph.memberEdges.map(\.access) == [.lazy, .value, .provider])
        #expect(AsciiRenderer.render(graph).contains("reads: handler (provider), clock"))
        #expect(MermaidRenderer.render(graph).contains("App__runner -.->|provider| App__handler"))
        #expect(MermaidRenderer.render(graph).contains("App__runner --> App__clock"))
        #expect(DotRenderer.render(graph).contains("\"App.report\" -> \"App.runner\" [label=\"lazy\", style=dashed];"))
        let json = JSONRenderer.render(graph)
        #expect(json.components(separatedBy: "\"access\"").count == 3)
        #expect(json.contains("\"access\": \"provider\""))
    }
}
