import SwiftSyntax
import TrellisGraph

/// Reads a `factory:` or `asyncFactory:` expression: its form, its effects and, from the syntax
/// (never the text), the members it reads.
public enum FactoryReader {
    /// A closure's declared effects.
    public struct Effects: Equatable {
        /// The closure says `async`.
        public var isAsync: Bool
        /// The closure says `throws`.
        public var isThrowing: Bool
    }

    /// A member read found in a factory.
    public struct Read {
        /// The member name.
        public var name: String
        /// Where it is written.
        public var node: Syntax
        /// How it is written.
        public var origin: DependencyOrigin
        /// Read at construction, or received as a `Provider` or `Lazy` (a closure parameter's type says).
        public var access: DependencyAccess = .value
        /// The type argument of a `Provider<T>` or `Lazy<T>` parameter.
        public var valueType: String? = nil
        /// The shape of a parameter declared with a function type.
        public var functionShape: FunctionShape? = nil
        /// For a closure's lone parameter without a type: the names read from it as `p.name`.
        public var namesReadThrough: [String] = []
    }

    /// Everything read from one factory expression.
    public struct Analysis {
        /// The factory's form.
        public var form: FactoryForm
        /// The closure's effects (none for an expression).
        public var effects: Effects
        /// Member reads, in source order.
        public var reads: [Read] = []
        /// `_` parameters, which cannot be resolved by name.
        public var unnamedParameters: [Syntax] = []
        /// For a function named with its labels (`Client.init(host:port:)`), the function without
        /// them (`Client.init`): see ``Factory/calledFunction``.
        public var calledFunction: String?

        /// Uses of the container parameter other than `c.member`.
        public var containerEscapes: [Syntax] = []
        /// Parameters of the container's type in a closure that takes other parameters too, which
        /// Trellis cannot give (the container is taken alone: `{ (c: Self) in ... }`).
        public var containerParametersBesideOthers: [(name: String, node: Syntax)] = []
        /// For an expression: the `try` and `await` it says outside any closure, which an attribute
        /// cannot have.
        public var expressionMarks = Effects(isAsync: false, isThrowing: false)
        /// Names declared inside a container-taking closure that equal a member it reads as `c.member`.
        public var shadowingDeclarations: [(name: String, node: Syntax)] = []
        /// Type names whose initializers the factory calls.
        public var constructedTypes: [String] = []
        /// For a closure without a declared result type: the types its `return` statements build
        /// (`return MemoryStore()`), each once, in order.
        public var returnedTypes: [String] = []
    }

    /// The argument labels of a function named with them (`store(url:)`, `Factories.store(url:)`,
    /// `Client.init(host:port:)`), each with its node; nil for any other expression.
    public static func compoundNameLabels(of expression: ExprSyntax) -> [(name: String, node: Syntax)]? {
        let reference =
            expression.as(DeclReferenceExprSyntax.self) ?? expression.as(MemberAccessExprSyntax.self)?.declName
        guard let arguments = reference?.argumentNames?.arguments, !arguments.isEmpty else { return nil }
        return arguments.map { ($0.name.memberName, Syntax($0)) }
    }

    /// `Client.init` for `Client.init(host:port:)`, `store` for `store(url:)`: the function a name
    /// with its labels calls.
    static func calledFunction(_ expression: ExprSyntax) -> String? {
        if let access = expression.as(MemberAccessExprSyntax.self) {
            return "\(access.base?.trimmedDescription ?? "").\(access.declName.baseName.text)"
        }
        return expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// A closure's effects, as Swift gives them: those its signature declares, and those it infers
    /// from the body when the signature leaves them out (`{ try await Library() }` is `async throws`).
    public static func effects(of closure: ClosureExprSyntax) -> Effects {
        let specifiers = closure.signature?.effectSpecifiers
        var effects = Effects(isAsync: specifiers?.asyncSpecifier != nil, isThrowing: specifiers?.throwsClause != nil)
        if !effects.isAsync || !effects.isThrowing {
            let inferred = EffectInference.effects(of: closure.statements)
            effects.isAsync = effects.isAsync || inferred.isAsync
            effects.isThrowing = effects.isThrowing || inferred.isThrowing
        }
        return effects
    }

    /// Analyses a factory written in the container named `containerName`.
    public static func analyze(_ expression: ExprSyntax, containerName: String) -> Analysis {
        let constructed = ConstructedTypeCollector.collect(in: Syntax(expression))
        if let labels = compoundNameLabels(of: expression) {
            // `Factories.store(url:)`, `Client.init(host:port:)`: a function whose argument labels
            // name the members it takes, called with them as a closure's parameters would be.
            var analysis = Analysis(
                form: .parameterClosure(parameters: labels.map(\.name)), effects: Effects(isAsync: false, isThrowing: false))
            analysis.calledFunction = calledFunction(expression)
            for label in labels {
                if label.name == "_" {
                    analysis.unnamedParameters.append(label.node)
                } else {
                    analysis.reads.append(Read(name: label.name, node: label.node, origin: .closureParameter))
                }
            }
            analysis.constructedTypes = constructed
            return analysis
        }
        guard let closure = expression.as(ClosureExprSyntax.self) else {
            var analysis = Analysis(form: .expression, effects: Effects(isAsync: false, isThrowing: false))
            analysis.constructedTypes = constructed
            analysis.expressionMarks = EffectMarkFinder.marks(in: expression)
            return analysis
        }
        let parameters = parameters(of: closure)
        var analysis: Analysis
        if parameters.count == 1, let type = parameters[0].type, isContainerType(type, containerName: containerName) {
            let name = parameters[0].name
            analysis = Analysis(form: .containerClosure(parameter: name), effects: effects(of: closure))
            let usage = ContainerParameterVisitor(parameter: name)
            usage.walk(closure.statements)
            // `c.scope` written without a call takes the function as a value (`.function`, which
            // `ContainerExtractor.resolveFunctionReads` keeps only for an `@Assisted` function).
            analysis.reads = usage.reads.map { read in
                Read(name: read.name, node: read.node, origin: .containerRead, access: isCalled(read.node) ? .value : .function)
            }
            analysis.containerEscapes = usage.escapes
            // A local hides `c.member` only where it is in scope: `if let store = c.store as? Disk`
            // and `let store = c.store` read the member before the local exists, as the generated
            // copy (which reads the member by its name) does too.
            analysis.shadowingDeclarations = usage.declarations.filter { declaration in
                let scope = LocalScope.range(of: declaration.node)
                return usage.reads.contains { $0.name == declaration.name && scope.contains($0.node.position) }
            }
        } else {
            analysis = Analysis(form: .expression, effects: effects(of: closure))
            for parameter in parameters {
                if let type = parameter.type, isContainerType(type, containerName: containerName) {
                    // The container beside other parameters: it is not a member to resolve by name.
                    analysis.containerParametersBesideOthers.append((parameter.name, parameter.node))
                } else if parameter.name == "_" {
                    analysis.unnamedParameters.append(parameter.node)
                } else {
                    let deferred = parameter.type.flatMap(deferredAccess(of:))
                    let shape = parameter.type.flatMap(functionShape(of:))
                    // A parameter of a function type, or of none (`{ query in ... }`, whose type Swift
                    // infers), may take an `@Assisted` function as a value: `.function`, which
                    // `ContainerExtractor.resolveFunctionReads` keeps only for such a function.
                    var read = Read(
                        name: parameter.name, node: parameter.node, origin: .closureParameter,
                        access: deferred?.access ?? (shape != nil || parameter.type == nil ? .function : .value),
                        valueType: deferred?.valueType, functionShape: shape)
                    if parameters.count == 1 && parameter.type == nil {
                        // `{ c in App(router: c.router) }`: what it reads through the parameter, in
                        // case it meant the container.
                        let usage = ContainerParameterVisitor(parameter: parameter.name)
                        usage.walk(closure.statements)
                        read.namesReadThrough = usage.reads.map(\.name)
                    }
                    analysis.reads.append(read)
                }
            }
            analysis.form = .parameterClosure(parameters: parameters.map(\.name))
            // `{ Impl(h: $0) }`: parameters without names, which no member can be matched to (the
            // copied body would read `$0` outside any closure).
            if closure.signature == nil {
                analysis.unnamedParameters += AnonymousArgumentFinder.arguments(in: closure)
            }
        }
        analysis.constructedTypes = constructed
        if closure.signature?.returnClause == nil {
            analysis.returnedTypes = ReturnedTypeCollector.collect(in: closure)
        }
        return analysis
    }

    /// `Provider<T>` or `Lazy<T>` (also written `Trellis.Provider<T>`): the access a parameter of
    /// that type asks for, and `T` as written. The argument is read as a whole node, whose text every
    /// swift-syntax version the package accepts gives alike (their generic-argument layouts differ).
    public static func deferredAccess(of type: TypeSyntax) -> (access: DependencyAccess, valueType: String)? {
        let name: String
        let clause: GenericArgumentClauseSyntax?
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            (name, clause) = (identifier.name.text, identifier.genericArgumentClause)
        } else if let member = type.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "Trellis" {
            (name, clause) = (member.name.text, member.genericArgumentClause)
        } else {
            return nil
        }
        guard let access = [DependencyAccess.provider, .lazy].first(where: { $0.typeName == name }),
            let arguments = clause?.arguments, arguments.count == 1, let argument = arguments.first
        else { return nil }
        return (access, argument.trimmedDescription)
    }

    /// The shape of a function type (`@escaping @Sendable (String, Int) async throws -> Scope`,
    /// through its attributes and parentheses); nil for any other type. Whether the parameter then
    /// takes an `@Assisted` function as a value or a member of a function type by value depends on
    /// the member it names (see `ContainerExtractor`).
    public static func functionShape(of type: TypeSyntax) -> FunctionShape? {
        var type = type
        while true {
            if let attributed = type.as(AttributedTypeSyntax.self) {
                type = attributed.baseType
            } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
                only.firstName == nil
            {
                type = only.type
            } else {
                break
            }
        }
        guard let function = type.as(FunctionTypeSyntax.self) else { return nil }
        return FunctionShape(
            parameterCount: function.parameters.count, isAsync: function.effectSpecifiers?.asyncSpecifier != nil,
            isThrowing: function.effectSpecifiers?.throwsClause != nil)
    }

    /// A closure's parameters: the name a factory parameter resolves by and its type, if written.
    public static func parameters(of closure: ClosureExprSyntax) -> [(name: String, type: TypeSyntax?, node: Syntax)] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list):
            return list.map { ($0.name.memberName, nil, Syntax($0)) }
        case .parameterClause(let clause):
            return clause.parameters.map { parameter in
                let name = (parameter.secondName ?? parameter.firstName).memberName
                return (name, parameter.type, Syntax(parameter))
            }
        case nil:
            return []
        }
    }

    /// The expression `closure` returns, or `nil` when calling it does more than evaluate that
    /// expression with its parameters bound: it has statements, a capture list, attributes, a
    /// declared result type or effects, a parameter that is variadic or carries attributes or
    /// modifiers, or its body tries or awaits (effects the call itself would carry).
    public static func plainBody(of closure: ClosureExprSyntax) -> ExprSyntax? {
        guard !closure.hasError, closure.statements.count == 1, let item = closure.statements.first else { return nil }
        let body: ExprSyntax
        switch item.item {
        case .expr(let expression):
            body = expression
        case .stmt(let statement):
            guard let expression = statement.as(ReturnStmtSyntax.self)?.expression else { return nil }
            body = expression
        default:
            return nil
        }
        // Walking the tokens is slow in a plug-in built in debug; text without either word has neither keyword.
        let text = body.description
        if text.contains("try") || text.contains("await") {
            let effects: Set<TokenKind> = [.keyword(.try), .keyword(.await)]
            guard !body.tokens(viewMode: .sourceAccurate).contains(where: { effects.contains($0.tokenKind) }) else {
                return nil
            }
        }
        if let signature = closure.signature {
            guard signature.attributes.isEmpty, signature.capture == nil, signature.effectSpecifiers == nil,
                signature.returnClause == nil
            else { return nil }
            if case .parameterClause(let clause) = signature.parameterClause {
                let plain = clause.parameters.allSatisfy {
                    $0.secondName == nil && $0.ellipsis == nil && $0.attributes.isEmpty && $0.modifiers.isEmpty
                }
                guard plain else { return nil }
            }
        }
        return body
    }

    /// The plain names `expression` reads outside the closures in it (`session` in
    /// `NetworkService(session: session)`), each once, in order.
    public static func plainNames(in expression: ExprSyntax) -> [String] {
        PlainNameCollector.collect(in: expression)
    }

    /// Whether `node` is called: the callee of a call (`userRoutes` in `userRoutes(prefix: p)`).
    public static func isCalled(_ node: Syntax) -> Bool {
        node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
    }

    /// The plain names `expression` calls (`userRoutes` in `userRoutes(prefix: p)`), with where each
    /// is first written, outside nested closures.
    public static func calledPlainNames(in expression: ExprSyntax) -> [(name: String, node: Syntax)] {
        let collector = CalledNameCollector(viewMode: .sourceAccurate)
        collector.walk(expression)
        var seen = Set<String>()
        return collector.called.filter { seen.insert($0.name).inserted }
    }

    /// Whether `closure` declares a parameter named `name`, which hides any outer `name` in its body.
    public static func declaresParameter(named name: String, in closure: ClosureExprSyntax) -> Bool {
        parameters(of: closure).contains { $0.name == name }
    }

    private static func isContainerType(_ type: TypeSyntax, containerName: String) -> Bool {
        let text = type.trimmedDescription
        return text == "Self" || text == containerName
    }
}

/// The plain names an expression reads (`session`, not `x.session`, not `f(session:)`'s label),
/// outside the closures in it, which may declare names of their own.
final class PlainNameCollector: SyntaxVisitor {
    private var names: [String] = []

    static func collect(in expression: ExprSyntax) -> [String] {
        let collector = PlainNameCollector(viewMode: .sourceAccurate)
        collector.walk(expression)
        var seen = Set<String>()
        return collector.names.filter { seen.insert($0).inserted }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = Self.plainName(node) { names.append(name) }
        return .skipChildren
    }

    /// The name `node` reads on its own (`session`), not after a dot (`c.session`, `Kind.self`)
    /// and not as a function named with its labels; `nil` otherwise.
    static func plainName(_ node: DeclReferenceExprSyntax) -> String? {
        guard !isMemberName(node), node.argumentNames == nil, case .identifier = node.baseName.tokenKind else { return nil }
        return node.baseName.memberName
    }

    /// Whether `node` is the name after a dot (`c.session`, `Kind.self`).
    static func isMemberName(_ node: DeclReferenceExprSyntax) -> Bool {
        node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Finds how a container-taking closure uses its parameter.
final class ContainerParameterVisitor: SyntaxVisitor {
    let parameter: String
    var reads: [(name: String, node: Syntax)] = []
    var escapes: [Syntax] = []
    var declarations: [(name: String, node: Syntax)] = []

    init(parameter: String) {
        self.parameter = parameter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.memberName == parameter, node.argumentNames == nil else { return .skipChildren }
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == node.id {
            reads.append((access.declName.baseName.memberName, Syntax(access)))
        } else {
            escapes.append(Syntax(node))
        }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        // Inside a nested closure with its own parameter of that name, the name is not the container.
        FactoryReader.declaresParameter(named: parameter, in: node) ? .skipChildren : .visitChildren
    }

    /// `[unowned c]`, `[weak c]`, `[c]`: the container itself, captured. The generated code has no
    /// `c` (it reads members without one), so this is a use to report, like passing `c` on. Read by
    /// tokens: swift-syntax 600 writes the captured name as an expression, later versions as a name.
    override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind {
        let tokens = node.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind != .comma }
        if tokens.contains(where: { $0.tokenKind == .equal }) { return .visitChildren }
        if let captured = tokens.last, captured.memberName == parameter { escapes.append(Syntax(node)) }
        return .skipChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        declarations.append((node.identifier.memberName, Syntax(node)))
        return .skipChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        declarations.append((node.name.memberName, Syntax(node)))
        return .skipChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        declarations.append(((node.secondName ?? node.firstName).memberName, Syntax(node)))
        return .skipChildren
    }
}

/// Where a name declared inside a factory closure can be referred to, by source position: Swift's
/// rules for locals, enough to tell whether a `c.member` read would reach the local once the copied
/// code reads the member by its bare name.
enum LocalScope {
    /// The positions from which the name `declaration` declares is visible: for a `let`/`var`
    /// statement (and a `guard` binding), the rest of its block; for an `if`/`while` binding, the
    /// conditions after it and the body; for a `for` pattern, its `where` and body; for a `catch` or
    /// `case` pattern, its body; for a closure's parameter, that closure's body. Elsewhere, to be
    /// safe, from the declaration to the end of the outermost node.
    static func range(of declaration: Syntax) -> Range<AbsolutePosition> {
        var child = declaration
        while let parent = child.parent {
            if let closure = parent.as(ClosureExprSyntax.self), child.id == closure.signature?.id {
                return closure.statements.position..<closure.statements.endPosition
            }
            if let condition = parent.as(ConditionElementSyntax.self), let owner = condition.parent?.parent {
                if let statement = owner.as(GuardStmtSyntax.self) { return restOfBlock(after: Syntax(statement)) }
                if let statement = owner.as(IfExprSyntax.self) { return condition.endPosition..<statement.body.endPosition }
                if let statement = owner.as(WhileStmtSyntax.self) { return condition.endPosition..<statement.body.endPosition }
            }
            if let declaration = parent.as(VariableDeclSyntax.self), parent.parent?.is(CodeBlockItemSyntax.self) == true {
                return restOfBlock(after: Syntax(declaration))
            }
            if let statement = parent.as(ForStmtSyntax.self), child.id == statement.pattern.id {
                return statement.sequence.endPosition..<statement.endPosition
            }
            if let clause = parent.as(CatchClauseSyntax.self), child.id != clause.body.id {
                return clause.body.position..<clause.body.endPosition
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), child.id == switchCase.label.id {
                return switchCase.label.endPosition..<switchCase.endPosition
            }
            child = parent
        }
        return declaration.position..<child.endPosition
    }

    /// From the end of `statement` to the end of the block that holds it.
    private static func restOfBlock(after statement: Syntax) -> Range<AbsolutePosition> {
        var block = statement
        while let parent = block.parent, !parent.is(CodeBlockItemListSyntax.self) { block = parent }
        let end = block.parent?.endPosition ?? block.endPosition
        return statement.endPosition..<max(end, statement.endPosition)
    }
}

/// Collects the type names a factory constructs (`Foo(...)`, `Foo.init(...)`), for graph edges
/// between containers.
final class ConstructedTypeCollector: SyntaxVisitor {
    var names: [String] = []

    static func collect(in node: Syntax) -> [String] {
        let collector = ConstructedTypeCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        var seen = Set<String>()
        return collector.names.filter { seen.insert($0).inserted }
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        if let name = Self.constructedType(node) { names.append(name) }
    }

    /// `Foo.init(dep:)`, an initializer named with its labels: a factory that calls it (called
    /// itself, `Foo.init(dep:)(x)`, it is a call, which the visit of the call counts).
    override func visitPost(_ node: MemberAccessExprSyntax) {
        guard node.declName.baseName.tokenKind == .keyword(.`init`), node.declName.argumentNames != nil,
            node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id,
            let base = node.base, let name = Self.typeName(base)
        else { return }
        names.append(name)
    }

    /// The type `call` builds, if its callee names one (`Foo(...)`, `Foo.init(...)`).
    static func constructedType(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.tokenKind == .keyword(.`init`),
            let base = access.base
        {
            callee = base
        }
        return typeName(callee)
    }

    /// `Foo` for `Foo`, `Outer.Inner` for `Outer.Inner`: capitalised names only, as types are written.
    private static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            return reference.baseName.text
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base,
            access.declName.baseName.text.first?.isUppercase == true, let baseName = typeName(base)
        {
            return "\(baseName).\(access.declName.baseName.text)"
        }
        return nil
    }
}

/// The effects Swift infers for a closure from its own body: `async` where it awaits (`await`,
/// `for await`, `async let`), `throws` where it tries or throws outside a `try?`, a `try!` or a `do`
/// whose last `catch` catches everything. Closures and declarations nested in the body keep their
/// effects to themselves.
final class EffectInference: SyntaxVisitor {
    private var effects = FactoryReader.Effects(isAsync: false, isThrowing: false)
    /// How many enclosing constructs handle what is thrown in them.
    private var handled = 0

    static func effects(of statements: CodeBlockItemListSyntax) -> FactoryReader.Effects {
        // Walking the tokens is slow in a plug-in built in debug; text without these words has no effect.
        let text = statements.description
        guard ["try", "throw", "await", "async"].contains(where: text.contains) else {
            return FactoryReader.Effects(isAsync: false, isThrowing: false)
        }
        let inference = EffectInference(viewMode: .sourceAccurate)
        inference.walk(statements)
        return inference.effects
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        effects.isAsync = true
        return .visitChildren
    }

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark != nil {
            handled += 1
        } else if handled == 0 {
            effects.isThrowing = true
        }
        return .visitChildren
    }

    override func visitPost(_ node: TryExprSyntax) {
        if node.questionOrExclamationMark != nil { handled -= 1 }
    }

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        if handled == 0 { effects.isThrowing = true }
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.awaitKeyword != nil { effects.isAsync = true }
        if node.tryKeyword != nil && handled == 0 { effects.isThrowing = true }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.async) }) { effects.isAsync = true }
        return .visitChildren
    }

    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        // A `do` whose last `catch` has no pattern, or binds the error to a name, handles its body's
        // throws; what its `catch` clauses throw is the closure's.
        let catchesAll =
            node.catchClauses.last.map { clause in
                clause.catchItems.isEmpty
                    || (clause.catchItems.count == 1 && clause.catchItems.first?.whereClause == nil
                        && clause.catchItems.first?.pattern?.as(ValueBindingPatternSyntax.self)?.pattern
                            .is(IdentifierPatternSyntax.self) == true)
            } ?? false
        if catchesAll { handled += 1 }
        walk(node.body)
        if catchesAll { handled -= 1 }
        walk(node.catchClauses)
        return .skipChildren
    }
}

/// The types a closure's own `return` statements build, each once (not those of closures or
/// functions nested in it, whose returns are theirs).
final class ReturnedTypeCollector: SyntaxVisitor {
    var names: [String] = []

    static func collect(in closure: ClosureExprSyntax) -> [String] {
        let collector = ReturnedTypeCollector(viewMode: .sourceAccurate)
        collector.walk(closure.statements)
        var seen = Set<String>()
        return collector.names.filter { seen.insert($0).inserted }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visitPost(_ node: ReturnStmtSyntax) {
        if let call = node.expression?.as(FunctionCallExprSyntax.self), let name = ConstructedTypeCollector.constructedType(call)
        {
            names.append(name)
        }
    }
}

/// Classifies a member's declared type.
public enum TypeClassifier {
    /// The kind of `type`, looking through optionals and parentheses.
    public static func kind(of type: TypeSyntax) -> MemberTypeKind {
        if let some = type.as(SomeOrAnyTypeSyntax.self) {
            return some.someOrAnySpecifier.tokenKind == .keyword(.some) ? .opaque : .existential
        }
        if type.is(CompositionTypeSyntax.self) { return .composition }
        if let optional = type.as(OptionalTypeSyntax.self) { return kind(of: optional.wrappedType) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return kind(of: optional.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil
        {
            return kind(of: only.type)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), ["Any", "AnyObject"].contains(identifier.name.text),
            identifier.genericArgumentClause == nil
        {
            return .existential
        }
        return .concrete
    }

    /// The shape of a `.collection` member's type: `[T]` or `Array<T>`, `Set<T>`, `[K: V]` or
    /// `Dictionary<K, V>`; `nil` for any other type.
    public static func collectionKind(of type: TypeSyntax) -> CollectionDeclaration.Kind? {
        if type.is(ArrayTypeSyntax.self) { return .array }
        if type.is(DictionaryTypeSyntax.self) { return .dictionary }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause != nil else { return nil }
        switch identifier.name.text {
        case "Array": return .array
        case "Set": return .set
        case "Dictionary": return .dictionary
        default: return nil
        }
    }

    /// Whether `type` is a function type (with attributes such as `@Sendable`, or in parentheses),
    /// or a typealias named in `functionAliases`. An optional is not: it escapes already.
    public static func isFunction(_ type: TypeSyntax, functionAliases: Set<String>) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return isFunction(attributed.baseType, functionAliases: functionAliases)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil
        {
            return isFunction(only.type, functionAliases: functionAliases)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return functionAliases.contains(identifier.name.text)
        }
        return false
    }
}

/// The names a closure's capture list captures (`[logger]`, `[weak logger]`, `[l = logger]`), each
/// with its item.
public func capturedNames(of closure: ClosureExprSyntax) -> [(name: String, node: Syntax)] {
    (closure.signature?.capture?.items ?? []).compactMap { item in captureNames(of: item).map { ($0.captured, Syntax(item)) } }
}

/// The name a capture item binds and the name it captures: both `logger` for `[logger]` and
/// `[weak logger]`; `l` and `logger` for `[l = logger]`. Read from the item's identifiers after its
/// specifier, since swift-syntax 600 and 602 lay the item out differently.
public func captureNames(of item: ClosureCaptureSyntax) -> (bound: String, captured: String)? {
    let start = item.specifier?.endPosition ?? item.position
    let identifiers = item.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
        guard token.position >= start, case .identifier = token.tokenKind else { return nil }
        return token.memberName
    }
    guard let bound = identifiers.first, let captured = identifiers.last else { return nil }
    return (bound, captured)
}

/// The anonymous closure arguments (`$0`, `$1`) a closure's own body uses, each once, leaving out
/// those of the closures nested in it.
final class AnonymousArgumentFinder: SyntaxVisitor {
    private var found: [String: Syntax] = [:]
    private var order: [String] = []

    static func arguments(in closure: ClosureExprSyntax) -> [Syntax] {
        let finder = AnonymousArgumentFinder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.order.compactMap { finder.found[$0] }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if case .dollarIdentifier(let name) = node.baseName.tokenKind, found[name] == nil {
            found[name] = Syntax(node)
            order.append(name)
        }
        return .skipChildren
    }
}

/// The `try` and `await` an expression says outside the closures in it.
final class EffectMarkFinder: SyntaxVisitor {
    private var marks = FactoryReader.Effects(isAsync: false, isThrowing: false)

    static func marks(in expression: ExprSyntax) -> FactoryReader.Effects {
        let finder = EffectMarkFinder(viewMode: .sourceAccurate)
        finder.walk(expression)
        return finder.marks
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        marks.isThrowing = true
        return .visitChildren
    }
    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        marks.isAsync = true
        return .visitChildren
    }
}

/// In one walk of a closure's body (nested closures included, whose bodies see the same names):
/// the plain names it uses, less every name it declares anywhere (locals, bindings, parameters of
/// nested closures and functions), which can only be the outer declarations of those names, each
/// once with its first use; and its first use of `self`.
struct ClosureNameUses {
    let freeNames: [(name: String, node: Syntax)]
    let firstSelf: Syntax?

    init(_ closure: ClosureExprSyntax) {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(closure.statements)
        var seen = Set<String>()
        freeNames = collector.used.filter { !collector.declared.contains($0.name) && seen.insert($0.name).inserted }
        firstSelf = collector.firstSelf
    }

    private final class Collector: SyntaxVisitor {
        var used: [(name: String, node: Syntax)] = []
        var declared = Set<String>()
        var firstSelf: Syntax?

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = PlainNameCollector.plainName(node) {
                used.append((name, Syntax(node)))
            } else if firstSelf == nil, node.baseName.tokenKind == .keyword(.self), !PlainNameCollector.isMemberName(node) {
                // Not `Logger.Level.self`, which names a type's metatype.
                firstSelf = Syntax(node)
            }
            return .skipChildren
        }

        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            declared.insert(node.identifier.memberName)
            return .skipChildren
        }

        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
            declared.insert((node.secondName ?? node.firstName).memberName)
            return .visitChildren
        }

        override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
            declared.insert(node.name.memberName)
            return .skipChildren
        }

        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            declared.insert((node.secondName ?? node.firstName).memberName)
            return .visitChildren
        }

        override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind {
            if let bound = captureNames(of: node)?.bound { declared.insert(bound) }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            // `if let store { ... }`: the shorthand binds the name it reads.
            if let pattern = node.pattern.as(IdentifierPatternSyntax.self) { declared.insert(pattern.identifier.memberName) }
            return .visitChildren
        }
    }
}

/// The plain names an expression calls, outside nested closures (see
/// ``FactoryReader/calledPlainNames(in:)``).
private final class CalledNameCollector: SyntaxVisitor {
    var called: [(name: String, node: Syntax)] = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = PlainNameCollector.plainName(node), FactoryReader.isCalled(Syntax(node)) {
            called.append((name, Syntax(node)))
        }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
