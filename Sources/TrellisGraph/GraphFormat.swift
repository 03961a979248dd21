/// The text formats the graph can be written in.
public enum GraphFormat: String, Hashable, Sendable, CaseIterable {
    /// A Mermaid flowchart: containers as subgraphs, members inside them.
    case mermaid
    /// A Graphviz digraph: containers as clusters, members inside them.
    case dot
    /// A plain-text tree, one container after another.
    case ascii
    /// A documented, versioned JSON document (the GraphJSON article of the DocC catalog) for other tools to read.
    case json

    /// `graph` written in this format, ending with a newline.
    public func render(_ graph: ProgramGraph) -> String {
        switch self {
        case .mermaid: MermaidRenderer.render(graph)
        case .dot: DotRenderer.render(graph)
        case .ascii: AsciiRenderer.render(graph)
        case .json: JSONRenderer.render(graph)
        }
    }
}

extension ProgramGraph.ContainerNode {
    /// What a renderer writes after the name: `root`, `validateDAG: false`, when they apply.
    public var traits: [String] {
        (isRoot ? ["root"] : []) + (validatesDAG ? [] : ["validateDAG: false"])
    }

    /// The name followed by its traits in parentheses, if any: `AppContainer (root)`.
    public var title: String {
        traits.isEmpty ? name : "\(name) (\(traits.joined(separator: ", ")))"
    }
}
