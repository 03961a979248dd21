import TrellisSyntax

/// Reads, from its source text alone, the name of the member a `@Provide` attribute is attached to.
///
/// The compiler asks the macro plug-in for every member's getter separately, sending the member's
/// declaration as text. The getter depends only on the scope (which ``ProvideAttributeText`` reads),
/// the member's name and the container; parsing the declaration to find the name was most of the
/// remaining cost per member in debug builds, where SwiftPM compiles swift-syntax without
/// optimisation. This reader finds the name when the declaration has the plainest shape, the one
/// almost every member has, and answers `nil` for anything else, so the plug-in parses it as usual.
enum ProvideDeclarationText {
    /// The name of the member `declaration` declares, spelled as written (with its backticks), when
    /// the declaration is `attribute` followed only by whitespace, access or isolation modifiers,
    /// `var`, one name, `:` and a type: a declaration that has exactly one binding, a type
    /// annotation, no initial value and no accessors. `nil` for anything else, including comments,
    /// other attributes, `let`, `static`, `lazy`, several bindings, `=`, `{` and types that span
    /// lines or whose brackets do not balance.
    ///
    /// `attribute` is the attribute's text as the compiler sends it, which begins the declaration's
    /// (they share the leading trivia).
    static func memberName(in declaration: String, after attribute: String) -> String? {
        let bytes = Array(declaration.utf8)
        let prefix = attribute.utf8
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        var index = prefix.count
        // Modifiers, then `var`.
        while true {
            index = SourceBytes.skipWhitespace(bytes, from: index)
            guard let end = endOfIdentifier(bytes, from: index) else { return nil }
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end
            if word == "var" { break }
            guard plainModifiers.contains(word) else { return nil }
        }
        let nameStart = SourceBytes.skipWhitespace(bytes, from: index)
        guard nameStart > index, let nameEnd = endOfName(bytes, from: nameStart) else { return nil }
        index = SourceBytes.skipWhitespace(bytes, from: nameEnd)
        guard index < bytes.count, bytes[index] == ascii(":") else { return nil }
        // An opaque type's getter depends on the member's factory (see `ProvideMacro`): left to it.
        let typeStart = SourceBytes.skipWhitespace(bytes, from: index + 1)
        guard isPlainType(bytes[(index + 1)...]), !bytes[typeStart...].starts(with: "some ".utf8) else { return nil }
        return String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
    }

    /// Modifiers that neither make a declaration something other than an instance property nor
    /// take arguments (`private(set)` does; it is left to the parser).
    private static let plainModifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "nonisolated", "final",
    ]

    /// The end of a plain name (`name`, `` `name` ``) starting at `start`. A bare word the parser
    /// would not take as a name (a keyword, `_`) is left to it.
    private static func endOfName(_ bytes: [UInt8], from start: Int) -> Int? {
        if start < bytes.count, bytes[start] == ascii("`") {
            guard let end = endOfIdentifier(bytes, from: start + 1), end < bytes.count, bytes[end] == ascii("`") else {
                return nil
            }
            return end + 1
        }
        guard let end = endOfIdentifier(bytes, from: start) else { return nil }
        let word = String(decoding: bytes[start..<end], as: UTF8.self)
        guard word != "_", !MemberName.reservedWords.contains(word), !contextualWords.contains(word) else { return nil }
        return end
    }

    /// Words that start something else after `var` in some position, declined to stay on the safe
    /// side of the parser.
    private static let contextualWords: Set<String> = [
        "get", "set", "willSet", "didSet", "some", "any", "borrowing", "consuming",
    ]

    /// Whether `text` (what follows the `:`) is one type on one line: names, dots, generic
    /// arguments, optionals, arrays, dictionaries, tuples, function arrows and compositions, with
    /// balanced brackets and commas or colons only inside them.
    /// Whether an `any` or `some` is followed by `?` or `!` at the same bracket depth (`any P?`),
    /// which the compiler rejects and ``ProvideMemberShape`` treats as a declaration that does not
    /// parse: left to it.
    private static func hasOptionalInsideExistential(_ text: ArraySlice<UInt8>) -> Bool {
        var pending: [Bool] = [false]
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if SourceBytes.isIdentifierByte(byte, first: true) {
                var end = index
                while end < text.endIndex, SourceBytes.isIdentifierByte(text[end], first: end == index) { end += 1 }
                let word = String(decoding: text[index..<end], as: UTF8.self)
                if word == "any" || word == "some" { pending[pending.count - 1] = true }
                index = end
                continue
            }
            switch byte {
            case ascii("("), ascii("["), ascii("<"): pending.append(false)
            case ascii(")"), ascii("]"), ascii(">"): if pending.count > 1 { pending.removeLast() }
            case ascii(","): pending[pending.count - 1] = false
            case ascii("?"), ascii("!"): if pending[pending.count - 1] { return true }
            default: break
            }
            index += 1
        }
        return false
    }

    private static func isPlainType(_ text: ArraySlice<UInt8>) -> Bool {
        var end = text.endIndex
        while end > text.startIndex, SourceBytes.isWhitespace(text[end - 1]) { end -= 1 }
        var open: [UInt8] = []
        var sawName = false
        var index = text.startIndex
        while index < end {
            let byte = text[index]
            switch byte {
            case ascii("a")...ascii("z"), ascii("A")...ascii("Z"), ascii("0")...ascii("9"), ascii("_"):
                sawName = true
            case ascii(" "), ascii("\t"), ascii("."), ascii("?"), ascii("!"), ascii("&"):
                break
            case ascii("-"):
                // Only as the arrow of a function type.
                guard index + 1 < end, text[index + 1] == ascii(">") else { return false }
                index += 1
            case ascii("("), ascii("["), ascii("<"):
                open.append(byte)
            case ascii(")"), ascii("]"), ascii(">"):
                let opener: UInt8 = byte == ascii(")") ? ascii("(") : byte == ascii("]") ? ascii("[") : ascii("<")
                guard open.last == opener else { return false }
                open.removeLast()
            case ascii(","), ascii(":"):
                guard !open.isEmpty else { return false }
            default:
                return false
            }
            index += 1
        }
        guard sawName, open.isEmpty, !hasOptionalInsideExistential(text[text.startIndex..<end]) else { return false }
        // A type still being typed (`any`, `Foo.`, `A &`, `() ->`) does not parse: left to the parser.
        let last = text[end - 1]
        let danglingArrow = last == ascii(">") && end - 2 >= text.startIndex && text[end - 2] == ascii("-")
        let type = String(decoding: text[text.startIndex..<end], as: UTF8.self)
        let words = type.split(separator: " ")
        // A function type's parameters are parenthesised (`A -> B` does not parse).
        if let arrow = type.firstRange(of: "->") {
            let effects: Set<Substring> = ["async", "throws", "rethrows"]
            let before = type[..<arrow.lowerBound].split(separator: " ").reversed().drop(while: effects.contains)
            guard before.first?.hasSuffix(")") == true else { return false }
        }
        return last != ascii(".") && last != ascii("&") && !danglingArrow
            && !["any", "some", "inout", "borrowing", "consuming"].contains(words.last.map(String.init) ?? "")
    }

    private static func endOfIdentifier(_ bytes: [UInt8], from start: Int) -> Int? {
        SourceBytes.endOfIdentifier(bytes, from: start, to: bytes.count)
    }

    private static func ascii(_ scalar: Unicode.Scalar) -> UInt8 { SourceBytes.ascii(scalar) }
}
