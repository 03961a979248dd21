import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import TrellisSyntax

/// Answers the compiler's `@Provide` getter requests without swift-syntax's message handler where
/// that changes nothing but the time taken (see `README.md` in this folder for what it answers and
/// why it exists).
///
/// The compiler asks for every member's getter separately, sending the member's declaration, its
/// attribute (factory closure and all) and a 4 KB build configuration. In debug builds, where
/// SwiftPM compiles swift-syntax without optimisation, decoding and parsing all of that is most of
/// the plug-in's time per member.
///
/// This path reads the message with ``PluginMessageJSON`` and swaps the attribute for the stand-in
/// ``ProvideAttributeText`` finds (`@Provide(.transient)`). When ``ProvideDeclarationText`` shows
/// the rest is a plain `var name: Type`, it writes the getter from the name with the functions
/// ``ProvideMacro`` uses (``ProvideMacro/placement(in:)``, ``AccessorGenerator``); otherwise it
/// parses the small declaration the stand-in leaves and runs ``ProvideMacro`` itself on it.
///
/// It answers only requests it can answer exactly as swift-syntax's handler would: anything else
/// (another macro or role, an attribute the stand-in cannot cover, a declaration the macro
/// diagnoses or skips, a protocol or swift-syntax version CI does not test) returns `nil` and goes
/// to that handler.
final class PluginFastPath {
    /// Lexical contexts parsed so far: every member of a container sends the same one.
    var lexicalContexts: [String: Syntax] = [:]
    /// Stand-in attributes parsed so far, by their text.
    var standInAttributes: [String: AttributeSyntax] = [:]
    /// The host's protocol version, from its `getCapability` message; until then nothing is answered.
    private var hostProtocolVersion: Int?

    /// The plug-in protocol versions whose messages the tests replay from the real compiler
    /// (``FastPathReplayTests``): Swift 6.3 speaks version 7. A host speaking another version is
    /// served by swift-syntax's handler alone.
    static let answeredProtocolVersions: Set<Int> = [7]

    /// The response to `message`, or `nil` when swift-syntax's handler must answer it.
    func response(to message: [UInt8]) -> [UInt8]? {
        guard let json = PluginMessageJSON(message) else { return nil }
        if let version = json.integer(json.value(at: "getCapability", "capability", "protocolVersion")) {
            hostProtocolVersion = version
            return nil
        }
        guard let version = hostProtocolVersion, Self.answeredProtocolVersions.contains(version),
            let value = json.value(at: "expandAttachedMacro"),
            let request = AttachedRequest(value, in: json),
            let expansion = getter(for: request, in: json)
        else { return nil }
        return Array(#"{"expandMacroResult":{"diagnostics":[],"expandedSource":"#.utf8)
            + PluginMessageJSON.quoted(expansion) + Array("}}".utf8)
    }

    /// What the answer reads of an `expandAttachedMacro` request for one of Trellis's macros
    /// attached to a declaration of its own (no parent declaration).
    struct AttachedRequest {
        /// The role's name as the compiler sends it (`accessor`, `member`, ...).
        var role: String
        /// The macro's type in `TrellisMacros` (`ProvideMacro`, `DIContainerMacro`).
        var macroType: String
        var attribute: String
        var declaration: String
        var lexicalContext: [PluginMessageJSON.Value]
        var discriminator: String
        var extendedType: PluginMessageJSON.Value?
        var conformanceList: PluginMessageJSON.Value?

        init?(_ request: PluginMessageJSON.Value, in json: PluginMessageJSON) {
            guard let role = json.string(json.member("macroRole", of: request)),
                let macro = json.member("macro", of: request),
                json.string(json.member("moduleName", of: macro)) == "TrellisMacros",
                let macroType = json.string(json.member("typeName", of: macro)),
                PluginFastPath.isAbsent(json.member("parentDeclSyntax", of: request)),
                let attribute = PluginFastPath.syntaxSource(
                    json.member("attributeSyntax", of: request), kind: "attribute", in: json),
                let declaration = PluginFastPath.syntaxSource(
                    json.member("declSyntax", of: request), kind: "declaration", in: json),
                case .array(let lexicalContext)? = json.member("lexicalContext", of: request),
                let discriminator = json.string(json.member("discriminator", of: request))
            else { return nil }
            self.role = role
            self.macroType = macroType
            self.attribute = attribute
            self.declaration = declaration
            self.lexicalContext = lexicalContext
            self.discriminator = discriminator
            extendedType = json.member("extendedTypeSyntax", of: request)
            conformanceList = json.member("conformanceListSyntax", of: request)
        }
    }

    /// The collapsed accessor text for a `@Provide` request, when it can be made here.
    private func getter(for request: AttachedRequest, in json: PluginMessageJSON) -> String? {
        guard request.role == "accessor", request.macroType == "ProvideMacro",
            Self.isAbsent(request.extendedType), Self.isAbsent(request.conformanceList),
            let lexicalContext = lexicalContext(request.lexicalContext, in: json)
        else { return nil }
        return getter(
            attribute: request.attribute, declaration: request.declaration, lexicalContext: lexicalContext,
            discriminator: request.discriminator)
    }

    /// The getter for the declaration, its attribute standing in for the one written. For a plain
    /// `var name: Type` the getter is written directly from the name, the stand-in's scope and
    /// effects and the container's kind, with the same functions ``ProvideMacro`` uses; otherwise
    /// ``ProvideMacro`` runs on the declaration, parsed with the stand-in in place.
    private func getter(attribute: String, declaration: String, lexicalContext: [Syntax], discriminator: String) -> String? {
        // The answer below is what swift-syntax sends for a macro that does not re-format its output.
        guard case .disabled = ProvideMacro.formatMode, case .known(let indentation) = Self.getterIndentation,
            let standIn = ProvideAttributeText.standIn(forAttribute: attribute)
        else { return nil }
        if let name = ProvideDeclarationText.memberName(in: declaration, after: attribute),
            let read = standInAttribute(standIn.standIn).map(ProvideAttributeReader.read),
            case .inContainer(let kind) = ProvideMacro.placement(in: lexicalContext.first)
        {
            let source = AccessorGenerator.getterSource(for: MemberName.spelling(name), attribute: read, in: kind)
            return collapse(
                expansions: [source], for: .accessor, attachedTo: plainDeclaration, indentationWidth: indentation)
        }
        guard let (attributeNode, node) = parsedMember(declaration: declaration, standIn: standIn) else { return nil }
        // An opaque member's getter is placed on the user's lines (`#sourceLocation`), which needs the
        // file and line only swift-syntax's handler is told: left to it.
        if let variable = node.as(VariableDeclSyntax.self), let type = variable.bindings.first?.typeAnnotation?.type,
            TypeClassifier.kind(of: type) == .opaque
        {
            return nil
        }
        let context = BasicMacroExpansionContext(lexicalContext: lexicalContext, expansionDiscriminator: discriminator)
        // The same steps as swift-syntax's handler for a macro whose format mode is `.disabled`.
        guard let accessors = try? ProvideMacro.expansion(of: attributeNode, providingAccessorsOf: node, in: context),
            !accessors.isEmpty, context.diagnostics.isEmpty
        else { return nil }
        return collapse(
            expansions: accessors.map { Syntax($0).description }, for: .accessor, attachedTo: node,
            indentationWidth: indentation)
    }

    /// How swift-syntax's handler indents a getter inside the braces it wraps it in.
    enum GetterIndentation {
        /// The width it passes to `collapse` (`nil`: that function's default, four spaces).
        case known(Trivia?)
        /// Not checked against this swift-syntax: getters are left to the handler.
        case unknown
    }

    /// The handler's indentation in the swift-syntax this plug-in is built with, for the versions CI
    /// tests (the oldest the manifest accepts, 600, and the one it resolves, 603): 603 honours the
    /// macro's `formatMode` (`.disabled`: none), 600 ignores it and indents by four spaces. The
    /// replay tests check both byte for byte; with any other version getters go to the handler.
    static let getterIndentation: GetterIndentation = {
        #if canImport(SwiftSyntax603) && !canImport(SwiftSyntax604)
            return .known([])
        #elseif canImport(SwiftSyntax600) && !canImport(SwiftSyntax601)
            return .known(nil)
        #else
            return .unknown
        #endif
    }()

    /// A `var name: Type` without accessors: all `collapse` looks at to wrap a getter in braces.
    private lazy var plainDeclaration = VariableDeclSyntax(
        bindingSpecifier: .keyword(.var),
        bindings: [
            PatternBindingSyntax(
                pattern: IdentifierPatternSyntax(identifier: .identifier("name")),
                typeAnnotation: TypeAnnotationSyntax(type: IdentifierTypeSyntax(name: .identifier("T"))))
        ])

    /// The stand-in attribute and the declaration it was put into, parsed.
    private func parsedMember(declaration: String, standIn: ProvideAttributeText.StandIn) -> (AttributeSyntax, DeclSyntax)? {
        guard let range = declaration.firstRange(of: standIn.written),
            declaration[range.upperBound...].firstRange(of: standIn.written) == nil
        else { return nil }
        var reduced = declaration
        reduced.replaceSubrange(range, with: standIn.standIn)
        let standInOffset = declaration.utf8.distance(from: declaration.startIndex, to: range.lowerBound)
        var parser = Parser(reduced)
        let node = DeclSyntax.parse(from: &parser)
        guard !node.hasError, let variable = node.as(VariableDeclSyntax.self) else { return nil }
        // The attribute that starts where the stand-in was put.
        for element in variable.attributes {
            if case .attribute(let attribute) = element,
                attribute.positionAfterSkippingLeadingTrivia.utf8Offset == standInOffset
            {
                return (attribute, node)
            }
        }
        return nil
    }

    /// A stand-in attribute, parsed once: there are as many as scopes.
    private func standInAttribute(_ text: String) -> AttributeSyntax? {
        remembered(text, in: \.standInAttributes, make: Self.parsed)
    }

    /// The lexical context a request sends, parsed (once for each text).
    func lexicalContext(_ values: [PluginMessageJSON.Value], in json: PluginMessageJSON) -> [Syntax]? {
        var contexts: [Syntax] = []
        for value in values {
            guard let source = Self.syntaxSource(value, kind: "declaration", in: json),
                let context = remembered(
                    source, in: \.lexicalContexts,
                    make: { text in
                        var parser = Parser(text)
                        return Syntax(DeclSyntax.parse(from: &parser))
                    })
            else { return nil }
            contexts.append(context)
        }
        return contexts
    }

    /// The node `make` gives for `text`, kept in `cache`: every request about one container sends
    /// the same few texts (its lexical context, its attribute, stand-ins).
    func remembered<Node>(
        _ text: String, in cache: ReferenceWritableKeyPath<PluginFastPath, [String: Node]>, make: (String) -> Node?
    ) -> Node? {
        if let node = self[keyPath: cache][text] { return node }
        guard let node = make(text) else { return nil }
        self[keyPath: cache][text] = node
        return node
    }

    /// `text` parsed as a `Node`, unless the parser finds an error in it.
    static func parsed<Node: SyntaxParseable>(_ text: String) -> Node? {
        var parser = Parser(text)
        let node = Node.parse(from: &parser)
        return node.hasError ? nil : node
    }

    /// The `source` of a syntax value of the message when it has the given `kind`.
    static func syntaxSource(_ value: PluginMessageJSON.Value?, kind: String, in json: PluginMessageJSON) -> String? {
        guard let value, json.string(json.member("kind", of: value)) == kind else { return nil }
        return json.string(json.member("source", of: value))
    }

    /// Whether a member of the message is missing or `null`.
    static func isAbsent(_ value: PluginMessageJSON.Value?) -> Bool {
        guard let value else { return true }
        if case .null = value { return true }
        return false
    }
}
