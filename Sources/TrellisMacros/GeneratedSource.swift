import SwiftSyntax
import SwiftSyntaxMacros

/// Generated code as the text the generators write, handed to the compiler without being parsed
/// in the plug-in.
///
/// What a macro returns reaches the compiler as text: with `formatMode` `.disabled` a node's text
/// is its `description`, and the compiler parses that text into the expansion's buffer (so does
/// swift-syntax's `MacroSystem`, which the expansion tests use). Writing the code through
/// `DeclSyntax("...")` would parse it in the plug-in as well, only for the tree to be printed back
/// unchanged: in a debug build, where swift-syntax runs without optimisation, a large part of the
/// plug-in's time (Benchmarks/results/analysis.md has the figures).
///
/// The nodes made here are placeholders whose one token is the code: print them, never look
/// inside. The text must be valid Swift on its own, which the expansion snapshots and the
/// integration tests (the code compiled for real) check.
enum GeneratedSource {
    /// One or more declarations, as written.
    static func declaration(_ source: String) -> DeclSyntax {
        DeclSyntax(MissingDeclSyntax(placeholder: token(source)))
    }

    /// `get <effects> {\n    <body>\n}`: the accessor's structure built as nodes, its body as
    /// written.
    static func getter(async isAsync: Bool, throws isThrowing: Bool, body: String) -> AccessorDeclSyntax {
        let effects =
            isAsync || isThrowing
            ? AccessorEffectSpecifiersSyntax(
                asyncSpecifier: isAsync ? .keyword(.async, leadingTrivia: .space) : nil,
                throwsClause: isThrowing ? ThrowsClauseSyntax(throwsSpecifier: .keyword(.throws, leadingTrivia: .space)) : nil)
            : nil
        return AccessorDeclSyntax(
            accessorSpecifier: .keyword(.get), effectSpecifiers: effects,
            body: CodeBlockSyntax(
                leftBrace: .leftBraceToken(leadingTrivia: .space, trailingTrivia: .newline),
                statements: [
                    CodeBlockItemSyntax(
                        item: .expr(ExprSyntax(MissingExprSyntax(placeholder: token(indented(body))))))
                ],
                rightBrace: .rightBraceToken(leadingTrivia: .newline)))
    }

    /// The text of ``getter(async:throws:body:)``, written directly.
    static func getterSource(async isAsync: Bool, throws isThrowing: Bool, body: String) -> String {
        "get" + (isAsync ? " async" : "") + (isThrowing ? " throws" : "") + " {\n" + indented(body) + "\n}"
    }

    /// `text` with every line indented by four spaces: a body inside its braces. Lines that
    /// `#sourceLocation` maps to the user's file are left as they are, so that each keeps the
    /// column it has there.
    static func indented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard text.contains(mappedCodeStart) else { return lines.map { "    \($0)" }.joined(separator: "\n") }
        var mapped = false
        return lines.map { line in
            if line.hasPrefix(mappedCodeStart) { mapped = true }
            defer { if line.hasPrefix(mappedCodeEnd) { mapped = false } }
            return mapped ? String(line) : "    \(line)"
        }.joined(separator: "\n")
    }

    /// `code` between the `#sourceLocation` lines that map it to `line` of `file` (a string
    /// literal): three lines, which belong where a statement may start.
    static func mapped(_ code: String, toFile file: String, line: Int) -> String {
        "#sourceLocation(file: \(file), line: \(line))\n\(code)\n\(mappedCodeEnd)"
    }

    /// `code` mapped to `place` (``mapped(_:toFile:line:)``), its first line padded so that what
    /// follows its first `offset` characters (what Trellis writes before the part the place names)
    /// starts at the place's column, unless those are longer. `preamble` lines (comments) come
    /// first, on the lines above the place.
    static func placed(_ code: String, at place: SourceLocator.Place, offset: Int = 0, preamble: [String] = []) -> String {
        let padding = String(repeating: " ", count: max(0, place.column - 1 - offset))
        return mapped(
            (preamble + [padding + code]).joined(separator: "\n"), toFile: place.file, line: place.line - preamble.count)
    }

    /// `code` placed on `node`, found through `context` from the node's own tree (the compiler
    /// sends an attached macro's attribute and declaration as separate trees); as it is where the
    /// place is unknown.
    static func placed(_ code: String, on node: some SyntaxProtocol, in context: some MacroExpansionContext) -> String {
        SourceLocator(context, root: Syntax(node).root).place(Syntax(node)).map { placed(code, at: $0) } ?? code
    }

    /// Whether `type`, as written, is an optional (`T?`, `T!`, `Optional<T>`).
    static func isOptional(_ type: String) -> Bool { unwrappedOptional(type) != type }

    /// `head` on the line above `place` and `tail` on the place's own line, padded so that what
    /// follows its first `offset` characters starts at the place's column: for a statement whose
    /// part the compiler points at (`tail`) must land on the place however long `head` is. `nil` on
    /// a file's first line, which has no line above.
    static func placed(head: String, tail: String, at place: SourceLocator.Place, offset: Int = 0) -> String? {
        guard place.line > 1 else { return nil }
        let padding = String(repeating: " ", count: max(0, place.column - 1 - offset))
        return mapped("\(head)\n\(padding)\(tail)", toFile: place.file, line: place.line - 1)
    }

    /// How the first line of ``mapped(_:toFile:line:)`` begins.
    static let mappedCodeStart = "#sourceLocation(file:"
    /// The line that ends what ``mapped(_:toFile:line:)`` maps.
    static let mappedCodeEnd = "#sourceLocation()"

    private static func token(_ text: String) -> TokenSyntax {
        TokenSyntax(.identifier(text), presence: .present)
    }
}

extension GeneratedSource {
    /// `override ?? build` without the operator: an `if` expression, whose branches the compiler
    /// checks alone and which needs no autoclosure. With `??`, each member would cost the generated code
    /// a closure to type-check and compile (Benchmarks/results/analysis.md has the figures). `override` is a member name (the initializer's parameter)
    /// or an expression; `build` is evaluated only when it is nil.
    static func overridden(by override: String, else build: String) -> String {
        let isName = override.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
        let binding = isName ? "if let \(override) { \(override) }" : "if let value = \(override) { value }"
        return "\(binding) else {\(enclosed(build))}"
    }

    /// `build` as the content of braces: between spaces on the braces' line, or on lines of its own
    /// when it carries `#sourceLocation` lines (see ``FactoryExpressionGenerator/expression(for:in:linePrefix:)``).
    static func enclosed(_ build: String) -> String {
        build.hasPrefix(GeneratedSource.mappedCodeStart) ? "\n\(build)\n" : " \(build) "
    }

    /// `T` for `T?`, `T!` or `Optional<T>` as written (trimmed, as member types are); any other type
    /// as it is.
    static func unwrappedOptional(_ type: String) -> String {
        if type.hasSuffix("?") || type.hasSuffix("!") { return String(type.dropLast()) }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { return String(type.dropFirst("Optional<".count).dropLast()) }
        return type
    }

    /// `T?`, parenthesised where the type needs it (`(any P)?`).
    static func optional(_ type: String) -> String {
        let simple =
            type.allSatisfy { $0.isLetter || $0.isNumber || "_.<>[]:, ".contains($0) }
            && !type.hasPrefix("any ") && !type.hasPrefix("some ") && !type.contains("&")
        return simple ? "\(type)?" : "(\(type))?"
    }
}
