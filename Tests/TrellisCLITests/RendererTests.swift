import Testing

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
}
