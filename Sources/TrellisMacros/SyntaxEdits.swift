import SwiftDiagnostics
import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// The syntax edits behind fix-its.
enum SyntaxEdits {
    enum Effect { case async, `throws` }

    /// `attribute` with `concrete: true` (replacing `concrete: false` when present).
    static func appendingConcrete(to attribute: AttributeSyntax) -> AttributeSyntax {
        settingTrue("concrete", in: attribute)
    }

    /// `attribute` with its argument `label` set to `true`, appended when it is not written.
    static func settingTrue(_ label: String, in attribute: AttributeSyntax) -> AttributeSyntax {
        setting(label, to: ExprSyntax(BooleanLiteralExprSyntax(literal: .keyword(.true))), in: attribute)
    }

    /// `@DIContainer` attribute `attribute` with its option `label` set to `true`, inserted in the
    /// order of the macro's parameters (`validate`, `root`, `validateDAG`, `parent`, `concrete`,
    /// `mainActor`) when it is not written.
    static func settingContainerOption(_ label: String, in attribute: AttributeSyntax) -> AttributeSyntax {
        let order = ContainerExtractor.optionLabels
        let rank = order.firstIndex(of: label) ?? order.count
        return setting(label, to: ExprSyntax(BooleanLiteralExprSyntax(literal: .keyword(.true))), in: attribute) {
            (order.firstIndex(of: $0.label?.text ?? "") ?? -1) > rank
        }
    }

    /// `attribute` with its scope argument (`.onDemand`, `DIScope.onDemand`) written `.scope`, or nil
    /// when it has none written.
    static func settingScope(_ scope: String, in attribute: AttributeSyntax) -> AttributeSyntax? {
        guard let written = ProvideAttributeReader.read(attribute).arguments[.scope],
            case .argumentList(var arguments) = attribute.arguments,
            let index = arguments.firstIndex(where: { $0.id == written.id })
        else { return nil }
        let old = arguments[index].expression
        let new = ExprSyntax(MemberAccessExprSyntax(name: .identifier(scope)))
        arguments[index].expression = new.with(\.leadingTrivia, old.leadingTrivia).with(\.trailingTrivia, old.trailingTrivia)
        return attribute.with(\.arguments, .argumentList(arguments))
    }

    /// `attribute` with its argument `label` set to `value`, inserted in the macro's parameter
    /// order when it is not written.
    static func setting(_ label: String, to value: ExprSyntax, in attribute: AttributeSyntax) -> AttributeSyntax {
        // Swift takes a macro's arguments in the order of its parameters, which `ProvideArgument`
        // lists: the new one goes before the first written argument that comes after it.
        let order = ProvideArgument.allCases
        let rank = ProvideArgument(rawValue: label).flatMap(order.firstIndex(of:)) ?? order.count
        let roles = ProvideAttributeReader.read(attribute).arguments
        return setting(label, to: value, in: attribute) { argument in
            guard let role = roles.first(where: { $0.value.id == argument.id })?.key,
                let index = order.firstIndex(of: role)
            else { return false }
            return index > rank
        }
    }

    /// `attribute` with its argument `label` set to `value`; when it is not written, inserted before
    /// the first written argument that `comesAfter` it, or last.
    private static func setting(
        _ label: String, to value: ExprSyntax, in attribute: AttributeSyntax,
        comesAfter: (LabeledExprSyntax) -> Bool
    ) -> AttributeSyntax {
        guard case .argumentList(var arguments) = attribute.arguments else {
            // `@DIContainer struct C`: the space after the name goes after the new `)`, as Swift
            // rejects one between an attribute's name and its `(`.
            let name = attribute.attributeName
            return attribute.with(\.attributeName, name.with(\.trailingTrivia, []))
                .with(\.leftParen, .leftParenToken()).with(\.rightParen, .rightParenToken(trailingTrivia: name.trailingTrivia))
                .with(
                    \.arguments,
                    .argumentList([
                        LabeledExprSyntax(
                            label: .identifier(label), colon: .colonToken(trailingTrivia: .space), expression: value)
                    ]))
        }
        if let index = arguments.firstIndex(where: { $0.label?.text == label }) {
            arguments[index] = arguments[index].with(\.expression, value)
            return attribute.with(\.arguments, .argumentList(arguments))
        }
        var list = Array(arguments)
        let following = list.firstIndex(where: comesAfter)
        let added = LabeledExprSyntax(
            label: .identifier(label), colon: .colonToken(trailingTrivia: .space), expression: value,
            trailingComma: following == nil ? nil : .commaToken(trailingTrivia: .space))
        if let following {
            list.insert(added, at: following)
        } else {
            if let last = list.indices.last { list[last] = list[last].with(\.trailingComma, .commaToken(trailingTrivia: .space)) }
            list.append(added)
        }
        return attribute.with(\.arguments, .argumentList(LabeledExprListSyntax(list)))
    }

    /// `{ (name: Type, ...) throws in <value> }`: a factory closure taking the members (or arguments)
    /// `names`, of types `types`, whose body is `value` as written.
    static func closure(taking names: [String], types: [String], throws isThrowing: Bool, returning value: ExprSyntax)
        -> ExprSyntax
    {
        ExprSyntax(
            "{ (\(raw: Fix.parameterList(names, types)))\(raw: isThrowing ? " throws" : "") in \(raw: value.trimmedDescription) }"
        )
    }

    /// `(name: Type, ...)`: the parameter clause of a closure taking `names` of types `types`.
    static func parameterClause(_ names: [String], _ types: [String]) -> ClosureParameterClauseSyntax? {
        guard
            case .parameterClause(let clause)? =
                ExprSyntax("{ (\(raw: Fix.parameterList(names, types))) in }").as(ClosureExprSyntax.self)?.signature?
                .parameterClause
        else { return nil }
        return clause.trimmed
    }

    /// `attribute` with the call by name that builds its member (AutoWiring's `Type.self`, or a
    /// `factory:` naming a function with its labels) replaced by `label: closure` in its place, and
    /// the `with:` argument removed. `nil` when the attribute has neither.
    static func replacingCall(in attribute: AttributeSyntax, label: String, closure: String) -> AttributeSyntax? {
        guard case .argumentList(let arguments) = attribute.arguments else { return nil }
        let read = ProvideAttributeReader.read(attribute).arguments
        guard let call = read[.type] ?? read[.factory] else { return nil }
        let with = read[.with]
        var kept: [LabeledExprSyntax] = []
        for argument in arguments where argument.id != with?.id {
            guard argument.id == call.id else {
                kept.append(argument)
                continue
            }
            kept.append(
                LabeledExprSyntax(
                    leadingTrivia: argument.leadingTrivia, label: .identifier(label), colon: .colonToken(trailingTrivia: .space),
                    expression: ExprSyntax("\(raw: closure)"), trailingComma: argument.trailingComma))
        }
        if let last = kept.indices.last { kept[last] = kept[last].with(\.trailingComma, nil) }
        return attribute.with(\.arguments, .argumentList(LabeledExprListSyntax(kept)))
    }

    /// `closure` taking the parameters `names` of types `types` after those it declares (all of
    /// which must have types), and capturing none of them: `{ [log] in ... }` and
    /// `{ () in ... log ... }` become `{ (log: Log) in ... }`. Its other captures, effects, result
    /// type and body stay as written. `nil` for a closure whose parameters have no types.
    static func addingParameters(names: [String], types: [String], to closure: ClosureExprSyntax) -> ExprSyntax? {
        let added = zip(names, types).map { Fix.parameterList([$0], [$1]) }
        let signature = closure.signature
        var parameters: [String] = []
        switch signature?.parameterClause {
        case .parameterClause(let clause):
            parameters = clause.parameters.map { $0.with(\.trailingComma, nil).trimmedDescription }
        case .simpleInput:
            return nil
        case nil:
            break
        }
        let kept = (signature?.capture?.items ?? []).filter { item in
            !names.contains(captureNames(of: item)?.captured ?? "")
        }
        var head =
            kept.isEmpty ? "" : "[\(kept.map { $0.with(\.trailingComma, nil).trimmedDescription }.joined(separator: ", "))] "
        head += "(\((parameters + added).joined(separator: ", ")))"
        if let effects = signature?.effectSpecifiers { head += " " + effects.trimmedDescription }
        if let result = signature?.returnClause { head += " " + result.trimmedDescription }
        head += " in"
        let text = closure.description
        let start = closure.position
        if let signature {
            let from = text.utf8.index(
                text.utf8.startIndex, offsetBy: signature.positionAfterSkippingLeadingTrivia.utf8Offset - start.utf8Offset)
            let to = text.utf8.index(
                text.utf8.startIndex, offsetBy: signature.endPositionBeforeTrailingTrivia.utf8Offset - start.utf8Offset)
            return ExprSyntax("\(raw: String(text[..<from]) + head + String(text[to...]))")
        }
        let brace = text.utf8.index(
            text.utf8.startIndex, offsetBy: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset - start.utf8Offset)
        return ExprSyntax("\(raw: String(text[..<brace]) + " " + head + String(text[brace...]))")
    }

    /// `attribute` with its arguments in the order of `@Provide`'s parameters (`ProvideArgument`),
    /// each keeping its own text; nil when an argument's role is unknown.
    static func orderingArguments(of attribute: AttributeSyntax) -> AttributeSyntax? {
        guard case .argumentList(let arguments) = attribute.arguments else { return nil }
        let roles = ProvideAttributeReader.read(attribute).arguments
        let order = ProvideArgument.allCases
        var ranked: [(rank: Int, argument: LabeledExprSyntax)] = []
        for argument in arguments {
            guard let role = roles.first(where: { $0.value.id == argument.id })?.key, let rank = order.firstIndex(of: role)
            else { return nil }
            ranked.append((rank, argument))
        }
        // Each place keeps its layout (the line breaks before an argument, the comma after it); only
        // the arguments move.
        let places = Array(arguments)
        let sorted = ranked.sorted { $0.rank < $1.rank }.map(\.argument)
        let list = sorted.enumerated().map { index, argument in
            argument.with(\.trailingComma, nil).with(\.trailingTrivia, []).with(\.leadingTrivia, places[index].leadingTrivia)
                .with(\.trailingComma, places[index].trailingComma).with(\.trailingTrivia, places[index].trailingTrivia)
        }
        return attribute.with(\.arguments, .argumentList(LabeledExprListSyntax(list)))
    }

    /// `attribute` without `argument`.
    static func removing(_ argument: ProvideArgument, from attribute: AttributeSyntax) -> AttributeSyntax? {
        guard case .argumentList(let arguments) = attribute.arguments,
            let target = ProvideAttributeReader.read(attribute).arguments[argument]
        else { return nil }
        var kept = Array(arguments.filter { $0.id != target.id })
        if let last = kept.indices.last { kept[last] = kept[last].with(\.trailingComma, nil) }
        return attribute.with(\.arguments, .argumentList(LabeledExprListSyntax(kept)))
    }

    /// The changes that rename the name written at `node` (a closure parameter, a `with:` key path
    /// or a `c.member` read). A closure parameter is renamed together with its uses in the body.
    static func rename(_ node: Syntax, to name: String) -> [FixIt.Change] {
        // An argument (`into: \Self.routes`) renames the key path it holds.
        if let argument = node.as(LabeledExprSyntax.self) { return rename(Syntax(argument.expression), to: name) }
        let token: TokenSyntax?
        if let parameter = node.as(ClosureParameterSyntax.self) {
            token = parameter.secondName ?? parameter.firstName
        } else if let parameter = node.as(ClosureShorthandParameterSyntax.self) {
            token = parameter.name
        } else if let keyPath = node.as(KeyPathExprSyntax.self),
            case .property(let property)? = keyPath.components.first?.component
        {
            token = property.declName.baseName
        } else if let access = node.as(MemberAccessExprSyntax.self) {
            token = access.declName.baseName
        } else {
            token = nil
        }
        guard let token else { return [] }
        var tokens = [token]
        if node.is(ClosureParameterSyntax.self) || node.is(ClosureShorthandParameterSyntax.self),
            let closure = enclosingClosure(of: node)
        {
            tokens += ParameterUseCollector.uses(of: token.memberName, in: closure.statements)
        }
        return tokens.map { .replace(oldNode: Syntax($0), newNode: Syntax($0.with(\.tokenKind, .identifier(name)))) }
    }

    /// The change that declares the closure parameter at `node`, written without a type, the
    /// container: `{ c in` becomes `{ (c: Self) in`, `{ (c) in` becomes `{ (c: Self) in`. Nil for any
    /// other node.
    static func declaringContainerParameter(_ node: Syntax) -> FixIt.Change? {
        if let parameter = node.as(ClosureShorthandParameterSyntax.self),
            let list = parameter.parent?.as(ClosureShorthandParameterListSyntax.self), list.count == 1
        {
            let clause = typedParameterClause([(parameter.name.trimmed, TypeSyntax("Self"))])
            return .replace(
                oldNode: Syntax(list),
                newNode: Syntax(clause.with(\.leadingTrivia, list.leadingTrivia).with(\.trailingTrivia, list.trailingTrivia)))
        }
        if let parameter = node.as(ClosureParameterSyntax.self), parameter.type == nil {
            let typed = parameter.with(\.colon, .colonToken(trailingTrivia: .space)).with(
                \.type, TypeSyntax("Self").with(\.trailingTrivia, parameter.trailingTrivia)
            ).with(\.firstName, parameter.firstName.with(\.trailingTrivia, []))
            return .replace(oldNode: Syntax(parameter), newNode: Syntax(typed))
        }
        return nil
    }

    /// `(a: A, b: B)`: a closure's parameter clause, each parameter with its type.
    static func typedParameterClause(_ parameters: [(name: TokenSyntax, type: TypeSyntax)]) -> ClosureParameterClauseSyntax {
        ClosureParameterClauseSyntax(
            parameters: ClosureParameterListSyntax(
                parameters.enumerated().map { index, parameter in
                    ClosureParameterSyntax(
                        firstName: parameter.name, colon: .colonToken(trailingTrivia: .space), type: parameter.type,
                        trailingComma: index < parameters.count - 1 ? .commaToken(trailingTrivia: .space) : nil)
                }))
    }

    /// `closure` with each parameter that has no type given `parameterType`'s, when it gives one
    /// for all of them (`{ router, reader in` becomes `{ (router: Router, reader: Reader) in`);
    /// otherwise `closure` as it is.
    static func typingParameters(
        of closure: ClosureExprSyntax, with parameterType: (String) -> String?
    ) -> ClosureExprSyntax {
        let parameters = FactoryReader.parameters(of: closure)
        guard parameters.contains(where: { $0.type == nil }), var signature = closure.signature else { return closure }
        var typed: [(name: TokenSyntax, type: TypeSyntax)] = []
        for parameter in parameters {
            guard let type = parameter.type?.trimmed ?? parameterType(parameter.name).map({ TypeSyntax(stringLiteral: $0) })
            else { return closure }
            typed.append((.identifier(parameter.name), type))
        }
        signature.parameterClause = .parameterClause(typedParameterClause(typed).with(\.trailingTrivia, .space))
        var result = closure
        result.signature = signature
        return result
    }

    /// The closure `node` stands in. A loop over parents rather than swift-syntax's `ancestorOrSelf`,
    /// which is internal before swift-syntax 601.
    private static func enclosingClosure(of node: Syntax) -> ClosureExprSyntax? {
        var current: Syntax? = node
        while let candidate = current {
            if let closure = candidate.as(ClosureExprSyntax.self) { return closure }
            current = candidate.parent
        }
        return nil
    }

    /// A declaration that prints as nothing, to remove one.
    static var emptyDeclaration: DeclSyntax {
        GeneratedSource.declaration("")
    }

    /// Nothing in place of `modifier` but the trivia before it: removing `weak ` from
    /// `@Provide(.input) weak var`.
    static func emptyModifier(keeping modifier: DeclModifierSyntax) -> DeclModifierSyntax {
        DeclModifierSyntax(name: TokenSyntax(.identifier(""), leadingTrivia: modifier.leadingTrivia, presence: .present))
    }

    /// `closure`, when it takes the container (`{ (c: Self) in ... }`), with `await` before each read
    /// `c.member` of a member in `awaiting` and `try` before each of one in `trying`, where the read
    /// is not already under an `await` or a `try` of its own closure. Reads inside nested closures
    /// are left as they are: marking them would need those closures to be async too.
    static func markingContainerReads(
        in closure: ClosureExprSyntax, containerName: String, awaiting: [String] = [], trying: [String] = []
    ) -> ClosureExprSyntax {
        guard !awaiting.isEmpty || !trying.isEmpty,
            case .containerClosure(let parameter) = FactoryReader.analyze(ExprSyntax(closure), containerName: containerName).form
        else { return closure }
        let marker = ContainerReadMarker(
            parameter: parameter, closure: closure, awaiting: Set(awaiting), trying: Set(trying))
        let statements = marker.rewrite(closure.statements).cast(CodeBlockItemListSyntax.self)
        return closure.with(\.statements, statements)
    }

    /// `closure` as `fix` writes it, for the fixes that edit a factory closure's effects: its
    /// signature says `async` or `throws`, and its reads through the container parameter get their
    /// `await` or `try`. Nil for any other fix. The fix-it's text, and the copy an opaque member's
    /// placeholder keeps of a closure whose effects Trellis reported, so that the copy does not
    /// repeat Swift's own errors about them.
    static func closure(
        _ closure: ClosureExprSyntax, editedBy fix: Fix, in container: Container
    ) -> ClosureExprSyntax? {
        switch fix {
        case .addAsyncEffect:
            return addingEffect(.async, to: closure)
        case .addThrowsEffect:
            // `c.member` of a throwing member gets its `try` with the closure's `throws`.
            let throwing = ContainerValidator.membersReadWithTry(in: container)
            let marked = markingContainerReads(in: closure, containerName: container.name, trying: Array(throwing))
            return addingEffect(.throws, to: marked)
        case .makeAsyncFactory(let isThrowing, let awaiting, let trying):
            var edited = markingContainerReads(
                in: closure, containerName: container.name, awaiting: awaiting, trying: trying)
            edited = addingEffect(.async, to: edited)
            if isThrowing && FactoryReader.effects(of: closure).isThrowing == false {
                edited = addingEffect(.throws, to: edited)
            }
            return edited
        default:
            return nil
        }
    }

    /// `closure` whose signature also says `async` or `throws`.
    static func addingEffect(_ effect: Effect, to closure: ClosureExprSyntax) -> ClosureExprSyntax {
        editingSignature(of: closure) { signature in
            signature.effectSpecifiers = adding(
                effect, to: signature.effectSpecifiers ?? TypeEffectSpecifiersSyntax(asyncSpecifier: nil, throwsClause: nil))
        }
    }

    /// `closure` with its signature edited by `edit`; a closure without one gets `() in` first.
    private static func editingSignature(
        of closure: ClosureExprSyntax, _ edit: (inout ClosureSignatureSyntax) -> Void
    ) -> ClosureExprSyntax {
        var signature =
            closure.signature
            ?? ClosureSignatureSyntax(
                leadingTrivia: .space,
                parameterClause: .parameterClause(ClosureParameterClauseSyntax(parameters: [], trailingTrivia: .space)),
                inKeyword: .keyword(.in, trailingTrivia: closure.leftBrace.trailingTrivia))
        edit(&signature)
        if closure.signature == nil {
            return closure.with(\.leftBrace, closure.leftBrace.with(\.trailingTrivia, [])).with(\.signature, signature)
        }
        return closure.with(\.signature, signature)
    }

    /// `closure` with its result type declared: `-> type` before `in` (after its effects). A closure
    /// without a signature gets `() -> type in`.
    static func addingResultType(_ type: String, to closure: ClosureExprSyntax) -> ClosureExprSyntax {
        editingSignature(of: closure) { signature in
            // The space before `->` is the trailing trivia of what precedes it; the type carries the one after.
            signature.returnClause = ReturnClauseSyntax(
                arrow: .arrowToken(trailingTrivia: .space), type: TypeSyntax("\(raw: type)").with(\.trailingTrivia, .space))
        }
    }

    /// `function` (an `@Assisted` member) whose signature also says `async` or `throws`.
    static func addingEffect(_ effect: Effect, to function: FunctionDeclSyntax) -> FunctionDeclSyntax {
        var signature = function.signature
        signature.effectSpecifiers = adding(
            effect, to: signature.effectSpecifiers ?? FunctionEffectSpecifiersSyntax(asyncSpecifier: nil, throwsClause: nil))
        return function.with(\.signature, signature)
    }

    /// `specifiers` with `effect` added. The new keyword carries the space after it: the space before
    /// it is already the trailing trivia of whatever precedes it (the parameters, or `async` when
    /// adding `throws`).
    private static func adding<Specifiers: EffectSpecifiersSyntax>(_ effect: Effect, to specifiers: Specifiers) -> Specifiers {
        var specifiers = specifiers
        switch effect {
        case .async:
            specifiers.asyncSpecifier = TokenSyntax.keyword(.async, trailingTrivia: .space)
        case .throws:
            specifiers.throwsClause = ThrowsClauseSyntax(throwsSpecifier: .keyword(.throws, trailingTrivia: .space))
        }
        return specifiers
    }

    /// A change that adds `name` to the inheritance clause of `declaration`.
    static func addingConformance(_ name: String, to declaration: some DeclGroupSyntax) -> FixIt.Change? {
        if let clause = declaration.inheritanceClause, let last = clause.inheritedTypes.last {
            // The space before `{` belongs to the last type's token: move it after the added one.
            let edited = last.with(\.type, last.type.trimmed).with(\.trailingComma, .commaToken(trailingTrivia: .space))
            let added = InheritedTypeSyntax(
                type: TypeSyntax(IdentifierTypeSyntax(name: .identifier(name))), trailingTrivia: last.trailingTrivia)
            let types = InheritedTypeListSyntax(Array(clause.inheritedTypes.dropLast()) + [edited, added])
            return .replace(oldNode: Syntax(clause), newNode: Syntax(clause.with(\.inheritedTypes, types)))
        }
        guard let named = declaration.asProtocol(NamedDeclSyntax.self) else { return nil }
        let token = named.name
        return .replace(
            oldNode: Syntax(token),
            newNode: Syntax(
                token.with(\.tokenKind, .identifier("\(token.text): \(name)")).with(\.trailingTrivia, token.trailingTrivia)))
    }

    /// The `class` keyword preceded by `final`.
    static func finalClassKeyword(_ keyword: TokenSyntax) -> TokenSyntax {
        keyword.with(\.tokenKind, .identifier("final class"))
    }
}

/// Finds the uses of a closure parameter in the closure's body: plain references to its name,
/// not member names (`x.name`) and not inside nested closures that declare the same name.
private final class ParameterUseCollector: SyntaxVisitor {
    let name: String
    var uses: [TokenSyntax] = []

    static func uses(of name: String, in body: CodeBlockItemListSyntax) -> [TokenSyntax] {
        let collector = ParameterUseCollector(name: name)
        collector.walk(body)
        return collector.uses
    }

    private init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let isMemberName = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
        if node.baseName.memberName == name, node.argumentNames == nil, !isMemberName { uses.append(node.baseName) }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        FactoryReader.declaresParameter(named: name, in: node) ? .skipChildren : .visitChildren
    }
}

/// Marks reads `c.member` with `await` and `try` (see ``SyntaxEdits/markingContainerReads(in:containerName:awaiting:trying:)``).
private final class ContainerReadMarker: SyntaxRewriter {
    let parameter: String
    let closure: ClosureExprSyntax
    let awaiting: Set<String>
    let trying: Set<String>

    init(parameter: String, closure: ClosureExprSyntax, awaiting: Set<String>, trying: Set<String>) {
        self.parameter = parameter
        self.closure = closure
        self.awaiting = awaiting
        self.trying = trying
        super.init(viewMode: .sourceAccurate)
    }

    /// Set inside an `await` not under a `try`: a read there that must be tried leaves the `try` to
    /// the `await` (setting ``needsTryAbove``).
    private var triedAbove = false
    /// Whether a read inside that `await` must be tried.
    private var needsTryAbove = false

    override func visit(_ node: ClosureExprSyntax) -> ExprSyntax { ExprSyntax(node) }

    /// `await c.library`, where the read must also be tried: `try await c.library`, the order Swift
    /// requires (`await try` is an error).
    override func visit(_ node: AwaitExprSyntax) -> ExprSyntax {
        guard !triedAbove, !coverage(of: Syntax(node)).try else { return super.visit(node) }
        (triedAbove, needsTryAbove) = (true, false)
        let visited = super.visit(node)
        triedAbove = false
        guard needsTryAbove else { return visited }
        let leading = visited.leadingTrivia
        return ExprSyntax(
            TryExprSyntax(tryKeyword: .keyword(.try, trailingTrivia: .space), expression: visited.with(\.leadingTrivia, []))
        ).with(\.leadingTrivia, leading)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        guard let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.memberName == parameter else {
            return super.visit(node)
        }
        let name = node.declName.baseName.memberName
        let (covered, coveredByTry) = coverage(of: Syntax(node))
        let needsAwait = awaiting.contains(name) && !covered
        var needsTry = trying.contains(name) && !coveredByTry
        if needsTry && triedAbove { (needsTry, needsTryAbove) = (false, true) }
        guard needsAwait || needsTry else { return ExprSyntax(node) }
        let leading = node.leadingTrivia
        var marked = ExprSyntax(node.with(\.leadingTrivia, []))
        if needsAwait {
            marked = ExprSyntax(AwaitExprSyntax(awaitKeyword: .keyword(.await, trailingTrivia: .space), expression: marked))
        }
        if needsTry {
            marked = ExprSyntax(TryExprSyntax(tryKeyword: .keyword(.try, trailingTrivia: .space), expression: marked))
        }
        return marked.with(\.leadingTrivia, leading)
    }

    /// Whether `node` is under an `await`, and under a `try`, inside the closure being edited.
    private func coverage(of node: Syntax) -> (await: Bool, try: Bool) {
        var (awaited, tried) = (false, false)
        var current = node.parent
        while let ancestor = current, ancestor.id != closure.id {
            if ancestor.is(AwaitExprSyntax.self) { awaited = true }
            if ancestor.is(TryExprSyntax.self) { tried = true }
            current = ancestor.parent
        }
        return (awaited, tried)
    }
}
