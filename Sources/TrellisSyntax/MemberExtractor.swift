import SwiftSyntax
import TrellisGraph

/// Reads one `@Provide` variable into a ``Member`` of the extraction's container.
enum MemberExtractor {
    static func extract(_ variable: VariableDeclSyntax, attribute: AttributeSyntax, into extraction: inout ContainerExtraction) {
        let containerName = extraction.container.name
        var details = 0
        func problem(_ code: IssueCode, _ message: String, at node: some SyntaxProtocol, member: String, fixes: [Fix] = []) {
            let anchor = Anchor.memberDetail(container: containerName, member: member, index: details)
            details += 1
            extraction.anchors[anchor] = Syntax(node)
            extraction.problems.append(Issue(code, message, at: anchor, fixes: fixes))
        }

        let binding: PatternBindingSyntax
        let identifier: IdentifierPatternSyntax
        let shapeProblems: [ProvideMemberShape.Problem]
        switch ProvideMemberShape.read(variable) {
        case .multipleBindings(let bindings):
            let names = bindings.map { $0.pattern.trimmedDescription }.joined(separator: ", ")
            problem(
                .multipleBindings, "@Provide declares one member per 'var'; split '\(names)' into separate declarations",
                at: bindings, member: names)
            return
        case .notAName(let pattern):
            problem(
                .invalidMemberDeclaration, "@Provide needs a plain name, not the pattern '\(pattern.trimmedDescription)'",
                at: pattern, member: pattern.trimmedDescription)
            return
        case .member(let oneBinding, let name, let problems):
            (binding, identifier, shapeProblems) = (oneBinding, name, problems)
        }
        let name = identifier.identifier.memberName
        // A second declaration of a name is the compiler's "invalid redeclaration", on its line; the
        // container is generated from the first, so that nothing else is reported.
        guard extraction.members[name] == nil, !extraction.container.members.contains(where: { $0.name == name }) else {
            extraction.redeclaredMembers.insert(name)
            return
        }
        extraction.anchors[.member(container: containerName, member: name)] = Syntax(identifier)
        extraction.anchors[.memberArgument(container: containerName, member: name, argument: .attribute)] = Syntax(attribute)
        for repeated in ProvideAttributeReader.attributes(named: "Provide", in: variable.attributes).dropFirst() {
            let anchor = Anchor.memberDetail(container: containerName, member: name, index: details)
            details += 1
            extraction.anchors[anchor] = Syntax(repeated)
            extraction.problems.append(.repeatedAttribute("Provide", on: name, at: anchor))
        }

        for shapeProblem in shapeProblems {
            switch shapeProblem {
            case .notVar(let specifier):
                problem(
                    .invalidMemberDeclaration,
                    "@Provide members are declared with 'var' (the macro makes them read-only); change 'let' to 'var'",
                    at: specifier, member: name)
            case .notInstanceStorage(let modifier):
                problem(
                    .invalidMemberDeclaration, "@Provide members are stored instance properties; remove '\(modifier.name.text)'",
                    at: modifier, member: name, fixes: [.removeModifier(modifier.name.text)])
            case .notStrong(let modifier):
                problem(
                    .invalidMemberDeclaration,
                    "the container keeps '\(name)' strongly, as it keeps every member; remove '\(modifier.name.text)' (a value that must not keep another holds it weakly itself)",
                    at: modifier, member: name, fixes: [.removeModifier(modifier.name.text)])
            case .accessors, .missingType:
                break
            }
        }
        let read = ProvideAttributeReader.read(attribute)
        if let initializer = binding.initializer, !read.scope.isSupplied {
            problem(
                .invalidMemberDeclaration,
                "'\(name)' is built by its @Provide arguments; remove the initial value and use 'factory:' (only an '.input' or '.argument' takes an initial value, as its default)",
                at: initializer,
                member: name)
            // Where nothing else builds the member, the value is what the user meant to build it
            // with: the fix-it moves it into `factory:` (see `ContainerExtractor.linkInitialValues`).
            if read.effectiveFactory == nil, read.autoWiringType == nil, !read.isCollection {
                extraction.initialValues.append((name, extraction.problems.count - 1, initializer.value))
            }
        }
        for case .accessors(let accessors) in shapeProblems {
            problem(
                .invalidMemberDeclaration, "'\(name)' gets its accessor from @Provide; remove the accessor block", at: accessors,
                member: name)
        }

        for (role, argument) in read.arguments {
            extraction.anchors[.memberArgument(container: containerName, member: name, argument: role)] = Syntax(argument)
        }
        for invalid in read.invalidArguments {
            problem(.invalidArgument, invalid.message, at: invalid.node, member: name)
        }
        if let misplaced = ProvideAttributeReader.misplacedArgument(in: attribute, roles: read.arguments) {
            // `@Provide(.shared, concrete: true, factory: APIClient())`, as a design document writes it.
            problem(
                .invalidArgument,
                "@Provide takes '\(misplaced.role.label):' before '\(misplaced.after.label):'; Swift takes a macro's arguments in the order of its declaration",
                at: misplaced.node, member: name, fixes: [.orderArguments])
        }

        let typeSyntax = binding.typeAnnotation?.type
        let type: MemberType
        if let typeSyntax {
            type = MemberType(
                typeSyntax.trimmedText, kind: TypeClassifier.kind(of: typeSyntax),
                isFunction: TypeClassifier.isFunction(typeSyntax, functionAliases: extraction.functionTypeAliases))
            extraction.anchors[.memberType(container: containerName, member: name)] = Syntax(typeSyntax)
        } else {
            // Keep the member so that others reading it are not also reported; its own problem stops generation.
            type = MemberType("_", kind: .existential)
            problem(
                .missingTypeAnnotation, "@Provide member '\(name)' needs a type annotation ('var \(name): SomeType')",
                at: binding.pattern, member: name)
        }

        var member = Member(
            name: name, type: type, scope: read.scope, autoWiringType: read.autoWiringType?.trimmedText,
            concreteOptIn: read.concrete,
            isNonisolated: variable.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) },
            defaultValue: read.scope.isSupplied ? binding.initializer?.value.trimmedText : nil,
            isDeprecated: isDeprecated(variable.attributes),
            globalActor: variable.attributes.lazy.compactMap { element -> String? in
                guard case .attribute(let attribute) = element else { return nil }
                return ContainerExtractor.globalActorName(attribute)
            }.first,
            isService: read.service || read.shutdown != nil)
        member.access = ContainerExtractor.accessLevel(of: variable.modifiers)
        if read.shutdown != nil {
            member.closesOnShutdown = true
            // Swift checks the attribute's closure alone, where nothing says what it is given: a
            // parameter without its type is "cannot infer type of closure parameter", which the fix-it
            // answers with the member's type.
            if let closure = read.shutdown?.expression.as(ClosureExprSyntax.self), typeSyntax != nil,
                let clause = closure.signature?.parameterClause
            {
                let parameters = FactoryReader.parameters(of: closure)
                if parameters.contains(where: { $0.type == nil }) {
                    let type = member.type.unwrappedText
                    let written = Fix.parameterList(parameters.map(\.name), parameters.map { _ in type })
                    problem(
                        .invalidArgument,
                        "'shutdown:' closes the value of '\(name)', whose type Swift cannot infer in the attribute: write it, '{ (\(written)) in ... }'",
                        at: clause, member: name,
                        fixes: parameters.count == 1 ? [.typeClosureParameters(names: parameters.map(\.name), types: [type])] : []
                    )
                }
            }
            if read.service, let service = read.arguments[.service] {
                problem(
                    .invalidArgument,
                    "'shutdown:' makes '\(name)' a service that closes its value once the services reading it have stopped; remove 'service: true'",
                    at: service, member: name, fixes: [.removeArgument(.service)])
            }
        }
        if read.isCollection {
            member.collection = CollectionDeclaration(
                kind: typeSyntax.flatMap(TypeClassifier.collectionKind(of:)), allowsEmpty: read.allowsEmpty)
        } else if let argument = read.arguments[.allowsEmpty] {
            problem(.invalidArgument, "'allowsEmpty:' applies to a '.collection' member; remove it", at: argument, member: name)
        }
        if let contribution = read.contribution {
            // The same key path as a `with:` entry: `\Self.member` or `\Container.member`.
            if let collection = withEntryName(contribution.keyPath.expression, containerName: containerName) {
                member.contribution = Contribution(collection: collection, key: read.key, elements: contribution.elements)
            } else {
                let label = contribution.elements ? "elementsInto" : "into"
                let start = "'\(label):' takes a key path to a '.collection' member of this container"
                if let rootless = rootlessKeyPathName(contribution.keyPath.expression) {
                    // `\.routes`: the contribution it means, so that a wrong name is reported now too.
                    member.contribution = Contribution(collection: rootless, key: read.key, elements: contribution.elements)
                    problem(
                        .invalidArgument, "\(start), which Swift cannot infer from '\\.\(rootless)'; write '\\Self.\(rootless)'",
                        at: contribution.keyPath.expression, member: name, fixes: [.writeKeyPathRoot(member: rootless)])
                } else {
                    problem(
                        .invalidArgument, "\(start), written '\\Self.member'", at: contribution.keyPath.expression, member: name)
                }
            }
        } else if let argument = read.arguments[.key] {
            problem(
                .invalidArgument, "'key:' is the key of a contribution to a dictionary collection; add 'into:' or remove it",
                at: argument, member: name)
        }
        let dependencyNodes = readBuild(read, into: &member, containerName: containerName) { code, message, node, fixes in
            problem(code, message, at: node, member: name, fixes: fixes)
        }
        if let type = read.autoWiringType { member.constructedTypes.insert(type.trimmedText, at: 0) }
        if read.scope.isChild, let typeSyntax { member.constructedTypes.insert(typeSyntax.trimmedText, at: 0) }

        for (index, node) in dependencyNodes.enumerated() {
            extraction.anchors[.dependency(container: containerName, member: name, index: index)] = node
        }
        extraction.container.members.append(member)
        if let typeSyntax {
            extraction.members[name] = MemberSyntax(
                attribute: attribute, type: typeSyntax, factory: read.effectiveFactory, autoWiringType: read.autoWiringType,
                shutdown: read.shutdown?.expression)
        }
    }

    /// Reads how a member is built (`with:`, `factory:`, `asyncFactory:`) into `member`, reporting
    /// what it cannot read; returns the syntax of each dependency, in order. A closure parameter
    /// named in `arguments` (an `@Assisted` function's) is not a dependency.
    static func readBuild(
        _ read: ProvideAttribute, into member: inout Member, containerName: String, arguments: Set<String> = [],
        report: (IssueCode, String, Syntax, [Fix]) -> Void
    ) -> [Syntax] {
        var dependencyNodes: [Syntax] = []
        func problem(_ code: IssueCode, _ message: String, at node: some SyntaxProtocol, fixes: [Fix] = []) {
            report(code, message, Syntax(node), fixes)
        }

        if let withArgument = read.withArgument {
            var entries: [String] = []
            if let array = withArgument.expression.as(ArrayExprSyntax.self) {
                for element in array.elements {
                    if let entry = withEntryName(element.expression, containerName: containerName) {
                        entries.append(entry)
                        member.dependencies.append(Dependency(entry, origin: .withEntry))
                        dependencyNodes.append(Syntax(element.expression))
                    } else if let name = rootlessKeyPathName(element.expression) {
                        // `\.member`, as the documents write it: Swift cannot infer the key path's root
                        // here. It is still the read it means, so a name that is no member is reported
                        // now too, not once the root is written.
                        entries.append(name)
                        member.dependencies.append(Dependency(name, origin: .withEntry))
                        dependencyNodes.append(Syntax(element.expression))
                        problem(
                            .invalidWithEntry,
                            "'with:' entries are key paths to members of this container, which Swift cannot infer from '\\.\(name)'; write '\\Self.\(name)'",
                            at: element.expression, fixes: [.writeKeyPathRoot(member: name)])
                    } else {
                        problem(
                            .invalidWithEntry,
                            "'with:' entries are key paths to members of this container, written '\\Self.member'",
                            at: element.expression)
                    }
                }
            } else {
                problem(
                    .invalidWithEntry, "'with:' takes an array literal of key paths, written '[\\Self.member]'",
                    at: withArgument.expression)
            }
            member.withEntries = entries
        }

        for (role, argument) in [(ProvideArgument.factory, read.factory), (.asyncFactory, read.asyncFactory)] {
            guard let argument else { continue }
            let analysis = FactoryReader.analyze(argument.expression, containerName: containerName)
            // A `factory:` closure taking `_` and calling no function, whose parameters have no
            // types, for a member of a function type (or one a typealias may name, as an existential
            // cannot) is more often the member's value itself (`{ inbound, outbound, _ in ... }`),
            // reported below with the factory that returns it: its effects and parameters are the
            // value's, so they make the member no async one (nor its readers) and read no member.
            // (An existential or opaque type is no function's: the advice would not compile.)
            let mayBeValue = analysis.calledFunction == nil && (member.type.isFunction || member.type.kind == .concrete)
            let untyped = argument.expression.as(ClosureExprSyntax.self).map {
                FactoryReader.parameters(of: $0).allSatisfy { $0.type == nil }
            }
            let isFunctionValue =
                role == .factory && mayBeValue && untyped == true
                && analysis.unnamedParameters.contains { !$0.is(DeclReferenceExprSyntax.self) }
            var factory = Factory(
                form: analysis.form, isAsync: analysis.effects.isAsync && !isFunctionValue,
                isThrowing: analysis.effects.isThrowing && !isFunctionValue, returnedTypes: analysis.returnedTypes)
            factory.expressionTries = analysis.expressionMarks.isThrowing
            factory.expressionAwaits = analysis.expressionMarks.isAsync
            factory.calledFunction = analysis.calledFunction
            if role == .factory { member.factory = factory } else { member.asyncFactory = factory }
            member.constructedTypes += analysis.constructedTypes
            // A closure parameter named like an argument of an `@Assisted` function receives it.
            for read in analysis.reads
            where read.origin != .closureParameter || (!arguments.contains(read.name) && !isFunctionValue) {
                member.dependencies.append(
                    Dependency(
                        read.name, origin: read.origin, access: read.access, valueType: read.valueType,
                        functionShape: read.functionShape, namesReadThrough: read.namesReadThrough))
                dependencyNodes.append(read.node)
            }
            for node in analysis.unnamedParameters {
                if let anonymous = node.as(DeclReferenceExprSyntax.self) {
                    problem(
                        .unnamedClosureParameter,
                        "factory parameters are resolved by member name, which '\(anonymous.baseName.text)' has none of; declare the parameter named after the member it receives ('{ (member: Type) in ... }')",
                        at: node)
                } else {
                    // A closure taking `_` is more often the member's value itself (a function,
                    // `{ _ in true }`), which a factory returns: the closure written is then its
                    // body's value. (A function named with a `_` label is no such closure.)
                    let functionValue =
                        mayBeValue
                        ? ", or, if this closure is the value of '\(member.name)', return it from a factory: 'factory: { () -> \(member.type.text) in { ... } }'"
                        : ""
                    problem(
                        .unnamedClosureParameter,
                        "factory parameters are resolved by member name; name this parameter after the member it receives\(functionValue)",
                        at: node, fixes: isFunctionValue ? [.returnFromFactory(type: member.type.text)] : [])
                }
            }
            for (name, node) in analysis.containerParametersBesideOthers {
                problem(
                    .containerParameterEscapes,
                    "'\(name)' takes the container, which a factory closure takes only as its one parameter; read every member through it ('\(name).member'), or name each parameter after the member it receives",
                    at: node)
            }
            if case .containerClosure(let parameter) = analysis.form {
                for node in analysis.containerEscapes {
                    problem(
                        .containerParameterEscapes,
                        "'\(parameter)' stands for the container's members, which a factory may read while the container is still being created; read them as '\(parameter).member' and do not pass '\(parameter)' on (to hand the container itself to a type, write a method in an extension of the container)",
                        at: node)
                }
                for shadow in analysis.shadowingDeclarations {
                    problem(
                        .containerParameterShadowed,
                        "'\(shadow.name)' hides the member '\(parameter).\(shadow.name)' this factory reads; rename the local",
                        at: shadow.node)
                }
            }
        }
        return dependencyNodes
    }

    /// Whether an `@available` attribute deprecates the declaration (`*, deprecated` or `deprecated: 1.0`).
    static func isDeprecated(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard case .attribute(let attribute) = element, ProvideAttributeReader.attributeName(attribute) == "available",
                case .availability(let arguments) = attribute.arguments
            else { return false }
            return arguments.contains { argument in
                argument.argument.tokens(viewMode: .sourceAccurate).contains { $0.text == "deprecated" }
            }
        }
    }

    /// The member a key path without a root names (`\.member`, one component), or nil.
    static func rootlessKeyPathName(_ expression: ExprSyntax) -> String? {
        guard let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.root == nil, keyPath.components.count == 1,
            case .property(let property) = keyPath.components.first?.component,
            property.declName.baseName.presence == .present, property.declName.argumentNames == nil
        else { return nil }
        return property.declName.baseName.text
    }

    /// The member a `with:` entry names: `\Self.member` or `\Container.member`, one component.
    static func withEntryName(_ expression: ExprSyntax, containerName: String) -> String? {
        guard let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
            let root = keyPath.root, ["Self", containerName].contains(root.trimmedText),
            case .property(let property) = keyPath.components.first?.component,
            property.declName.baseName.presence == .present
        else { return nil }
        return property.declName.baseName.memberName
    }
}
