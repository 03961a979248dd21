import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros
import TrellisGraph
import TrellisSyntax

/// `@DIContainer`: extract the container, validate it with the shared rules, report every issue
/// on its syntax, and generate storage, initializer and builders when there is no error.
public struct DIContainerMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro, PeerMacro {
    /// The generator writes formatted code; swift-syntax's re-formatting would be a large part of the
    /// plug-in's time per expansion (Benchmarks/results/analysis.md has the figures).
    public static var formatMode: FormatMode { .disabled }

    /// Generates the container's storage, initializers, `Inputs` and builders when it has no error,
    /// and placeholders otherwise. The peer role reports the issues (see
    /// ``expansion(of:providingPeersOf:in:)``).
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // A second `@DIContainer` adds nothing; the first reports it (`trellis.repeated-attribute`).
        guard !isRepetition(node, named: "DIContainer", in: declaration.attributes, context) else { return [] }
        var extraction = ExtractionCache.extraction(of: declaration, attribute: node)
        ContainerExtractor.read(DeclarationContext(lexicalContext: context.lexicalContext, of: declaration), into: &extraction)
        let issues = ExtractionCache.issues(of: extraction, declaration: declaration, attribute: node)
        guard extraction.container.kind.canBeContainer else { return [] }
        // A name declared twice is Swift's error; the placeholders then keep the user's calls free
        // of cascades (see `placeholderDeclarations`).
        guard !extraction.hasUnparsedDeclarations, extraction.redeclaredMembers.isEmpty, !issues.contains(where: \.isError),
            let plan = BuildPlan(extraction.container)
        else {
            // Same members with bodies that never run: the accessors and call sites still resolve,
            // so the user sees our diagnostics instead of a cascade of "cannot find" errors.
            let locator = SourceLocator(context, root: Syntax(declaration).root)
            let places = SignaturePlaces(
                extraction: extraction, name: declaration.asProtocol(NamedDeclSyntax.self)?.name, locator: { locator })
            return ContainerGenerator.placeholderDeclarations(
                for: extraction, locator: locator, places: places, effectFixes: effectFixes(in: issues))
        }
        let locator = SourceLocator(context, root: Syntax(declaration).root)
        var generator = ContainerGenerator(plan: plan, extraction: extraction, locator: locator)
        generator.signaturePlaces = SignaturePlaces(
            extraction: extraction, name: declaration.asProtocol(NamedDeclSyntax.self)?.name, locator: { locator })
        generator.namePlace = (declaration.asProtocol(NamedDeclSyntax.self)?.name).flatMap { locator.place(Syntax($0)) }
        // The protocols a class container usually names first cannot be superclasses.
        if let inherited = declaration.as(ClassDeclSyntax.self)?.inheritanceClause?.inheritedTypes.first,
            case let first = inherited.type.trimmedDescription,
            !ContainerGenerator.namesSendable(first), first != "AnyObject", !first.hasSuffix("Dependencies")
        {
            generator.superclassPlace = locator.place(Syntax(inherited.type))
        }
        return generator.declarations()
    }

    /// The fixes of the errors on members' effects (a synchronous factory reading an async or
    /// throwing member), by the member whose factory they edit.
    private static func effectFixes(in issues: [Issue]) -> [String: [Fix]] {
        var fixes: [String: [Fix]] = [:]
        for issue in issues where issue.code == .synchronousReadsAsynchronous || issue.code == .readsThrowingWithoutThrows {
            guard let member = issue.anchor.memberName else { continue }
            for fix in issue.fixes where !fixes[member, default: []].contains(fix) {
                fixes[member, default: []].append(fix)
            }
        }
        return fixes
    }

    /// With `mainActor: true`, isolates every `@Provide` member to the main actor.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard !isRepetition(node, named: "DIContainer", in: declaration.attributes, context) else { return [] }
        let attributes: AttributeListSyntax
        if let variable = member.as(VariableDeclSyntax.self),
            ProvideAttributeReader.provideAttribute(of: variable.attributes) != nil
        {
            attributes = variable.attributes
        } else if let function = member.as(FunctionDeclSyntax.self),
            ProvideAttributeReader.assistedAttribute(of: function.attributes) != nil
        {
            attributes = function.attributes
        } else {
            return []
        }
        guard ContainerExtractor.options(of: node).mainActor,
            !attributes.contains(where: { element in
                if case .attribute(let attribute) = element {
                    return ProvideAttributeReader.attributeName(attribute) == "MainActor"
                }
                return false
            })
        else { return [] }
        return ["@MainActor"]
    }
}

extension DIContainerMacro {
    /// Reports every issue of the container, and declares `<Name>Dependencies` beside it: what it
    /// needs from its owner.
    ///
    /// The issues are reported here rather than by the member role, which the compiler expands in
    /// every compile job whose file reads the container's members: each error was printed once per
    /// such job (26 times in a Vapor program of 26 files). The peer role is expanded where the
    /// container's own file is compiled, and elsewhere only where a file names `<Name>Dependencies`.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let group = declaration.asProtocol(DeclGroupSyntax.self),
            !isRepetition(node, named: "DIContainer", in: group.attributes, context)
        else { return [] }
        var extraction = ExtractionCache.extraction(of: group, attribute: node)
        ContainerExtractor.read(DeclarationContext(lexicalContext: context.lexicalContext, of: group), into: &extraction)
        let issues = ExtractionCache.issues(of: extraction, declaration: group, attribute: node)
        let mapper = DiagnosticMapper(extraction: extraction, declaration: group)
        for issue in issues { context.diagnose(mapper.diagnostic(for: issue)) }
        // A generic or local type, or one nested in a generic type, cannot have a protocol beside it;
        // a container with a parent needs none.
        guard extraction.container.kind.canBeContainer, !extraction.hasNoNeedsProtocol,
            extraction.container.options.parent == nil
        else { return [] }
        var container = extraction.container
        let lessVisible = extraction.lessVisibleTypeMembers
        container.members = container.members.compactMap { member in
            guard let syntax = extraction.members[member.name], !lessVisible.contains(member.name)
            else { return nil }
            // Declared beside the container, the protocol names the container's own types through it.
            var qualified = member
            qualified.type.text = extraction.qualified(syntax.type)
            return qualified
        }
        let locator = SourceLocator(context, root: Syntax(group).root)
        let places = SignaturePlaces(
            extraction: extraction, name: group.asProtocol(NamedDeclSyntax.self)?.name, locator: { locator })
        let typePlaces = ContainerGenerator.typePlaces(in: extraction, locator: locator)
        return [HierarchyGenerator(container: container, places: places, typePlaces: typePlaces).dependenciesProtocol()]
    }

    /// Declares `Sendable` for a container whose providers may be called from any thread, and
    /// `Trellis.ParentReading` for a container with `parent:`.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard !isRepetition(node, named: "DIContainer", in: declaration.attributes, context) else { return [] }
        let sendable = try sendableExtension(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols)
        // The compiler lists the protocols the type does not conform to yet.
        guard protocols.contains(where: { $0.trimmedDescription.hasSuffix("ParentReading") }) else { return sendable }
        return sendable + (try parentReadingExtension(of: node, attachedTo: declaration, providingExtensionsOf: type))
    }

    /// `extension Scope: Trellis.ParentReading {}` for a container with `parent:` (isolated to the
    /// container's global actor, if it has one, so that the parent is read there).
    private static func parentReadingExtension(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol
    ) throws -> [ExtensionDeclSyntax] {
        guard ContainerExtractor.options(of: node).parent != nil,
            ContainerExtractor.kind(of: declaration).canBeContainer
        else { return [] }
        let extraction = ExtractionCache.extraction(of: declaration, attribute: node)
        let isolation = extraction.container.isolatingActor.map { "@\($0) " } ?? ""
        return [
            try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: isolation)\(raw: GeneratedNames.parentReadingType) {}")
        ]
    }

    private static func sendableExtension(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax]
    ) throws -> [ExtensionDeclSyntax] {
        // An actor is `Sendable`, but the compiler leaves that to this role, which may add it, and
        // reports "type does not conform to protocol 'Sendable'" beside `@DIContainer`'s error on
        // the actor when nothing does.
        if declaration.is(ActorDeclSyntax.self),
            protocols.contains(where: { ContainerGenerator.namesSendable($0.trimmedDescription) })
        {
            return [try ExtensionDeclSyntax("extension \(type.trimmed): Sendable {}")]
        }
        // Most containers have no provider: find that out without extracting the container
        // (the plug-in is built without optimisation in debug builds, where this shows).
        // A factory may also take the container (`{ (c: Self) in ... c.scope ... }`).
        let mayNeedSendable = declaration.memberBlock.members.contains { item in
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                return ProvideAttributeReader.assistedAttribute(of: function.attributes).map(mentionsProvider) ?? false
            }
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                let provide = ProvideAttributeReader.provideAttribute(of: variable.attributes)
            else { return false }
            return mentionsProvider(provide) || takesClosure(provide)
        }
        guard mayNeedSendable else { return [] }
        let extraction = ExtractionCache.extraction(of: declaration, attribute: node)
        let container = extraction.container
        guard container.kind.canBeContainer, container.isolatingActor == nil,
            ContainerGenerator.needsSendable(container),
            protocols.contains(where: { ContainerGenerator.namesSendable($0.trimmedDescription) })
        else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): Sendable {}")]
    }

    /// Whether an attribute holds a closure with a signature (`{ (c: Self) in`, however the line
    /// goes on after `in`), which may take the container.
    private static func takesClosure(_ attribute: AttributeSyntax) -> Bool {
        attribute.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.in) }
    }

    /// Whether an attribute's text names `Provider` or `Lazy`, which a factory parameter's type must,
    /// or a function type (`->`), which a parameter taking an `@Assisted` function has.
    private static func mentionsProvider(_ attribute: AttributeSyntax) -> Bool {
        let text = attribute.description
        return text.contains("Provider") || text.contains("Lazy") || text.contains("->")
    }
}

/// `@Provide`: gives the member its read-only accessor. Reports only what it alone can see (that
/// it is not inside a `@DIContainer`); `@DIContainer` reports everything else.
public struct ProvideMacro: AccessorMacro {
    /// See ``DIContainerMacro/formatMode``.
    public static var formatMode: FormatMode { .disabled }

    /// The member's getter, forwarding to what `@DIContainer` generates.
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        // A second `@Provide` adds nothing; `@DIContainer` reports it (`trellis.repeated-attribute`).
        if let variable = declaration.as(VariableDeclSyntax.self),
            isRepetition(node, named: "Provide", in: variable.attributes, context)
        {
            return []
        }
        let kind: DeclarationKind
        switch placement(in: context.lexicalContext.first) {
        case .outsideContainer:
            let inExtension = context.lexicalContext.first?.is(ExtensionDeclSyntax.self) == true
            context.diagnose(
                Diagnostic(
                    node: node, message: TrellisDiagnostic(.provideOutsideContainer(at: .container(""), inExtension: inExtension))
                ))
            // A getter that reads nothing: without one, the compiler adds "did not produce a
            // non-observing accessor" (and, in an extension, "extensions must not contain stored
            // properties").
            let shape = declaration.as(VariableDeclSyntax.self).map(ProvideMemberShape.read)
            return shape?.takesStandInGetter == true ? [standInGetter] : []
        case .withoutStorage:
            // `@DIContainer` reports the declaration (an actor, a class that is not final); a getter
            // that type-checks alone keeps that the only error, where none would add the compiler's
            // "did not produce a non-observing accessor" on every member.
            return [standInGetter]
        case .inContainer(let containerKind):
            kind = containerKind
        }
        // A declaration that breaks the member rule gets `@DIContainer`'s diagnostic and no getter. An
        // initial value is allowed here (an `.input`'s default, an error elsewhere that `@DIContainer`
        // reports): the getter keeps that the only diagnostic.
        guard let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
        // A declaration that does not parse (being typed) is left out of the container: a getter
        // that reads nothing of it, so that the parser's error is the only one.
        // An attribute that does not parse is read as the fast path reads it, from the scope it starts
        // with, when that is plain (`.transient, ...`); otherwise the member gets the same getter.
        if ProvideMemberShape.bindingHasError(variable)
            || (node.hasError && ProvideAttributeText.standIn(forAttribute: node.description) == nil)
        {
            return [
                GeneratedSource.getter(async: false, throws: false, body: "fatalError(\"Trellis: this member does not parse\")")
            ]
        }
        let shape = ProvideMemberShape.read(variable)
        guard shape.takesGetter, case .member(_, let identifier, _) = shape else {
            return shape.takesStandInGetter ? [ProvideMacro.standInGetter] : []
        }
        let attribute = ProvideAttributeReader.read(node)
        if let type = variable.bindings.first?.typeAnnotation?.type, TypeClassifier.kind(of: type) == .opaque {
            let locator = SourceLocator(context, root: Syntax(node).root)
            if attribute.scope != .transient {
                // An opaque member that is not `.transient` is an error `@DIContainer` reports, and the
                // container keeps no value for it: a getter that type-checks alone where the factory
                // tells a type, or one whose single error is on the member's type.
                return [
                    AccessorGenerator.opaqueStandInGetter(attribute: attribute, locator: locator)
                        ?? AccessorGenerator.unknownOpaqueGetter(attribute: attribute, type: type, context: context)
                ]
            }
            if attribute.effectiveFactory == nil && attribute.autoWiringType == nil {
                return [AccessorGenerator.unknownOpaqueGetter(attribute: attribute, type: type, context: context)]
            }
        }
        return [AccessorGenerator.getter(for: identifier.identifier.memberName, attribute: attribute, in: kind)]
    }

    /// The getter of a member `@DIContainer` reports and generates nothing for: it reads nothing,
    /// so the compiler adds no error of its own (as it would for a member left without the getter
    /// the macro declares it gives).
    static let standInGetter = GeneratedSource.getter(
        async: false, throws: false, body: "fatalError(\"Trellis: this member is not part of its container\")")

    /// Where a member is, judged from the declaration directly around it.
    enum Placement: Equatable {
        /// Not in a `@DIContainer` declaration: an error.
        case outsideContainer
        /// In one where `@DIContainer` generates no storage (an actor, an open class, an attribute
        /// whose arguments Swift cannot match to the macro): an accessor reading storage would only
        /// add "cannot find" errors to the error already reported.
        case withoutStorage
        /// In a container of this kind.
        case inContainer(DeclarationKind)
    }

    /// The placement of a member whose innermost lexical context is `parent`.
    static func placement(in parent: Syntax?) -> Placement {
        guard let parent = parent?.asProtocol(DeclGroupSyntax.self),
            let attribute = SourceFileScanner.containerAttribute(of: parent)
        else { return .outsideContainer }
        // `@DIContainer(mainActor: true, concrete: true)`: the compiler's error on the attribute is
        // the only one, and `@DIContainer` generates nothing to read.
        guard ContainerExtractor.matchesMacroDeclaration(attribute) else { return .withoutStorage }
        let kind = ContainerExtractor.kind(of: parent)
        return kind.canBeContainer ? .inContainer(kind) : .withoutStorage
    }
}

/// Whether `node` is not the first attribute named `name` in `attributes`: a repetition, which
/// `trellis.repeated-attribute` reports and whose expansion adds nothing. The compiler sends the
/// attribute as a tree of its own, so the two are compared by their place in the file; asked only
/// of a declaration with more than one.
func isRepetition(
    _ node: AttributeSyntax, named name: String, in attributes: AttributeListSyntax, _ context: some MacroExpansionContext
) -> Bool {
    let all = ProvideAttributeReader.attributes(named: name, in: attributes)
    guard all.count > 1, let first = all.first, let mine = context.location(of: node), let firsts = context.location(of: first)
    else { return false }
    return mine.line.trimmedDescription != firsts.line.trimmedDescription
        || mine.column.trimmedDescription != firsts.column.trimmedDescription
}
