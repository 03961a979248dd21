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

    static func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }
}
