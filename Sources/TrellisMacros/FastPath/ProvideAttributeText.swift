import TrellisGraph

/// Reads, from its source text alone, what `@Provide`'s getter depends on: the member's scope and
/// whether its factory is `async` or `throws`.
///
/// The macro plug-in answers each `@Provide` expansion with a getter, and the compiler sends it the
/// whole attribute, factory closure included. Parsing that closure was most of the plug-in's time
/// per member in debug builds (where SwiftPM compiles swift-syntax without optimisation), although
/// the getter never looks at it. This reader finds a stand-in attribute, `@Provide(.transient)` for
/// `@Provide(.transient, factory: { ... })`, that gives the getter the same scope and effects and
/// costs next to nothing to parse. It is deliberately conservative: whenever the text alone cannot
/// prove that, it answers `nil` and the plug-in parses the attribute as usual.
enum ProvideAttributeText {
    /// An attribute as written and the stand-in that yields the same getter.
    struct StandIn: Equatable, Sendable {
        /// The attribute as written, from its `@` to its last character: the text to replace in the
        /// member's declaration.
        var written: String
        /// The same attribute name with the scope as its only argument (or the attribute itself
        /// when it has no arguments).
        var standIn: String
    }

    /// The stand-in for `text`, an `@Provide` attribute with the trivia the compiler sends before it
    /// (line breaks, indentation, comments), or `nil` when the text alone cannot tell.
    ///
    /// A stand-in is found when the first argument is a scope written `.name`, and, because their
    /// words cannot be told apart from text inside strings or comments without parsing:
    /// - the attribute does not contain `asyncFactory` (an `async` getter), and
    /// - a `.transient` or `.onDemand` attribute does not contain `throw` or `try` (a `throws`
    ///   getter, declared or inferred from its closure's body).
    /// ``ProvideAttributeReader/read(_:)`` gives the stand-in the same scope and effects as the
    /// attribute; a seeded property test checks that.
    static func standIn(forAttribute text: String) -> StandIn? {
        let bytes = Array(text.utf8)
        guard let start = endOfLeadingTrivia(bytes), start < bytes.count, bytes[start] == ascii("@") else { return nil }
        var end = bytes.count
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        guard let nameEnd = endOfDottedName(bytes, from: start + 1, to: end) else { return nil }
        let written = String(decoding: bytes[start..<end], as: UTF8.self)
        if nameEnd == end {
            return StandIn(written: written, standIn: written)
        }
        guard bytes[nameEnd] == ascii("("), bytes[end - 1] == ascii(")"), nameEnd < end - 1 else { return nil }
        let arguments = bytes[(nameEnd + 1)..<(end - 1)]
        // The label's spelling comes from the model, as ProvideAttributeReader's does.
        guard !contains(arguments, ProvideArgument.asyncFactory.rawValue), let scope = leadingScope(arguments) else {
            return nil
        }
        // `throw` covers `throws`; a closure that tries or throws without saying `throws` is inferred
        // to throw, as Swift does.
        if scope.isBuiltOnRead && (contains(arguments, "throw") || contains(arguments, "try")) { return nil }
        let name = String(decoding: bytes[start..<nameEnd], as: UTF8.self)
        return StandIn(written: written, standIn: "\(name)(.\(scope.rawValue))")
    }

    /// The scope when the first argument is exactly `.name` (followed by `,` or the end).
    private static func leadingScope(_ arguments: ArraySlice<UInt8>) -> MemberScope? {
        var index = arguments.startIndex
        while index < arguments.endIndex, isWhitespace(arguments[index]) { index += 1 }
        guard index < arguments.endIndex, arguments[index] == ascii(".") else { return nil }
        let nameStart = index + 1
        index = nameStart
        while index < arguments.endIndex, SourceBytes.isIdentifierByte(arguments[index], first: index == nameStart) {
            index += 1
        }
        guard index > nameStart else { return nil }
        let name = String(decoding: arguments[nameStart..<index], as: UTF8.self)
        while index < arguments.endIndex, isWhitespace(arguments[index]) { index += 1 }
        guard index == arguments.endIndex || arguments[index] == ascii(",") else { return nil }
        return MemberScope(rawValue: name)
    }

    /// Where the attribute starts after whitespace and comments, or `nil` for an unclosed comment.
    private static func endOfLeadingTrivia(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if isWhitespace(bytes[index]) {
                index += 1
            } else if bytes[index] == ascii("/") {
                guard let end = SourceBytes.endOfComment(bytes, from: index) else { return nil }
                index = end
            } else {
                return index
            }
        }
        return index
    }

    /// The end of `Name` or `Module.Name` starting at `start`, or `nil` when there is none.
    private static func endOfDottedName(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var index = start
        while true {
            guard let componentEnd = SourceBytes.endOfIdentifier(bytes, from: index, to: end) else { return nil }
            index = componentEnd
            guard index < end, bytes[index] == ascii("."), index + 1 < end else { return index }
            index += 1
        }
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ word: String) -> Bool {
        bytes.firstRange(of: Array(word.utf8)) != nil
    }

    private static func ascii(_ scalar: Unicode.Scalar) -> UInt8 { SourceBytes.ascii(scalar) }
    private static func isWhitespace(_ byte: UInt8) -> Bool { SourceBytes.isWhitespace(byte) }
}
