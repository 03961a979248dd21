import SwiftSyntax
import TrellisGraph

/// Reads one `@Assisted` function into a ``Member`` of the extraction's container: a member built
/// on every call, from the arguments its caller passes and from the members its factory reads.
enum AssistedExtractor {
    static func extract(_ function: FunctionDeclSyntax, attribute: AttributeSyntax, into extraction: inout ContainerExtraction) {
        let containerName = extraction.container.name
        let name = function.name.memberName
        var details = 0
        func problem(_ code: IssueCode, _ message: String, _ node: Syntax, fixes: [Fix] = []) {
            let anchor = Anchor.memberDetail(container: containerName, member: name, index: details)
            details += 1
            extraction.anchors[anchor] = node
            extraction.problems.append(Issue(code, message, at: anchor, fixes: fixes))
        }
        extraction.anchors[.member(container: containerName, member: name)] = Syntax(function.name)
        extraction.anchors[.memberArgument(container: containerName, member: name, argument: .attribute)] = Syntax(attribute)

        readShapeProblems(of: function, name: name) { problem($0, $1, $2) }
        var signature = readSignature(of: function, name: name) { problem($0, $1, $2) }
        for (index, parameter) in function.signature.parameterClause.parameters.enumerated() {
            extraction.anchors[.argument(container: containerName, member: name, index: index)] = Syntax(parameter)
        }

        let read = ProvideAttributeReader.read(attribute)
        signature.createsScope = read.createsScope
        for (role, argument) in read.arguments {
            extraction.anchors[.memberArgument(container: containerName, member: name, argument: role)] = Syntax(argument)
        }
        for invalid in read.invalidArguments {
            problem(.invalidArgument, invalid.message, invalid.node)
        }

        let returnType = function.signature.returnClause?.type
        let type: MemberType
        if let returnType {
            type = MemberType(returnType.trimmedText, kind: TypeClassifier.kind(of: returnType))
            extraction.anchors[.memberType(container: containerName, member: name)] = Syntax(returnType)
        } else {
            type = MemberType("Void", kind: .concrete)
            problem(
                .missingTypeAnnotation, "@Assisted function '\(name)' needs a return type ('-> SomeType'): the value it builds",
                Syntax(function.signature))
        }

        var member = Member(
            name: name, type: type, scope: .transient, autoWiringType: read.autoWiringType?.trimmedText,
            isDeprecated: MemberExtractor.isDeprecated(function.attributes),
            globalActor: function.attributes.lazy.compactMap { element -> String? in
                guard case .attribute(let attribute) = element else { return nil }
                return ContainerExtractor.globalActorName(attribute)
            }.first,
            signature: signature)
        let dependencyNodes = MemberExtractor.readBuild(
            read, into: &member, containerName: containerName, arguments: Set(signature.arguments.map(\.name))
        ) { code, message, node, fixes in
            problem(code, message, node, fixes: fixes)
        }
        if let type = read.autoWiringType { member.constructedTypes.insert(type.trimmedText, at: 0) }
        if read.createsScope, let returnType { member.constructedTypes.insert(returnType.trimmedText, at: 0) }
        for (index, node) in dependencyNodes.enumerated() {
            extraction.anchors[.dependency(container: containerName, member: name, index: index)] = node
        }
        extraction.container.members.append(member)
        if let returnType {
            extraction.members[name] = MemberSyntax(
                attribute: attribute, type: returnType, factory: read.effectiveFactory, autoWiringType: read.autoWiringType,
                function: function)
        }
    }

    /// What a function must not have to be an `@Assisted` member: a body, `static`, generic
    /// parameters.
    private static func readShapeProblems(
        of function: FunctionDeclSyntax, name: String, problem: (IssueCode, String, Syntax) -> Void
    ) {
        if let body = function.body {
            problem(
                .invalidMemberDeclaration,
                "'\(name)' gets its body from @Assisted, which builds the value with its factory; remove the body",
                Syntax(body))
        }
        if let modifier = function.modifiers.first(where: {
            [.keyword(.static), .keyword(.class), .keyword(.mutating), .keyword(.override)].contains($0.name.tokenKind)
        }) {
            problem(
                .invalidMemberDeclaration,
                "@Assisted functions are instance methods of the container; remove '\(modifier.name.text)'", Syntax(modifier))
        }
        if let generics = function.genericParameterClause {
            problem(
                .invalidMemberDeclaration,
                "@Assisted function '\(name)' cannot be generic: the container's graph is checked for one type; remove the generic parameters",
                Syntax(generics))
        }
        if let whereClause = function.genericWhereClause {
            problem(
                .invalidMemberDeclaration, "@Assisted function '\(name)' cannot have a 'where' clause; remove it",
                Syntax(whereClause))
        }
    }

    /// The function's parameters and effects, with a problem for each one Trellis cannot pass on.
    private static func readSignature(
        of function: FunctionDeclSyntax, name: String, problem: (IssueCode, String, Syntax) -> Void
    ) -> AssistedSignature {
        var arguments: [RuntimeArgument] = []
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let internalName = (parameter.secondName ?? parameter.firstName)
            if internalName.tokenKind == .wildcard {
                problem(
                    .invalidMemberDeclaration,
                    "arguments of @Assisted functions are passed to the factory by name; name this parameter", Syntax(parameter))
            }
            if parameter.ellipsis != nil {
                problem(
                    .invalidMemberDeclaration, "@Assisted functions take no variadic arguments; take an array instead",
                    Syntax(parameter))
            }
            if let attributed = parameter.type.as(AttributedTypeSyntax.self),
                attributed.specifiers.contains(where: { $0.trimmedDescription == "inout" })
            {
                problem(
                    .invalidMemberDeclaration, "@Assisted functions take no 'inout' arguments: the value they build is returned",
                    Syntax(parameter))
            }
            arguments.append(RuntimeArgument(label: label, name: internalName.memberName, type: parameter.type.trimmedText))
        }
        let effects = function.signature.effectSpecifiers
        let throwsClause = effects?.throwsClause
        if let throwsClause, throwsClause.throwsSpecifier.tokenKind != .keyword(.throws) || throwsClause.type != nil {
            problem(
                .invalidMemberDeclaration,
                "@Assisted functions throw 'any Error' (their factory's and their members' errors); write 'throws'",
                Syntax(throwsClause))
        }
        return AssistedSignature(arguments: arguments, isAsync: effects?.asyncSpecifier != nil, isThrowing: throwsClause != nil)
    }
}
