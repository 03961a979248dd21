import SwiftSyntax
import TrellisGraph

/// Reads a `@DIContainer` declaration into the model. Reports what it cannot read as problems and
/// never emits diagnostics itself.
public enum ContainerExtractor {
    /// Extracts the container declared by `declaration`, whose `@DIContainer` attribute is `attribute`.
    public static func extract(_ declaration: some DeclGroupSyntax, attribute: AttributeSyntax) -> ContainerExtraction {
        let name = declarationName(declaration) ?? "container"
        var extraction = ContainerExtraction(
            container: Container(
                name: name,
                kind: kind(of: declaration),
                accessLevel: accessLevel(of: declaration.modifiers),
                options: options(of: attribute),
                globalActorAttributes: globalActors(of: declaration.attributes),
                declaredConformances: declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []),
            problems: [], anchors: [.container(name): Syntax(attribute)], members: [:])
        readOptionProblems(attribute, into: &extraction)
        for repeated in ProvideAttributeReader.attributes(named: "DIContainer", in: declaration.attributes).dropFirst() {
            let anchor = Anchor.containerDetail(container: name, index: extraction.containerDetails)
            extraction.containerDetails += 1
            extraction.anchors[anchor] = Syntax(repeated)
            extraction.problems.append(.repeatedAttribute("DIContainer", on: name, at: anchor))
        }
        extraction.isFrozen = declaration.attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return ["frozen", "_fixed_layout"].contains(ProvideAttributeReader.attributeName(attribute))
        }
        DeclarationBodyReader.readGenericParameters(of: declaration, into: &extraction)
        (extraction.nestedTypeAccess, extraction.functionTypeAliases) = DeclarationBodyReader.nestedTypes(
            of: declaration.memberBlock.members)
        for element in declaration.attributes {
            // The declaration's own copy of `@DIContainer`, which code generation can place (the
            // attribute the macro is given is a tree of its own).
            if case .attribute(let own) = element, ProvideAttributeReader.attributeName(own) == "DIContainer" {
                extraction.anchors[.containerAttribute(container: name, name: "DIContainer")] = Syntax(own)
            }
            guard case .attribute(let actor) = element, globalActorName(actor) != nil else { continue }
            extraction.anchors[.containerAttribute(container: name, name: ProvideAttributeReader.attributeName(actor))] = Syntax(
                actor)
        }
        for item in declaration.memberBlock.members {
            // A declaration still being typed does not parse: the parser reports it, and the model
            // leaves it out (see ``ContainerExtraction/hasUnparsedDeclarations``). A member whose
            // `var name: Type` parses, with an error only in its attribute, stays, with the scope the
            // attribute starts with: its getter, written from that scope, reads the placeholders.
            // So is `var member: any P?`, which swift-syntax reads but the compiler's parser rejects.
            let rejectedType = item.decl.as(VariableDeclSyntax.self).map(ProvideMemberShape.bindingHasError) ?? false
            if item.decl.hasError || rejectedType {
                extraction.hasUnparsedDeclarations = true
                // What the parser recovered differs with the text around it: the macro attached to
                // the member, which sees the member alone, may find it whole. So whatever has a
                // name and a type that parse is kept, for its getter or body to find.
                if let variable = item.decl.as(VariableDeclSyntax.self),
                    let provide = ProvideAttributeReader.provideAttribute(of: variable.attributes),
                    case .member(let binding, _, _) = ProvideMemberShape.read(variable),
                    let type = binding.typeAnnotation?.type, !type.hasError, binding.initializer?.hasError != true,
                    !ProvideMemberShape.hasUnparenthesizedOptionalExistential(type)
                {
                    MemberExtractor.extract(variable, attribute: provide, into: &extraction)
                } else if let function = item.decl.as(FunctionDeclSyntax.self),
                    let assisted = ProvideAttributeReader.assistedAttribute(of: function.attributes),
                    !function.signature.hasError, !function.name.hasError
                {
                    AssistedExtractor.extract(function, attribute: assisted, into: &extraction)
                }
                continue
            }
            extraction.otherDeclaredNames.formUnion(DeclarationBodyReader.plainNames(of: item.decl))
            if let initializer = item.decl.as(InitializerDeclSyntax.self) {
                let anchor = Anchor.userInitializer(container: name, index: extraction.container.userInitializerCount)
                extraction.anchors[anchor] = Syntax(initializer)
                extraction.container.userInitializerCount += 1
            } else if let variable = item.decl.as(VariableDeclSyntax.self) {
                if let provide = ProvideAttributeReader.provideAttribute(of: variable.attributes) {
                    MemberExtractor.extract(variable, attribute: provide, into: &extraction)
                } else {
                    DeclarationBodyReader.readStoredProperty(variable, into: &extraction)
                }
            } else if let function = item.decl.as(FunctionDeclSyntax.self),
                let assisted = ProvideAttributeReader.assistedAttribute(of: function.attributes)
            {
                AssistedExtractor.extract(function, attribute: assisted, into: &extraction)
            } else if let block = item.decl.as(IfConfigDeclSyntax.self) {
                DeclarationBodyReader.readConditionalMembers(block, into: &extraction)
            }
        }
        DeclarationBodyReader.readTypeVisibility(into: &extraction)
        DeclarationBodyReader.readReservedNames(in: declaration.memberBlock.members, into: &extraction)
        linkContributions(in: &extraction)
        linkExpressionReads(in: &extraction, declaredIn: declaration.memberBlock.members)
        linkInitialValues(in: &extraction, declaredIn: declaration.memberBlock.members)
        resolveFunctionReads(in: &extraction)
        readFactoryReadsOfTheContainer(in: &extraction)
        return extraction
    }

    /// Records what each member's factory closure reads of the container in ways an attribute
    /// cannot (``Factory/capturedMembers``, ``Factory/untakenReads``, ``Factory/usesSelf``), each
    /// first use anchored at `factoryDetail` 0 (`self`), 1 (a capture) and 2 (a name); the rule is
    /// `ContainerValidator`'s. Names the closure declares itself are no reads, and a closure taking
    /// the container reads its members through it.
    static func readFactoryReadsOfTheContainer(in extraction: inout ContainerExtraction) {
        let containerName = extraction.container.name
        for index in extraction.container.members.indices {
            let member = extraction.container.members[index]
            guard let closure = extraction.members[member.name]?.factory?.as(ClosureExprSyntax.self),
                var factory = member.effectiveFactory
            else { continue }
            func anchor(_ detail: Int, at node: Syntax) {
                extraction.anchors[.factoryDetail(container: containerName, member: member.name, index: detail)] = node
            }
            let uses = ClosureNameUses(closure)
            if let use = uses.firstSelf {
                factory.usesSelf = true
                anchor(0, at: use)
            }
            let hidden = uses.freeNames.filter { use in
                FactoryReader.isCalled(use.node) && hidesFunction(use.name, in: extraction.container)
                    && !FactoryReader.declaresParameter(named: use.name, in: closure)
            }
            factory.hiddenCalls = hidden.map(\.name)
            if let first = hidden.first { anchor(3, at: first.node) }
            if case .parameterClosure(let parameters) = factory.form {
                let container = extraction.container
                let hiddenNames = Set(factory.hiddenCalls)
                let isMember = { (name: String) in
                    container.member(named: name).map { !$0.isAssisted } == true && !hiddenNames.contains(name)
                }
                let captures = capturedNames(of: closure)
                let captured = captures.filter { isMember($0.name) }
                let taken = Set(
                    parameters + (member.signature?.arguments.map(\.name) ?? []) + captures.map(\.name) + [member.name])
                let untaken = uses.freeNames.filter { !taken.contains($0.name) && isMember($0.name) }
                factory.capturedMembers = captured.map(\.name)
                factory.untakenReads = untaken.map(\.name)
                factory.hasUntypedParameters = FactoryReader.parameters(of: closure).contains { $0.type == nil }
                if let first = captured.first { anchor(1, at: first.node) }
                if let first = untaken.first { anchor(2, at: first.node) }
            }
            if member.asyncFactory != nil {
                extraction.container.members[index].asyncFactory = factory
            } else {
                extraction.container.members[index].factory = factory
            }
        }
    }

    /// A factory parameter of a function type, or a `c.function` read that is not called, takes an
    /// `@Assisted` function as a value; one that names any other member reads that member's value
    /// (a member of a function type, or any member read through the container).
    static func resolveFunctionReads(in extraction: inout ContainerExtraction) {
        let assisted = Set(extraction.container.members.filter(\.isAssisted).map(\.name))
        for index in extraction.container.members.indices {
            for position in extraction.container.members[index].dependencies.indices {
                let dependency = extraction.container.members[index].dependencies[position]
                if dependency.access == .function && !assisted.contains(dependency.name) {
                    extraction.container.members[index].dependencies[position].access = .value
                }
            }
        }
    }

    /// Makes each `.collection` member read the members that contribute to it, in declaration
    /// order, each read placed on the contributor's `into:` or `elementsInto:` argument: the
    /// collection is then ordered, checked for cycles and effects, and drawn like any reader.
    static func linkContributions(in extraction: inout ContainerExtraction) {
        let name = extraction.container.name
        let members = extraction.container.members
        for index in members.indices where members[index].collection != nil {
            let collection = members[index].name
            for contributor in members where contributor.contribution?.collection == collection {
                let role: ProvideArgument = contributor.contribution?.elements == true ? .elementsInto : .into
                let anchor = Anchor.dependency(
                    container: name, member: collection, index: extraction.container.members[index].dependencies.count)
                extraction.anchors[anchor] =
                    extraction.anchors[.memberArgument(container: name, member: contributor.name, argument: role)]
                extraction.container.members[index].dependencies.append(Dependency(contributor.name, origin: .contribution))
            }
        }
    }

    /// Whether a call of `name` in a factory calls a member of `container` that is not a function
    /// value (nor an `@Assisted` function): the member's name hides a function of that name declared
    /// outside the container.
    static func hidesFunction(_ name: String, in container: Container) -> Bool {
        guard let member = container.member(named: name) else { return false }
        return !member.isAssisted && !member.type.isFunction
    }

    /// Makes a member whose factory is an expression naming other members (`factory:
    /// NetworkService(session: session)`, which Swift rejects) read them, each read placed on that
    /// expression: the rule that reports it, the graph and the cycle finder then see what was meant.
    /// A static member of the same name is what the expression reads, and is no member read.
    static func linkExpressionReads(
        in extraction: inout ContainerExtraction, declaredIn declarations: MemberBlockItemListSyntax
    ) {
        let name = extraction.container.name
        let names = Set(extraction.container.members.map(\.name))
        var statics: Set<String>?
        for index in extraction.container.members.indices {
            let member = extraction.container.members[index]
            guard member.factory?.form == .expression, let expression = extraction.members[member.name]?.factory else { continue }
            let arguments = Set(member.signature?.arguments.map(\.name) ?? [])
            // `factory: userRoutes(prefix: "/users")`, calling a function the member's name hides.
            let hidden = FactoryReader.calledPlainNames(in: expression).filter {
                !arguments.contains($0.name) && hidesFunction($0.name, in: extraction.container)
            }
            if let first = hidden.first {
                extraction.container.members[index].factory?.hiddenCalls = hidden.map(\.name)
                extraction.anchors[.factoryDetail(container: name, member: member.name, index: 3)] = first.node
            }
            let hiddenNames = Set(hidden.map(\.name))
            var reads = FactoryReader.plainNames(in: expression).filter {
                $0 != member.name && !hiddenNames.contains($0) && (names.contains($0) || arguments.contains($0))
            }
            guard !reads.isEmpty else { continue }
            let staticNames = statics ?? staticMemberNames(in: declarations)
            statics = staticNames
            reads.removeAll { staticNames.contains($0) }
            extraction.container.members[index].factory?.expressionReads = reads
            // The members are edges of the graph; an `@Assisted` function's arguments are not.
            for read in reads where !arguments.contains(read) {
                let anchor = Anchor.dependency(
                    container: name, member: member.name, index: extraction.container.members[index].dependencies.count)
                extraction.anchors[anchor] = Syntax(expression)
                extraction.container.members[index].dependencies.append(Dependency(read, origin: .expressionRead))
            }
        }
    }

    /// A member written with an initial value and nothing else that builds it (`@Provide(.shared) var
    /// client: any API = Client(url: url)`) is built by that value as the user meant: it is its
    /// factory, so that no second issue asks for one, and the initial-value problem gets a fix-it that
    /// moves it into `factory:`, as a closure taking the members it reads, typed like them (and
    /// `throws` where one throws). No fix-it where a read awaits or cannot be a closure parameter.
    static func linkInitialValues(in extraction: inout ContainerExtraction, declaredIn declarations: MemberBlockItemListSyntax) {
        guard !extraction.initialValues.isEmpty else { return }
        let statics = staticMemberNames(in: declarations)
        for (name, problem, value) in extraction.initialValues {
            guard let index = extraction.container.members.firstIndex(where: { $0.name == name }) else { continue }
            extraction.container.members[index].factory = Factory(form: .expression)
            let reads = FactoryReader.plainNames(in: value).filter { $0 != name && !statics.contains($0) }
                .compactMap(extraction.container.member(named:))
            let fixable = reads.allSatisfy { !$0.readAwaits && !$0.isAssisted && $0.type.isPlainParameterType }
            guard fixable else { continue }
            extraction.problems[problem].fixes = [
                .moveInitialValueToFactory(
                    names: reads.map(\.name), types: reads.map(\.type.text), isThrowing: reads.contains(where: \.readThrows))
            ]
        }
    }

    /// The names of the type's `static` and `class` properties and functions.
    static func staticMemberNames(in declarations: MemberBlockItemListSyntax) -> Set<String> {
        var names = Set<String>()
        for item in declarations {
            let modifiers = item.decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []
            guard modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) else {
                continue
            }
            names.formUnion(DeclarationBodyReader.valueNames(of: item.decl) ?? [])
        }
        return names
    }

    /// The name of a type declaration, or `nil` for an extension.
    public static func declarationName(_ declaration: some DeclGroupSyntax) -> String? {
        if let named = declaration.asProtocol(NamedDeclSyntax.self) { return named.name.text }
        return nil
    }

    /// The kind of declaration.
    public static func kind(of declaration: some DeclGroupSyntax) -> DeclarationKind {
        if declaration.is(StructDeclSyntax.self) { return .structure }
        if declaration.is(ClassDeclSyntax.self) {
            return declaration.modifiers.contains { $0.name.tokenKind == .keyword(.final) } ? .finalClass : .openableClass
        }
        if declaration.is(ActorDeclSyntax.self) { return .actor }
        if declaration.is(EnumDeclSyntax.self) { return .enumeration }
        if declaration.is(ProtocolDeclSyntax.self) { return .protocolDeclaration }
        return .extensionDeclaration
    }

    /// The access level written in `modifiers` (`internal` when none is).
    public static func accessLevel(of modifiers: DeclModifierListSyntax) -> AccessLevel {
        for modifier in modifiers where modifier.detail == nil {
            if let level = AccessLevel(rawValue: modifier.name.text) { return level }
        }
        return .internal
    }

    /// The labels of `@DIContainer`'s parameters, in the order its declarations take them (every
    /// declaration keeps this order, leaving out `parent:`, `mainActor:` or both).
    public static let optionLabels = ["validate", "root", "validateDAG", "parent", "concrete", "mainActor", "permanent"]

    /// Whether Swift can match `attribute`'s arguments to one of `@DIContainer`'s declarations: each
    /// labelled with an option, once and in ``optionLabels``'s order, and none a literal of another
    /// type (`concrete: 1`). When it cannot, the compiler reports the attribute on its own line, with a
    /// fix-it for the order, and expands none of `@DIContainer`: its members' macros then read nothing
    /// it would have generated.
    public static func matchesMacroDeclaration(_ attribute: AttributeSyntax) -> Bool {
        guard case .argumentList(let arguments) = attribute.arguments else { return attribute.arguments == nil }
        var lastRank = -1
        for argument in arguments {
            guard let label = argument.label?.text, let rank = optionLabels.firstIndex(of: label), rank > lastRank else {
                return false
            }
            lastRank = rank
            let expression = argument.expression
            let isLiteral =
                expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
                || expression.is(StringLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
                || expression.is(ArrayExprSyntax.self) || expression.is(DictionaryExprSyntax.self)
            if isLiteral || (label == "parent" && expression.is(BooleanLiteralExprSyntax.self)) { return false }
        }
        return true
    }

    /// The options of a `@DIContainer(...)` attribute; unreadable values keep their defaults.
    public static func options(of attribute: AttributeSyntax) -> ContainerOptions {
        var options = ContainerOptions()
        guard case .argumentList(let arguments) = attribute.arguments else { return options }
        for argument in arguments {
            if argument.label?.text == "parent" {
                options.parent = parentTypeExpression(argument.expression)?.trimmedDescription
                continue
            }
            guard let literal = argument.expression.as(BooleanLiteralExprSyntax.self) else { continue }
            let value = literal.literal.tokenKind == .keyword(.true)
            switch argument.label?.text {
            case "root": options.root = value
            case "validateDAG": options.validateDAG = value
            case "mainActor": options.mainActor = value
            case "concrete": options.concrete = value
            case "permanent": options.permanent = value
            default: continue
            }
        }
        return options
    }

    private static func readOptionProblems(_ attribute: AttributeSyntax, into extraction: inout ContainerExtraction) {
        guard case .argumentList(let arguments) = attribute.arguments else { return }
        let name = extraction.container.name
        for argument in arguments {
            let label = argument.label?.text ?? "_"
            let anchor = Anchor.containerArgument(container: name, label: label)
            extraction.anchors[anchor] = Syntax(argument)
            if !optionLabels.contains(label) {
                extraction.problems.append(Issue(.invalidArgument, "@DIContainer has no argument '\(label):'", at: anchor))
            } else if label == "permanent", parentTypeExpression(in: attribute) != nil,
                argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
            {
                extraction.problems.append(
                    Issue(
                        .invalidArgument,
                        "a container with 'parent:' is created for each unit of work, and a permanent one is never released; remove 'permanent:', which is for a container that lives as long as the program",
                        at: anchor))
            } else if label == "parent" {
                if parentTypeExpression(argument.expression) == nil {
                    extraction.problems.append(
                        Issue(
                            .invalidArgument,
                            "'parent:' takes the parent container's type, written 'Container.self', which the macro reads at compile time",
                            at: anchor))
                }
            } else if !argument.expression.is(BooleanLiteralExprSyntax.self) {
                extraction.problems.append(
                    Issue(
                        .invalidArgument,
                        "'\(label):' takes the literal 'true' or 'false', which the macro reads at compile time", at: anchor))
            }
        }
    }

    /// The type `parent:` names in `attribute` (`App` in `parent: App.self`), or nil when it has no
    /// such argument or the argument is not written `Type.self`: the one reading of `parent:`, for
    /// the model's name of the type and for where code generation places what it writes with it.
    public static func parentTypeExpression(in attribute: AttributeSyntax) -> ExprSyntax? {
        guard case .argumentList(let arguments) = attribute.arguments,
            let argument = arguments.first(where: { $0.label?.text == "parent" })
        else { return nil }
        return parentTypeExpression(argument.expression)
    }

    /// The type of `expression` written `Type.self` (`Outer.Inner.self` gives `Outer.Inner`), or nil
    /// for any other expression.
    static func parentTypeExpression(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.tokenKind == .keyword(.self),
            let base = access.base, base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self)
        else { return nil }
        return base
    }

    private static func globalActors(of attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { element in
            guard case .attribute(let attribute) = element else { return nil }
            return globalActorName(attribute)
        }
    }

    /// A global actor is recognised by name: `MainActor` or any attribute whose name ends in `Actor`.
    static func globalActorName(_ attribute: AttributeSyntax) -> String? {
        let name = ProvideAttributeReader.attributeName(attribute)
        return name.hasSuffix("Actor") && attribute.arguments == nil ? name : nil
    }
}
