import SwiftSyntax

extension TokenSyntax {
    /// The name this identifier gives a member, spelled the way the generated code can declare it:
    /// with backticks exactly when Swift needs them there (`` `default` ``, `` `class` ``).
    ///
    /// The same member can be written `` `default` `` where it is declared and `default` where a
    /// factory names it (a closure parameter or a member read after a dot need no backticks), and a
    /// name can carry backticks it does not need (`` `logger` ``). Every name the extraction compares
    /// goes through here, so those spellings all name one member.
    public var memberName: String { MemberName.spelling(text) }
}

/// Spellings of member names.
public enum MemberName {
    /// The name a member written `written` has (see ``SwiftSyntax/TokenSyntax/memberName``).
    public static func spelling(_ written: String) -> String {
        let bare = bare(written)
        return reservedWords.contains(bare) ? "`\(bare)`" : bare
    }

    /// `name` without backticks: for argument labels and for identifiers built from it.
    public static func bare(_ name: String) -> String {
        name.count > 2 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
    }

    /// `name` as the label of a parameter it declares: bare, except the three words a parameter
    /// declaration cannot take unescaped.
    public static func parameterLabel(_ name: String) -> String {
        let bare = bare(name)
        return ["inout", "var", "let"].contains(bare) ? "`\(bare)`" : bare
    }

    /// Words Swift does not accept as a declared name without backticks (keywords of declarations,
    /// statements and expressions; `await` too, which is reserved in asynchronous code).
    public static let reservedWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try",
    ]
}

extension SyntaxProtocol {
    /// `trimmedDescription`, read from the token itself for a plain name (`Client`, most member
    /// and AutoWiring types). Printing a node walks all its tokens; the macro plug-in, which SwiftPM
    /// builds without optimisation in debug builds, did that several times for every member.
    var trimmedText: String {
        // Exactly the printed text: a lone token, nothing the parser could not place around it.
        if let type = self.as(IdentifierTypeSyntax.self), type.genericArgumentClause == nil,
            type.unexpectedBeforeName == nil, type.unexpectedBetweenNameAndGenericArgumentClause == nil,
            type.unexpectedAfterGenericArgumentClause == nil
        {
            return type.name.text
        }
        if let reference = self.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            reference.unexpectedBeforeBaseName == nil, reference.unexpectedBetweenBaseNameAndArgumentNames == nil,
            reference.unexpectedAfterArgumentNames == nil
        {
            return reference.baseName.text
        }
        return trimmedDescription
    }
}
