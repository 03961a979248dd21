import SwiftSyntax

/// Builds the syntax tree of a `@DIContainer` declaration written in its plainest form, without
/// swift-syntax's parser, as the tree that parser gives for the same text.
///
/// The macro plug-in gets each container from the compiler as text. In debug builds SwiftPM
/// compiles swift-syntax without optimisation, and parsing a 250-member container took 1.8 G
/// instructions, over half of the plug-in's work in each compiler job, almost all of it in the
/// lexer and the parser's look-ahead. Building the same nodes directly costs a fraction of that.
///
/// The form is what most containers are: attributes, access modifiers, `struct` or `class`, a
/// name, an inheritance list, and members that are all attributed `var name: Type` declarations.
/// Attribute arguments are implicit members (`.shared`), names, member accesses (`T.self`),
/// calls, `true`/`false`, integers, one-line strings without escapes, `try`, `await`, array
/// literals, key paths (`\Self.member`) and closures (`async`/`throws` allowed) whose body is one
/// such expression. Types are names, member types, `T?`, `[T]`, `[K: V]`, `any P`, `some P`.
/// Trivia is spaces, tabs, line feeds and comments. Anything else (literals, operators, other
/// declarations, generic clauses, words that spell a keyword where a name is expected) returns
/// `nil`, and the text is parsed as usual. A seeded property test checks that every tree built here
/// is the parser's, node for node and trivia for trivia.
public enum PlainSyntax {
    /// The declaration `text` (a whole container declaration, with its leading trivia) when it
    /// has the plain form, else `nil`.
    public static func declaration(_ text: String) -> DeclSyntax? {
        guard var builder = PlainSyntaxBuilder(text) else { return nil }
        return builder.whole { $0.containerDeclaration() }
    }

    /// The attribute `text` (with its leading trivia) when it has the plain form, else `nil`.
    public static func attribute(_ text: String) -> AttributeSyntax? {
        guard var builder = PlainSyntaxBuilder(text) else { return nil }
        return builder.whole { $0.attribute() }
    }
}

/// The recursive descent behind ``PlainSyntax``: one function per construct, each consuming its
/// tokens and returning the node, or `nil` (and the whole build fails) when the text leaves the
/// plain form.
struct PlainSyntaxBuilder {
    private typealias Token = PlainTokens.Token
    private let tokens: [Token]
    private var index = 0
    /// The tokens made so far. A container repeats most of its tokens (`@`, `(`, `, `, `: `, `var`,
    /// the same indentation before each member), and making one is most of the cost of a node in
    /// a debug build of swift-syntax; a node may share a token with others, as trees made by
    /// `with` share their unchanged parts.
    private var made: [TokenKey: TokenSyntax] = [:]

    private struct TokenKey: Hashable {
        var kind: TokenKind
        var source: Substring
    }

    init?(_ text: String) {
        guard let lexed = PlainTokens(text), lexed.trailingText.isEmpty else { return nil }
        tokens = lexed.tokens
    }

    /// `build`'s node when it consumes every token.
    mutating func whole<Node>(_ build: (inout Self) -> Node?) -> Node? {
        guard let node = build(&self), index == tokens.count else { return nil }
        return node
    }

    // MARK: Declarations

    mutating func containerDeclaration() -> DeclSyntax? {
        guard let attributes = attributeList() else { return nil }
        let modifiers = modifierList(Self.containerModifiers)
        guard let introducer = keyword(.struct) ?? keyword(.class), let name = identifier(),
            let (inheritance, members) = typeBody()
        else { return nil }
        if introducer.tokenKind == .keyword(.struct) {
            return DeclSyntax(
                StructDeclSyntax(
                    attributes: attributes, modifiers: modifiers, structKeyword: introducer, name: name,
                    inheritanceClause: inheritance, memberBlock: members))
        }
        return DeclSyntax(
            ClassDeclSyntax(
                attributes: attributes, modifiers: modifiers, classKeyword: introducer, name: name,
                inheritanceClause: inheritance, memberBlock: members))
    }

    /// An optional inheritance clause and the member block.
    private mutating func typeBody() -> (InheritanceClauseSyntax?, MemberBlockSyntax)? {
        var inheritance: InheritanceClauseSyntax?
        if let colon = punctuation(":") {
            var inherited: [InheritedTypeSyntax] = []
            repeat {
                guard let type = type() else { return nil }
                inherited.append(InheritedTypeSyntax(type: type, trailingComma: punctuation(",")))
            } while inherited.last?.trailingComma != nil
            inheritance = InheritanceClauseSyntax(colon: colon, inheritedTypes: InheritedTypeListSyntax(inherited))
        }
        guard let open = punctuation("{") else { return nil }
        var members: [MemberBlockItemSyntax] = []
        while !isPunctuation("}") {
            // The parser wants a `;` between declarations on one line.
            guard members.isEmpty || current?.leadingTrivia.contains(where: \.isNewline) == true,
                let member = member()
            else { return nil }
            members.append(member)
        }
        guard let close = punctuation("}") else { return nil }
        return (inheritance, MemberBlockSyntax(leftBrace: open, members: MemberBlockItemListSyntax(members), rightBrace: close))
    }

    /// `@Attribute... modifiers var name: Type`.
    private mutating func member() -> MemberBlockItemSyntax? {
        guard isPunctuation("@"), let attributes = attributeList() else { return nil }
        let modifiers = modifierList(Self.memberModifiers)
        guard let specifier = keyword(.var), let name = identifier(), let colon = punctuation(":"), let type = type()
        else { return nil }
        let binding = PatternBindingSyntax(
            pattern: IdentifierPatternSyntax(identifier: name), typeAnnotation: TypeAnnotationSyntax(colon: colon, type: type))
        let variable = VariableDeclSyntax(
            attributes: attributes, modifiers: modifiers, bindingSpecifier: specifier,
            bindings: PatternBindingListSyntax([binding]))
        return MemberBlockItemSyntax(decl: DeclSyntax(variable))
    }

    private static let containerModifiers: [Keyword] = [.public, .package, .internal, .fileprivate, .private, .final]
    private static let memberModifiers: [Keyword] = [.public, .package, .internal, .fileprivate, .private, .nonisolated]

    /// Modifiers among `allowed`, none of them followed by `(` (`private(set)` is left to the parser).
    private mutating func modifierList(_ allowed: [Keyword]) -> DeclModifierListSyntax {
        var modifiers: [DeclModifierSyntax] = []
        while let word = current, word.kind == .word, let keyword = Self.keywords[word.text], allowed.contains(keyword),
            !isPunctuation("(", at: 1)
        {
            index += 1
            modifiers.append(DeclModifierSyntax(name: make(.keyword(keyword), word)))
        }
        return DeclModifierListSyntax(modifiers)
    }

    // MARK: Attributes

    private mutating func attributeList() -> AttributeListSyntax? {
        var attributes: [AttributeListSyntax.Element] = []
        while isPunctuation("@") {
            guard let attribute = attribute() else { return nil }
            attributes.append(.attribute(attribute))
        }
        return AttributeListSyntax(attributes)
    }

    /// `@Name` or `@Name(arguments)`, the parenthesis touching the name.
    mutating func attribute() -> AttributeSyntax? {
        guard let atSign = punctuation("@"), atSign.trailingTrivia.isEmpty, let name = identifier() else { return nil }
        let attributeName = TypeSyntax(IdentifierTypeSyntax(name: name))
        guard isPunctuation("(") else { return AttributeSyntax(atSign: atSign, attributeName: attributeName) }
        guard touchesPrevious(), let open = punctuation("("), let arguments = labeledList(closer: ")"),
            let close = punctuation(")")
        else { return nil }
        return AttributeSyntax(
            atSign: atSign, attributeName: attributeName, leftParen: open, arguments: .argumentList(arguments),
            rightParen: close)
    }

    // MARK: Expressions

    /// `label: expression, expression, ...` up to (not including) `closer`, without a trailing comma.
    private mutating func labeledList(closer: Unicode.Scalar) -> LabeledExprListSyntax? {
        var elements: [LabeledExprSyntax] = []
        while !isPunctuation(closer) {
            var label: TokenSyntax?
            var colon: TokenSyntax?
            if current?.kind == .word, isPunctuation(":", at: 1) {
                guard let word = identifier() else { return nil }
                label = word
                colon = punctuation(":")
            }
            guard let expression = expression() else { return nil }
            let comma = punctuation(",")
            elements.append(LabeledExprSyntax(label: label, colon: colon, expression: expression, trailingComma: comma))
            guard comma != nil else { break }
            guard !isPunctuation(closer) else { return nil }
        }
        return LabeledExprListSyntax(elements)
    }

    private mutating func expression() -> ExprSyntax? {
        var expression: ExprSyntax
        if isPunctuation(".") {
            guard let period = punctuation("."), period.trailingTrivia.isEmpty, let name = identifier() else { return nil }
            expression = ExprSyntax(MemberAccessExprSyntax(period: period, declName: DeclReferenceExprSyntax(baseName: name)))
        } else if let tryKeyword = keyword(.try) {
            guard let operand = self.expression() else { return nil }
            return ExprSyntax(TryExprSyntax(tryKeyword: tryKeyword, expression: operand))
        } else if let awaitKeyword = keyword(.await) {
            guard let operand = self.expression() else { return nil }
            return ExprSyntax(AwaitExprSyntax(awaitKeyword: awaitKeyword, expression: operand))
        } else if current?.kind == .integer, let token = current {
            index += 1
            return ExprSyntax(IntegerLiteralExprSyntax(literal: make(.integerLiteral(token.text), token)))
        } else if current?.kind == .string, let token = current {
            index += 1
            let segment = StringSegmentSyntax(content: .stringSegment(token.text))
            return ExprSyntax(
                StringLiteralExprSyntax(
                    openingQuote: .stringQuoteToken(leadingTrivia: token.leadingTrivia),
                    segments: StringLiteralSegmentListSyntax([.stringSegment(segment)]),
                    closingQuote: .stringQuoteToken(trailingTrivia: token.trailingTrivia)))
        } else if let literal = keyword(.true) ?? keyword(.false) {
            return ExprSyntax(BooleanLiteralExprSyntax(literal: literal))
        } else if let name = identifier() {
            expression = ExprSyntax(DeclReferenceExprSyntax(baseName: name))
        } else if isPunctuation("[") {
            return arrayLiteral()
        } else if isPunctuation("\\") {
            return keyPath()
        } else if isPunctuation("{") {
            return closure()
        } else {
            return nil
        }
        while touchesPrevious() {
            if isPunctuation(".") {
                guard let period = punctuation("."), period.trailingTrivia.isEmpty,
                    let name = identifier() ?? keyword(.self)
                else { return nil }
                expression = ExprSyntax(
                    MemberAccessExprSyntax(base: expression, period: period, declName: DeclReferenceExprSyntax(baseName: name)))
            } else if isPunctuation("(") {
                guard let open = punctuation("("), let arguments = labeledList(closer: ")"), let close = punctuation(")"),
                    !isPunctuation("{")
                else { return nil }
                expression = ExprSyntax(
                    FunctionCallExprSyntax(calledExpression: expression, leftParen: open, arguments: arguments, rightParen: close)
                )
            } else {
                break
            }
        }
        return expression
    }

    private mutating func arrayLiteral() -> ExprSyntax? {
        guard let open = punctuation("[") else { return nil }
        var elements: [ArrayElementSyntax] = []
        while !isPunctuation("]") {
            guard let expression = expression() else { return nil }
            let comma = punctuation(",")
            elements.append(ArrayElementSyntax(expression: expression, trailingComma: comma))
            guard comma != nil else { break }
            guard !isPunctuation("]") else { return nil }
        }
        guard let close = punctuation("]") else { return nil }
        return ExprSyntax(ArrayExprSyntax(leftSquare: open, elements: ArrayElementListSyntax(elements), rightSquare: close))
    }

    /// `\Root.a.b` or `\.a.b`: one root word at most, then property components.
    private mutating func keyPath() -> ExprSyntax? {
        guard let backslash = punctuation("\\"), backslash.trailingTrivia.isEmpty else { return nil }
        var root: TypeSyntax?
        if let name = keyword(.Self) ?? identifier() {
            root = TypeSyntax(IdentifierTypeSyntax(name: name))
        }
        var components: [KeyPathComponentSyntax] = []
        while isPunctuation(".") {
            guard touchesPrevious(), let period = punctuation("."), period.trailingTrivia.isEmpty,
                let name = identifier()
            else { return nil }
            let property = KeyPathPropertyComponentSyntax(declName: DeclReferenceExprSyntax(baseName: name))
            components.append(KeyPathComponentSyntax(period: period, component: .property(property)))
        }
        guard !components.isEmpty else { return nil }
        return ExprSyntax(
            KeyPathExprSyntax(backslash: backslash, root: root, components: KeyPathComponentListSyntax(components)))
    }

    /// `{ [signature in] expression }`: `(name: Type, ...)` or `name, ...`, then `async`, `throws`, `in`.
    private mutating func closure() -> ExprSyntax? {
        guard let open = punctuation("{") else { return nil }
        var signature: ClosureSignatureSyntax?
        var parameterClause: ClosureSignatureSyntax.ParameterClause?
        if isPunctuation("(") {
            guard let parameters = closureParameterClause() else { return nil }
            parameterClause = .parameterClause(parameters)
        } else if startsShorthandSignature() {
            var names: [ClosureShorthandParameterSyntax] = []
            while let name = identifier() {
                names.append(ClosureShorthandParameterSyntax(name: name, trailingComma: punctuation(",")))
            }
            parameterClause = .simpleInput(ClosureShorthandParameterListSyntax(names))
        }
        if let parameterClause {
            let asyncSpecifier = keyword(.async)
            let throwsSpecifier = keyword(.throws)
            var effects: TypeEffectSpecifiersSyntax?
            if asyncSpecifier != nil || throwsSpecifier != nil {
                effects = TypeEffectSpecifiersSyntax(
                    asyncSpecifier: asyncSpecifier, throwsClause: throwsSpecifier.map { ThrowsClauseSyntax(throwsSpecifier: $0) })
            }
            guard let inKeyword = keyword(.in) else { return nil }
            signature = ClosureSignatureSyntax(parameterClause: parameterClause, effectSpecifiers: effects, inKeyword: inKeyword)
        }
        guard let body = expression(), let close = punctuation("}") else { return nil }
        let statements = CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(body))])
        return ExprSyntax(ClosureExprSyntax(leftBrace: open, signature: signature, statements: statements, rightBrace: close))
    }

    /// `(name: Type, ...)`, every parameter typed.
    private mutating func closureParameterClause() -> ClosureParameterClauseSyntax? {
        guard let open = punctuation("(") else { return nil }
        var parameters: [ClosureParameterSyntax] = []
        while !isPunctuation(")") {
            guard let name = identifier(), let colon = punctuation(":"), let type = type() else { return nil }
            let comma = punctuation(",")
            parameters.append(ClosureParameterSyntax(firstName: name, colon: colon, type: type, trailingComma: comma))
            guard comma != nil else { break }
            guard !isPunctuation(")") else { return nil }
        }
        guard let close = punctuation(")") else { return nil }
        return ClosureParameterClauseSyntax(
            leftParen: open, parameters: ClosureParameterListSyntax(parameters), rightParen: close)
    }

    /// Whether the closure starts with `name, name [async] [throws] in`.
    private func startsShorthandSignature() -> Bool {
        var offset = 0
        while isIdentifier(at: offset) {
            var end = offset + 1
            for effect in ["async", "throws"] where isWord(effect, at: end) { end += 1 }
            if isWord("in", at: end) { return true }
            guard isPunctuation(",", at: offset + 1) else { return false }
            offset += 2
        }
        return false
    }

    // MARK: Types

    private mutating func type() -> TypeSyntax? {
        for specifier in [Keyword.any, .some] where isWord(Self.spelling(specifier)) && isIdentifier(at: 1) {
            guard let token = keyword(specifier), let constraint = namedType(), !isPunctuation("?") else { return nil }
            return TypeSyntax(SomeOrAnyTypeSyntax(someOrAnySpecifier: token, constraint: constraint))
        }
        var type: TypeSyntax
        if let open = punctuation("[") {
            guard let element = self.type() else { return nil }
            if let colon = punctuation(":") {
                guard let value = self.type(), let close = punctuation("]") else { return nil }
                type = TypeSyntax(
                    DictionaryTypeSyntax(leftSquare: open, key: element, colon: colon, value: value, rightSquare: close))
            } else {
                guard let close = punctuation("]") else { return nil }
                type = TypeSyntax(ArrayTypeSyntax(leftSquare: open, element: element, rightSquare: close))
            }
        } else {
            guard let named = namedType() else { return nil }
            type = named
        }
        while isPunctuation("?") {
            guard touchesPrevious(), let questionMark = punctuation("?") else { return nil }
            type = TypeSyntax(OptionalTypeSyntax(wrappedType: type, questionMark: questionMark))
        }
        return type
    }

    /// `Name`, `Self` or `A.B.C`.
    private mutating func namedType() -> TypeSyntax? {
        guard let name = keyword(.Self) ?? identifier() else { return nil }
        var type = TypeSyntax(IdentifierTypeSyntax(name: name))
        while isPunctuation(".") {
            guard touchesPrevious(), let period = punctuation("."), period.trailingTrivia.isEmpty, let member = identifier()
            else { return nil }
            type = TypeSyntax(MemberTypeSyntax(baseType: type, period: period, name: member))
        }
        return type
    }

    // MARK: Tokens

    private var current: Token? { index < tokens.count ? tokens[index] : nil }

    private func token(at offset: Int) -> Token? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    private func isPunctuation(_ character: Unicode.Scalar, at offset: Int = 0) -> Bool {
        token(at: offset)?.kind == .punctuation(SourceBytes.ascii(character))
    }

    private func isWord(_ text: String, at offset: Int = 0) -> Bool {
        guard let token = token(at: offset) else { return false }
        return token.kind == .word && token.text == text
    }

    /// A word that spells no keyword (nor `_`, the wildcard), or one of ``identifierKeywords``: the
    /// lexer gives it as an identifier wherever it stands, and the parser keeps it one.
    private func isIdentifier(at offset: Int) -> Bool {
        guard let token = token(at: offset) else { return false }
        return token.kind == .word && token.text != "_"
            && (Self.keywords[token.text] == nil || Self.identifierKeywords.contains(token.text))
    }

    /// Whether nothing separates the current token from the one before it.
    private func touchesPrevious() -> Bool {
        guard index > 0, let current else { return false }
        return tokens[index - 1].trailingTrivia.isEmpty && current.leadingTrivia.isEmpty
    }

    private mutating func punctuation(_ character: Unicode.Scalar) -> TokenSyntax? {
        guard isPunctuation(character), let kind = Self.punctuationKinds[character], let token = current else { return nil }
        index += 1
        return make(kind, token)
    }

    private mutating func keyword(_ keyword: Keyword) -> TokenSyntax? {
        guard isWord(Self.spelling(keyword)), let token = current else { return nil }
        index += 1
        return make(.keyword(keyword), token)
    }

    private mutating func identifier() -> TokenSyntax? {
        guard isIdentifier(at: 0), let token = current else { return nil }
        index += 1
        return make(.identifier(token.text), token)
    }

    private mutating func make(_ kind: TokenKind, _ token: Token) -> TokenSyntax {
        let key = TokenKey(kind: kind, source: token.source)
        if let made = made[key] { return made }
        let new = TokenSyntax(
            kind, leadingTrivia: token.leadingTrivia, trailingTrivia: token.trailingTrivia, presence: .present)
        made[key] = new
        return new
    }

    private static func spelling(_ keyword: Keyword) -> String { spellings[keyword] ?? "" }

    /// Every keyword's spelling, contextual ones included.
    private static let spellings: [Keyword: String] = {
        var table: [Keyword: String] = [:]
        for raw in UInt8.min...UInt8.max {
            if let keyword = Keyword(rawValue: raw) { table[keyword] = TokenSyntax.keyword(keyword).text }
        }
        return table
    }()

    /// Contextual keywords that no construct built here expects, so the parser leaves them
    /// identifiers: `Sendable` is one of swift-syntax's keywords (for `@_specialize`), and common in
    /// inheritance lists.
    private static let identifierKeywords: Set<String> = ["Sendable"]

    /// Every keyword by its spelling.
    private static let keywords = [String: Keyword](uniqueKeysWithValues: spellings.map { ($0.value, $0.key) })

    private static let punctuationKinds: [Unicode.Scalar: TokenKind] = [
        "@": .atSign, "(": .leftParen, ")": .rightParen, ",": .comma, ":": .colon, ".": .period, "[": .leftSquare,
        "]": .rightSquare, "{": .leftBrace, "}": .rightBrace, "\\": .backslash, "?": .postfixQuestionMark,
    ]
}
