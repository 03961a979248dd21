/// Byte-level tests shared by the readers that work on source text without parsing it
/// (``ProvideAttributeText``, ``ProvideDeclarationText``). They accept ASCII only: anything else
/// makes those readers decline, and the text is parsed instead.
enum SourceBytes {
    /// A byte of an ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`), at its `first` position or later.
    static func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case ascii("a")...ascii("z"), ascii("A")...ascii("Z"), ascii("_"): return true
        case ascii("0")...ascii("9"): return !first
        default: return false
        }
    }

    /// An ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }

    /// A space, tab or line break.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == ascii(" ") || byte == ascii("\t") || byte == ascii("\n") || byte == ascii("\r")
    }

    /// The end of the ASCII identifier starting at `start` (before `end`), or `nil` when none starts there.
    static func endOfIdentifier(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end, isIdentifierByte(bytes[index], first: index == start) { index += 1 }
        return index > start ? index : nil
    }

    /// The first index at or after `start` that is not whitespace.
    static func skipWhitespace(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// The end of the comment that starts at `start` (its `/`): before the line break that ends a
    /// `//` comment, after the `*/` that closes a `/*` comment (they nest), as Swift's lexer reads
    /// them. `nil` when no comment starts there or a block comment is not closed.
    static func endOfComment(_ bytes: [UInt8], from start: Int) -> Int? {
        let (slash, star) = (ascii("/"), ascii("*"))
        guard start + 1 < bytes.count, bytes[start] == slash else { return nil }
        var index = start + 2
        if bytes[start + 1] == slash {
            while index < bytes.count, bytes[index] != ascii("\n"), bytes[index] != ascii("\r") { index += 1 }
            return index
        }
        guard bytes[start + 1] == star else { return nil }
        var depth = 1
        while depth > 0 {
            guard index < bytes.count else { return nil }
            let current = bytes[index]
            index += 1
            if current == star, index < bytes.count, bytes[index] == slash {
                index += 1
                depth -= 1
            } else if current == slash, index < bytes.count, bytes[index] == star {
                index += 1
                depth += 1
            }
        }
        return index
    }

    static func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }
}
