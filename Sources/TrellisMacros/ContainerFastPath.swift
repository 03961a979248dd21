import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import TrellisSyntax

extension PluginFastPath {
    /// The roles of `@DIContainer` this path answers, by the name the compiler sends. The
    /// member-attribute role (containers with `mainActor: true`) is asked once per member, with the
    /// container as the parent declaration, and is left to swift-syntax's handler.
    private static let containerRoles: [String: MacroRole] = ["member": .member, "peer": .peer, "extension": .extension]

    /// The collapsed expansion of a `@DIContainer` role whose container is in the plain form
    /// (``PlainSyntax``), else `nil`.
    ///
    /// swift-syntax's handler would parse the container's text for each request. For a container of
    /// 250 members that parse was 1.8 G instructions of the plug-in's 2.9 G in each debug compiler
    /// job. Here ``PlainSyntax`` builds the same tree from the text, and the macro runs on it through
    /// swift-syntax's own `expandAttachedMacroWithoutCollapsing` and `collapse`, as the handler runs
    /// it. Whenever the macro has something to report, the request is left to the handler, which
    /// locates diagnostics in the source.
    func containerExpansion(for request: AttachedRequest, in json: PluginMessageJSON) -> String? {
        guard let role = Self.containerRoles[request.role], request.macroType == "DIContainerMacro",
            buildsContainerTrees,
            let extendedType = optionalSyntax(request.extendedType, in: json, read: extendedType),
            let conformances = optionalSyntax(request.conformanceList, in: json, read: conformanceList),
            // The answer below is what swift-syntax sends for a macro that does not re-format its output.
            case .disabled = DIContainerMacro.formatMode,
            let attribute = containerAttribute(request.attribute),
            let declaration = container(request.declaration),
            let lexicalContext = lexicalContext(request.lexicalContext, in: json)
        else { return nil }
        let context = BasicMacroExpansionContext(
            lexicalContext: lexicalContext, expansionDiscriminator: request.discriminator)
        // swift-syntax 602 renamed the declaration's label (and deprecated the old one); 600 and 601
        // know only `declarationNode:`. The version marker modules tell them apart.
        #if canImport(SwiftSyntax602)
            let expansions = expandAttachedMacroWithoutCollapsing(
                definition: DIContainerMacro.self, macroRole: role, attributeNode: attribute, node: declaration,
                parentDeclNode: nil, extendedType: extendedType, conformanceList: conformances, in: context)
        #else
            let expansions = expandAttachedMacroWithoutCollapsing(
                definition: DIContainerMacro.self, macroRole: role, attributeNode: attribute, declarationNode: declaration,
                parentDeclNode: nil, extendedType: extendedType, conformanceList: conformances, in: context)
        #endif
        guard let expansions, context.diagnostics.isEmpty else { return nil }
        return collapse(expansions: expansions, for: role, attachedTo: declaration, indentationWidth: [])
    }

    /// Whether ``PlainSyntax`` builds a container's tree faster than swift-syntax's parser reads
    /// it, in this build of the plug-in.
    ///
    /// It depends on how swift-syntax was compiled. SwiftPM compiles it from source in debug when
    /// it is offline, and then building takes about a quarter of the parser's time (1.8 G
    /// instructions to parse the 250-member benchmark container, 0.46 G to build it). When SwiftPM
    /// links its prebuilt, optimised swift-syntax, the parser is faster than the
    /// builder, which is compiled in debug with the plug-in. Nothing at compile time tells the two
    /// apart, so the plug-in times both once, on a container of one member, after a first run of
    /// each that pays their one-time costs (about 45 M instructions in all in a debug build). The
    /// choice changes how long an answer takes, never the answer: both trees are the same
    /// (``PlainSyntax``'s property test), and the handler's answers are the fast path's
    /// (``ContainerFastPathTests``).
    static func containerBuildingIsFaster() -> Bool {
        let sample = """

            @DIContainer
            struct Sample {
                @Provide(.transient, factory: { (m0: S0, m2: S2) in S1(m0: m0, m2: m2) }, concrete: true)
                var m1: S1
            }
            """
        func parse() -> DeclSyntax {
            var parser = Parser(sample)
            return DeclSyntax.parse(from: &parser)
        }
        let clock = ContinuousClock()
        _ = (PlainSyntax.declaration(sample), parse())
        let building = clock.measure { _ = PlainSyntax.declaration(sample) }
        let parsing = clock.measure { _ = parse() }
        return building < parsing
    }

    /// A syntax member the request may leave out: `.some(nil)` when it is absent, the node `read`
    /// makes of its source when present, and `nil` (decline) when that fails.
    private func optionalSyntax<Node>(
        _ value: PluginMessageJSON.Value?, in json: PluginMessageJSON, read: (String) -> Node?
    ) -> Node?? {
        if Self.isAbsent(value) { return .some(nil) }
        guard let value, let kind = json.string(json.member("kind", of: value)),
            let source = Self.syntaxSource(value, kind: kind, in: json), let node = read(source)
        else { return nil }
        return node
    }

    /// The container declaration built from `text`, or the last one when the text is the same.
    private func container(_ text: String) -> DeclSyntax? {
        if let last = lastContainer, last.text == text { return last.tree }
        guard let tree = PlainSyntax.declaration(text) else { return nil }
        lastContainer = (text, tree)
        return tree
    }

    private func containerAttribute(_ text: String) -> AttributeSyntax? {
        remembered(text, in: \.containerAttributes, make: PlainSyntax.attribute)
    }

    /// The type the extension role extends (`Container`), parsed: it is a few tokens.
    private func extendedType(_ text: String) -> TypeSyntax? {
        remembered(text, in: \.extendedTypes, make: Self.parsed)
    }

    /// The conformances the extension role may add, which the compiler sends as the inheritance
    /// list of a placeholder (`struct Placeholder: Sendable {}`), parsed.
    private func conformanceList(_ text: String) -> InheritedTypeListSyntax? {
        remembered(text, in: \.conformanceLists) { text in
            (Self.parsed(text) as DeclSyntax?)?.as(StructDeclSyntax.self)?.inheritanceClause?.inheritedTypes
        }
    }
}
