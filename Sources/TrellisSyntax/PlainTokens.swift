import SwiftSyntax

/// The tokens of a text written with the few characters ``PlainSyntax`` builds trees from, each
/// with the trivia swift-syntax's lexer gives it: a token's trailing trivia is the spaces, tabs and
/// comments that follow it on its line, and its leading trivia is everything else between it and
/// the token before. Comments (`//`, `///`, `/* */` nested, `/** */`) may hold any text, and so may
/// one-line string literals without escapes. Any other character outside them (an operator, a
/// number that is not a plain integer, a carriage return, a backtick, non-ASCII text) or an
/// unterminated comment or string makes the whole text decline.
struct PlainTokens {
    /// One token.
    struct Token {
        enum Kind: Equatable {
            /// `[A-Za-z_][A-Za-z0-9_]*`, identifier or keyword.
            case word
            /// `[0-9]+`, not followed by a letter, `_` or `.` (which would make it another literal).
            case integer
            /// `"text"` on one line, without escapes or interpolation; the token's text is the text
            /// between the quotes, which is not empty.
            case string
            /// One punctuation character.
            case punctuation(UInt8)
        }

        var kind: Kind
        var text: String
        var leadingTrivia: Trivia
        var trailingTrivia: Trivia
        /// The token as written, with its trivia: two tokens of one kind spelt the same are the
        /// same token, which lets the builder make it once.
        var source: Substring
    }

    private(set) var tokens: [Token] = []
    /// Trivia after the last token. swift-syntax would give it to the end of the file, which a
    /// declaration does not have, so builders accept only texts where it is empty.
    private(set) var trailingText = Trivia()

    /// Punctuation the builders know.
    private static let punctuation: Set<UInt8> = Set("@(),:.[]{}\\?".utf8)

    /// The tokens of `text`, or `nil` when it has a character outside the plain set.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        let (dot, quote, backslash) = (SourceBytes.ascii("."), SourceBytes.ascii("\""), SourceBytes.ascii("\\"))
        let (newline, carriageReturn) = (SourceBytes.ascii("\n"), SourceBytes.ascii("\r"))
        var index = 0
        guard var leading = Self.trivia(bytes, from: &index, stopAtNewline: false) else { return nil }
        var leadingStart = 0
        func source(to end: Int) -> Substring {
            Substring(decoding: bytes[leadingStart..<end], as: UTF8.self)
        }
        while index < bytes.count {
            let byte = bytes[index]
            let start = index
            let kind: Token.Kind
            if SourceBytes.isIdentifierByte(byte, first: true) {
                while index < bytes.count, SourceBytes.isIdentifierByte(bytes[index], first: false) { index += 1 }
                kind = .word
            } else if SourceBytes.isDigit(byte) {
                while index < bytes.count, SourceBytes.isDigit(bytes[index]) { index += 1 }
                if index < bytes.count, SourceBytes.isIdentifierByte(bytes[index], first: false) || bytes[index] == dot {
                    return nil
                }
                kind = .integer
            } else if byte == quote {
                index += 1
                while index < bytes.count, ![quote, backslash, newline, carriageReturn].contains(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == quote, index > start + 1 else { return nil }
                index += 1
                let content = String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
                guard let trailing = Self.trivia(bytes, from: &index, stopAtNewline: true) else { return nil }
                tokens.append(
                    Token(
                        kind: .string, text: content, leadingTrivia: leading, trailingTrivia: trailing,
                        source: source(to: index)))
                leadingStart = index
                guard let next = Self.trivia(bytes, from: &index, stopAtNewline: false) else { return nil }
                leading = next
                continue
            } else if Self.punctuation.contains(byte) {
                index += 1
                kind = .punctuation(byte)
            } else {
                return nil
            }
            let tokenText = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let trailing = Self.trivia(bytes, from: &index, stopAtNewline: true) else { return nil }
            tokens.append(
                Token(
                    kind: kind, text: tokenText, leadingTrivia: leading, trailingTrivia: trailing,
                    source: source(to: index)))
            leadingStart = index
            guard let next = Self.trivia(bytes, from: &index, stopAtNewline: false) else { return nil }
            leading = next
        }
        trailingText = leading
    }

    /// Spaces, tabs, comments and (unless `stopAtNewline`) line feeds from `index`, in the pieces
    /// swift-syntax makes of them: a run of one whitespace kind is one piece, each comment another.
    /// `nil` for a `/` that starts no comment and for a block comment that does not end.
    private static func trivia(_ bytes: [UInt8], from index: inout Int, stopAtNewline: Bool) -> Trivia? {
        var pieces: [TriviaPiece] = []
        while index < bytes.count {
            let byte = bytes[index]
            let piece: TriviaPiece
            switch byte {
            case SourceBytes.ascii(" "): piece = .spaces(1)
            case SourceBytes.ascii("\t"): piece = .tabs(1)
            case SourceBytes.ascii("\n") where !stopAtNewline: piece = .newlines(1)
            case SourceBytes.ascii("/"):
                guard let comment = comment(bytes, from: &index) else { return nil }
                pieces.append(comment)
                continue
            default: return Trivia(pieces: pieces)
            }
            index += 1
            switch (pieces.last, piece) {
            case (.spaces(let count)?, .spaces): pieces[pieces.count - 1] = .spaces(count + 1)
            case (.tabs(let count)?, .tabs): pieces[pieces.count - 1] = .tabs(count + 1)
            case (.newlines(let count)?, .newlines): pieces[pieces.count - 1] = .newlines(count + 1)
            default: pieces.append(piece)
            }
        }
        return Trivia(pieces: pieces)
    }

    /// The comment starting at the `/` at `index`, which it moves past (``SourceBytes/endOfComment(_:from:)``).
    /// A third `/` makes a line comment a documentation comment; a second `*` not followed by `/`
    /// does the same for a block comment. As swift-syntax's trivia parser reads them.
    private static func comment(_ bytes: [UInt8], from index: inout Int) -> TriviaPiece? {
        let start = index
        guard let end = SourceBytes.endOfComment(bytes, from: start) else { return nil }
        index = end
        func byte(_ offset: Int) -> UInt8? { start + offset < end ? bytes[start + offset] : nil }
        let (slash, star) = (SourceBytes.ascii("/"), SourceBytes.ascii("*"))
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        if byte(1) == slash {
            return byte(2) == slash ? .docLineComment(text) : .lineComment(text)
        }
        let isDocumentation = byte(2) == star && byte(3) != nil && byte(3) != slash
        return isDocumentation ? .docBlockComment(text) : .blockComment(text)
    }
}
