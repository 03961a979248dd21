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
    /// column it has there; so is a directive indented already (a body interpolated after spaces,
    /// whose first line is the directive), as Swift reads it wherever it starts.
    static func indented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard text.contains(mappedCodeStart) else { return lines.map { "    \($0)" }.joined(separator: "\n") }
        var mapped = false
        return lines.map { line in
            let directive = line.drop { $0 == " " }
            if directive.hasPrefix(mappedCodeStart) { mapped = true }
            defer { if directive.hasPrefix(mappedCodeEnd) { mapped = false } }
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

    /// `head` on the line above `place` and `tail` on the place's own line, padded so that what
    /// follows its first `offset` characters starts at the place's column: for a statement whose
    /// part the compiler points at (`tail`) must land on the place however long `head` is. `nil` on
    /// a file's first line, which has no line above.
    static func placed(head: String, tail: String, at place: SourceLocator.Place, offset: Int = 0) -> String? {
        guard place.line > 1 else { return nil }
        let padding = String(repeating: " ", count: max(0, place.column - 1 - offset))
        return mapped("\(head)\n\(padding)\(tail)", toFile: place.file, line: place.line - 1)
    }

    /// `code` (one line) mapped so that its part from `offset` on starts at `place`, what comes
    /// before three lines above it, two comment lines between: Swift quotes the two lines above the
    /// one it reports, and the head names generated code. The head must end where a line may
    /// (inside a type's or a closure's signature). Nil near the file's start, or with nothing before.
    static func placedBelowHead(_ code: String, at place: SourceLocator.Place, offset: Int) -> String? {
        guard place.line > 3, offset > 0, offset < code.count else { return nil }
        let padding = String(repeating: " ", count: max(0, place.column - 1))
        let gap = headGap("Each type on the line it is written on")
        return mapped(
            ([String(code.prefix(offset))] + gap + [padding + code.dropFirst(offset)]).joined(separator: "\n"),
            toFile: place.file, line: place.line - 3)
    }

    /// `code`, one line that may start a declaration or a statement, mapped to `place`, the place
    /// of a member's type in the user's file, so that `type` (the member's type as written), where it
    /// first appears after `marker`, starts at the place's column: a type the compiler cannot find
    /// is reported where the user wrote it, at each place the generated code spells it. Where the
    /// place is unknown, `code` after `indent`.
    static func placed(
        _ code: String, spelling type: String, after marker: String = ": ", at place: SourceLocator.Place?,
        indent: String = ""
    ) -> String {
        guard let place else { return indent + code }
        return placed(code, at: place, offset: typeOffset(of: type, after: marker, in: code))
    }

    /// How many characters of `code` come before `type`, where it first appears after `marker`
    /// (0 where it does not).
    static func typeOffset(of type: String, after marker: String, in code: String) -> Int {
        let start = code.firstRange(of: marker)?.upperBound ?? code.startIndex
        guard !type.isEmpty, let range = code[start...].firstRange(of: type) else { return 0 }
        return code.distance(from: code.startIndex, to: range.lowerBound)
    }

    /// A signature, `head` (which ends with its opening parenthesis), the `parameters` and `tail`
    /// (the closing parenthesis on), mapped to the user's file so that each parameter with a place
    /// (that of its member's type) is on that place's line with the member's type (`spelled`) at its
    /// column, one parameter after another on a line where the places share one or are unknown.
    /// `head` goes on `headPlace` (at the column of its first `headOffset` characters' end) when that
    /// is above the first parameter, else on the line above it; with `headSharesLine`, on the first
    /// parameter's own line when it ends before that parameter's column there. `preamble` lines
    /// (comments) come first, above the head. Nil when no parameter has a place, or the head would go
    /// above the file's first line.
    static func placedSignature(
        preamble: [String] = [], head: String, headPlace: SourceLocator.Place? = nil, headOffset: Int = 0,
        parameters: [SignatureParameter], tail: String, headSharesLine: Bool = false
    ) -> String? {
        guard let first = parameters.lazy.compactMap(\.place).first else { return nil }
        var headLine = headPlace.map { $0.line < first.line ? $0.line : first.line - 1 } ?? first.line - 1
        if headSharesLine, let opening = parameters.first, let place = opening.place {
            let offset = opening.spelled.map { typeOffset(of: $0, after: ": ", in: opening.text) } ?? 0
            if head.count <= place.column - 1 - offset { headLine = place.line }
        }
        // A head on the line above its first parameter goes three lines above, two comment lines
        // between: Swift quotes the two lines before the one it reports, and the head names
        // generated code (a builder's, the make function's). Not where a parameter without a
        // place comes first, which follows the head on its line.
        let gap =
            headLine == first.line - 1 && headLine - 2 - preamble.count >= 1 && headPlace?.line != headLine
                && parameters.first?.place != nil
            ? headGap("Each parameter on the line of its member's type") : []
        headLine -= gap.count
        guard headLine - preamble.count >= 1 else { return nil }
        var text = (preamble + [""]).joined(separator: "\n")
        if let headPlace, headPlace.line == headLine {
            text += String(repeating: " ", count: max(0, headPlace.column - 1 - headOffset))
        }
        text += head + gap.map { "\n" + $0 }.joined()
        var line = headLine + gap.count
        var column = text.split(separator: "\n", omittingEmptySubsequences: false).last?.count ?? 0
        for (index, parameter) in parameters.enumerated() {
            let written = parameter.text + (index < parameters.count - 1 ? "," : "")
            if let place = parameter.place, place.line > line {
                let offset = parameter.spelled.map { typeOffset(of: $0, after: ": ", in: written) } ?? 0
                let padding = String(repeating: " ", count: max(0, place.column - 1 - offset))
                text += String(repeating: "\n", count: place.line - line) + padding + written
                line = place.line
                column = padding.count + written.count
            } else {
                let separator = index == 0 ? "" : " "
                let offset = parameter.spelled.map { typeOffset(of: $0, after: ": ", in: written) } ?? 0
                // On the same line, at the place's column when the line has not reached it yet.
                let padding =
                    parameter.place.map { $0.line == line ? max(separator.count, $0.column - 1 - offset - column) : 0 }
                    ?? separator.count
                text += String(repeating: " ", count: padding) + written
                column += padding + written.count
            }
        }
        let signature = mapped(text + tail, toFile: first.file, line: headLine - preamble.count)
        // Swift quotes two lines after the one it reports: a comment keeps the body's first line,
        // which names generated code, out of the excerpt under an error in the last parameter.
        return tail.hasSuffix("{") ? signature + "\n    " + generatedCodeComment : signature
    }

    /// The comment between code placed on the user's lines and the generated code after it.
    static let generatedCodeComment = "// (generated code)"

    /// The two comment lines between a head naming generated code and the code placed below it, so
    /// that the two lines Swift quotes above an error there are these.
    private static func headGap(_ comment: String) -> [String] { ["    // \(comment)", "    \(generatedCodeComment):"] }

    /// How the first line of ``mapped(_:toFile:line:)`` begins.
    static let mappedCodeStart = "#sourceLocation(file:"
    /// The line that ends what ``mapped(_:toFile:line:)`` maps.
    static let mappedCodeEnd = "#sourceLocation()"

    private static func token(_ text: String) -> TokenSyntax {
        TokenSyntax(.identifier(text), presence: .present)
    }
}

extension GeneratedSource {
    /// `return [try ]{ ()<effects>[ -> result] in`: the head of a closure called at once (closed by
    /// ``calledAtOnceEnd``), in which the initializer and synchronous builders run the user's code,
    /// so that Swift's error for an async call without `await` there comes with no note asking to
    /// make a generated function async (a closure gets none). `effects` is ` throws`, ` async
    /// throws` or empty, as a function's.
    static func calledAtOnce(effects: String, result: String? = nil) -> String {
        let attempt = effects.hasSuffix("throws") ? "try " : ""
        return "return \(attempt){ ()\(effects)\(result.map { " -> \($0)" } ?? "") in"
    }

    /// The end of ``calledAtOnce(effects:result:)``'s closure, which calls it.
    static let calledAtOnceEnd = "}()"

    /// `override ?? build` without the operator: an `if` expression, whose branches the compiler
    /// checks alone and which needs no autoclosure. With `??`, each member would cost the generated code
    /// a closure to type-check and compile (Benchmarks/results/analysis.md has the figures). `override` is a member name (the initializer's parameter)
    /// or an expression; `build` is evaluated only when it is nil.
    static func overridden(by override: String, else build: String) -> String {
        let isName = override.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
        let binding = isName ? "if let \(override) { \(override) }" : "if let value = \(override) { value }"
        // In a builder the override is read from the container's storage: a comment between it and
        // the user's code keeps that line out of the two lines the compiler prints above an error
        // in the code.
        let note = !isName && build.hasPrefix(mappedCodeStart) ? "\n// Not overridden: the member's factory, as written." : ""
        return "\(binding) else {\(note)\(enclosed(build))}"
    }

    /// `build` as the content of braces: between spaces on the braces' line, or on lines of its own
    /// when it carries `#sourceLocation` lines (see ``FactoryExpressionGenerator/expression(for:in:linePrefix:)``).
    static func enclosed(_ build: String) -> String {
        build.hasPrefix(GeneratedSource.mappedCodeStart) ? "\n\(build)\n" : " \(build) "
    }

    /// `T?`, parenthesised where the type needs it (`(any P)?`).
    static func optional(_ type: String) -> String {
        let simple =
            type.allSatisfy { $0.isLetter || $0.isNumber || "_.<>[]:, ".contains($0) }
            && !type.hasPrefix("any ") && !type.hasPrefix("some ") && !type.contains("&")
        return simple ? "\(type)?" : "(\(type))?"
    }
}

/// A parameter of a signature the generated code declares: its text (`label: Type`, with its
/// default), the member's type as written in it, and where that type is in the user's file (see
/// ``GeneratedSource/placedSignature(preamble:head:headPlace:headOffset:parameters:tail:)``).
struct SignatureParameter {
    var text: String
    var spelled: String? = nil
    var place: SourceLocator.Place? = nil
}
