import SwiftDiagnostics
import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// A diagnostic whose ID is the issue's stable code, never its text.
struct TrellisDiagnostic: DiagnosticMessage {
    let message: String
    let diagnosticID: MessageID
    let severity: DiagnosticSeverity

    init(_ issue: Issue) {
        message = issue.message
        diagnosticID = MessageID(domain: "Trellis", id: issue.code.rawValue)
        switch issue.severity {
        case .error: severity = .error
        case .warning: severity = .warning
        }
    }
}

struct TrellisFixIt: FixItMessage {
    let message: String
    let fixItID: MessageID

    init(_ fix: Fix, message: String? = nil) {
        self.message = message ?? fix.title
        fixItID = MessageID(domain: "Trellis", id: "fix.\(fix.identifier)")
    }
}

/// Turns model issues into diagnostics placed on the syntax their anchors name.
struct DiagnosticMapper {
    let extraction: ContainerExtraction
    let declaration: any DeclGroupSyntax

    func diagnostic(for issue: Issue) -> Diagnostic {
        let node = extraction.node(for: issue.anchor) ?? Syntax(declaration)
        let fixIts = issue.fixes.compactMap { fixIt(for: $0, issue: issue, node: node) }
        return Diagnostic(node: node, message: TrellisDiagnostic(issue), fixIts: fixIts)
    }

    /// The fix-it that builds `member`, made by a call by name (``Member/callByName``), with the
    /// closure making the same call, under `fix`'s label and with its effects: `asyncFactory:` for
    /// ``Fix/makeAsyncFactory(throws:awaiting:trying:)``, a throwing `factory:` for
    /// ``Fix/wrapInParameterClosure(names:types:isThrowing:)``. `nil` for any other fix, or when
    /// the closure's parameters cannot be written.
    private func callingClosureFixIt(_ fix: Fix, message: TrellisFixIt, of member: Member) -> FixIt? {
        let label: String
        let effects: String
        switch fix {
        case .makeAsyncFactory(let isThrowing, _, _): (label, effects) = ("asyncFactory", isThrowing ? "async throws" : "async")
        case .wrapInParameterClosure(_, _, let isThrowing): (label, effects) = ("factory", isThrowing ? "throws" : "")
        default: return nil
        }
        guard let closure = extraction.container.callingClosure(of: member, effects: effects), closure.isWritable,
            let attribute = extraction.members[member.name]?.attribute,
            let edited = SyntaxEdits.replacingCall(in: attribute, label: label, closure: closure.text)
        else { return nil }
        return FixIt(message: message, changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(edited))])
    }

    private func fixIt(for fix: Fix, issue: Issue, node: Syntax) -> FixIt? {
        let message = TrellisFixIt(fix)
        let member = issue.anchor.memberName
        let memberSyntax = member.flatMap { extraction.members[$0] }
        if let model = member.flatMap(extraction.container.member(named:)), model.callByName != nil,
            let fixIt = callingClosureFixIt(fix, message: message, of: model)
        {
            return fixIt
        }
        switch fix {
        case .addConcreteOptIn:
            guard let attribute = memberSyntax?.attribute else { return nil }
            return FixIt(
                message: message,
                changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(SyntaxEdits.appendingConcrete(to: attribute)))])
        case .makeTypeExistential:
            guard let type = memberSyntax?.type else { return nil }
            let replacement: TypeSyntax = "any \(type.trimmed)"
            return FixIt(
                message: message,
                changes: [
                    .replace(oldNode: Syntax(type), newNode: Syntax(replacement.with(\.trailingTrivia, type.trailingTrivia)))
                ])
        case .replaceOpaqueWithExistential:
            guard let opaque = memberSyntax?.type.as(SomeOrAnyTypeSyntax.self) else { return nil }
            let replacement = opaque.someOrAnySpecifier.with(\.tokenKind, .keyword(.any))
            return FixIt(
                message: message, changes: [.replace(oldNode: Syntax(opaque.someOrAnySpecifier), newNode: Syntax(replacement))])
        case .renameDependency(let name):
            let changes = SyntaxEdits.rename(node, to: name)
            // A parameter the body uses is renamed there too: said, for whoever applies it by hand
            // from a build log, which shows the note and not the edit.
            let uses = changes.count - 1
            let spelled = uses == 1 ? "use" : "\(uses) uses"
            let renamed =
                uses > 0 ? TrellisFixIt(fix, message: "rename to '\(name)', and its \(spelled) in the closure's body") : message
            return changes.isEmpty ? nil : FixIt(message: renamed, changes: changes)
        case .declareContainerParameter:
            return SyntaxEdits.declaringContainerParameter(node).map { FixIt(message: message, changes: [$0]) }
        case .removeInitializer:
            return FixIt(message: message, changes: [.replace(oldNode: node, newNode: Syntax(SyntaxEdits.emptyDeclaration))])
        case .removeAttribute:
            // On a line of its own, the attribute goes with its line; after another on the same line,
            // with the space between them, so that what follows keeps its own.
            guard !node.leadingTrivia.contains(where: \.isNewline), let previous = node.previousToken(viewMode: .sourceAccurate)
            else {
                return FixIt(message: message, changes: [.replace(oldNode: node, newNode: Syntax(SyntaxEdits.emptyDeclaration))])
            }
            return FixIt(
                message: message,
                changes: [
                    .replaceTrailingTrivia(token: previous, newTrivia: []),
                    .replace(oldNode: node, newNode: Syntax(GeneratedSource.declaration(node.trailingTrivia.description))),
                ])
        case .removeModifier:
            // The modifier goes with the space after it, as it was typed.
            guard let modifier = node.as(DeclModifierSyntax.self) else { return nil }
            return FixIt(
                message: message,
                changes: [.replace(oldNode: Syntax(modifier), newNode: Syntax(SyntaxEdits.emptyModifier(keeping: modifier)))])
        case .addFunctionEffects(let isAsync, let isThrowing):
            guard var function = memberSyntax?.function else { return nil }
            let original = function.signature
            if isThrowing { function = SyntaxEdits.addingEffect(.throws, to: function) }
            if isAsync { function = SyntaxEdits.addingEffect(.async, to: function) }
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(original), newNode: Syntax(function.signature))])
        case .addAsyncEffect, .addThrowsEffect:
            guard let closure = memberSyntax?.factory?.as(ClosureExprSyntax.self),
                let edited = SyntaxEdits.closure(closure, editedBy: fix, in: extraction.container)
            else { return nil }
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(closure), newNode: Syntax(edited))])
        case .makeAsyncFactory:
            guard let closure = memberSyntax?.factory?.as(ClosureExprSyntax.self),
                let argument = closure.parent?.as(LabeledExprSyntax.self), let label = argument.label,
                let edited = SyntaxEdits.closure(closure, editedBy: fix, in: extraction.container)
            else { return nil }
            return FixIt(
                message: message,
                changes: [
                    .replace(oldNode: Syntax(label), newNode: Syntax(label.with(\.tokenKind, .identifier("asyncFactory")))),
                    .replace(oldNode: Syntax(closure), newNode: Syntax(edited)),
                ])
        case .returnFromFactory(let type):
            guard let closure = memberSyntax?.factory?.as(ClosureExprSyntax.self) else { return nil }
            let factory: ExprSyntax = "{ () -> \(raw: type) in \(closure.trimmed) }"
            return FixIt(
                message: message,
                changes: [
                    .replace(
                        oldNode: Syntax(closure),
                        newNode: Syntax(
                            factory.with(\.leadingTrivia, closure.leadingTrivia).with(\.trailingTrivia, closure.trailingTrivia)))
                ])
        case .addResultType(let type):
            guard let closure = memberSyntax?.factory?.as(ClosureExprSyntax.self) else { return nil }
            let edited = SyntaxEdits.addingResultType(type, to: closure)
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(closure), newNode: Syntax(edited))])
        case .makeFinal:
            guard let classDeclaration = declaration.as(ClassDeclSyntax.self) else { return nil }
            return FixIt(
                message: message,
                changes: [
                    .replace(
                        oldNode: Syntax(classDeclaration.classKeyword),
                        newNode: Syntax(SyntaxEdits.finalClassKeyword(classDeclaration.classKeyword)))
                ])
        case .removeArgument(let argument):
            guard let attribute = memberSyntax?.attribute,
                let edited = SyntaxEdits.removing(argument, from: attribute)
            else { return nil }
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(edited))])
        case .declareConformance(let name):
            guard let change = SyntaxEdits.addingConformance(name, to: declaration) else { return nil }
            return FixIt(message: message, changes: [change])
        case .addMainActorOption, .addContainerConcreteOption, .addPermanentOption:
            guard let attribute = extraction.anchors[.container(extraction.container.name)]?.as(AttributeSyntax.self) else {
                return nil
            }
            let option =
                switch fix {
                case .addMainActorOption: "mainActor"
                case .addPermanentOption: "permanent"
                default: "concrete"
                }
            return FixIt(
                message: message,
                changes: [
                    .replace(
                        oldNode: Syntax(attribute), newNode: Syntax(SyntaxEdits.settingContainerOption(option, in: attribute)))
                ])
        case .makeTransient:
            guard let attribute = memberSyntax?.attribute, let edited = SyntaxEdits.settingScope("transient", in: attribute)
            else {
                return nil
            }
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(edited))])
        case .allowEmptyCollection:
            guard let attribute = memberSyntax?.attribute else { return nil }
            return FixIt(
                message: message,
                changes: [
                    .replace(oldNode: Syntax(attribute), newNode: Syntax(SyntaxEdits.settingTrue("allowsEmpty", in: attribute)))
                ])
        case .replaceParameterType(let type):
            guard let written = node.as(ClosureParameterSyntax.self)?.type else { return nil }
            let replacement = TypeSyntax("\(raw: type)").with(\.trailingTrivia, written.trailingTrivia)
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(written), newNode: Syntax(replacement))])
        case .typeClosureParameters(let names, let types):
            guard let clause = SyntaxEdits.parameterClause(names, types) else { return nil }
            let placed = clause.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
            return FixIt(message: message, changes: [.replace(oldNode: node, newNode: Syntax(placed))])
        case .moveInitialValueToFactory(let names, let types, let isThrowing):
            guard let initializer = node.as(InitializerClauseSyntax.self),
                let binding = initializer.parent?.as(PatternBindingSyntax.self), let attribute = memberSyntax?.attribute
            else { return nil }
            let factory =
                names.isEmpty
                ? initializer.value.trimmed
                : SyntaxEdits.closure(taking: names, types: types, throws: isThrowing, returning: initializer.value)
            // The space before `=` goes with the clause; what followed the value stays.
            var kept = binding.with(\.initializer, nil)
            if let annotation = kept.typeAnnotation {
                kept.typeAnnotation = annotation.with(\.trailingTrivia, initializer.value.trailingTrivia)
            }
            return FixIt(
                message: message,
                changes: [
                    .replace(
                        oldNode: Syntax(attribute), newNode: Syntax(SyntaxEdits.setting("factory", to: factory, in: attribute))),
                    .replace(oldNode: Syntax(binding), newNode: Syntax(kept)),
                ])
        case .orderArguments:
            guard let attribute = memberSyntax?.attribute, let ordered = SyntaxEdits.orderingArguments(of: attribute) else {
                return nil
            }
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(ordered))])
        case .writeKeyPathRoot:
            guard let keyPath = node.as(KeyPathExprSyntax.self) else { return nil }
            let root = TypeSyntax(IdentifierTypeSyntax(name: .keyword(.Self)))
            return FixIt(
                message: message, changes: [.replace(oldNode: Syntax(keyPath), newNode: Syntax(keyPath.with(\.root, root)))])
        case .addClosureParameters(let names, let types):
            guard let closure = memberSyntax?.factory?.as(ClosureExprSyntax.self),
                let edited = SyntaxEdits.addingParameters(names: names, types: types, to: closure)
            else { return nil }
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(closure), newNode: Syntax(edited))])
        case .wrapInParameterClosure(let names, let types, let isThrowing):
            guard let argument = node.as(LabeledExprSyntax.self) else { return nil }
            let closure = SyntaxEdits.closure(taking: names, types: types, throws: isThrowing, returning: argument.expression)
            return FixIt(
                message: message,
                changes: [
                    .replace(
                        oldNode: Syntax(argument.expression),
                        newNode: Syntax(closure.with(\.trailingTrivia, argument.expression.trailingTrivia)))
                ])
        case .replaceProvidedType(let type):
            guard let written = node.as(ClosureParameterSyntax.self)?.type,
                let angle = written.trimmedDescription.firstIndex(of: "<")
            else { return nil }
            let wrapper = written.trimmedDescription[..<angle]
            let replacement = TypeSyntax("\(raw: wrapper)<\(raw: type)>").with(\.trailingTrivia, written.trailingTrivia)
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(written), newNode: Syntax(replacement))])
        case .useAsyncFactoryLabel:
            guard let argument = node.as(LabeledExprSyntax.self), let label = argument.label else { return nil }
            return FixIt(
                message: message,
                changes: [.replace(oldNode: Syntax(label), newNode: Syntax(label.with(\.tokenKind, .identifier("asyncFactory"))))]
            )
        }
    }
}
