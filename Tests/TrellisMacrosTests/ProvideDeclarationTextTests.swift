import SwiftParser
import SwiftSyntax
import Testing
import TrellisSyntax

@testable import TrellisMacros

@Suite("@Provide member name read from its text")
struct ProvideDeclarationTextTests {
    private static let attribute = "\n    @Provide(.shared, S0.self, concrete: true)"

    @Test("a plain `var name: Type` after the attribute gives its name as written")
    func readsPlainDeclarations() {
        let cases: [(String, String)] = [
            ("\n    var m0: S0", "m0"),
            ("\n    public var apiClient: any APIClientProtocol", "apiClient"),
            (" nonisolated private var `default`: Model", "`default`"),
            ("\n    var handler: (Request, Int) -> Response?", "handler"),
            ("\n    var table: [String: [Int]]\n", "table"),
            ("\n    var pair: Result<(a: A, b: B), any Error>", "pair"),
            ("var\n    spread\n    : Dictionary<K, V>", "spread"),
            ("\n    final var composed: any P & Q", "composed"),
        ]
        for (rest, name) in cases {
            #expect(ProvideDeclarationText.memberName(in: Self.attribute + rest, after: Self.attribute) == name, "\(rest)")
        }
    }

    @Test("nil for anything but that shape, and when the attribute does not begin the declaration")
    func declinesEverythingElse() {
        let rests = [
            "\n    let m0: S0",  // not a var
            "\n    static var m0: S0",
            "\n    lazy var m0: S0",
            "\n    private(set) var m0: S0",
            "\n    @MainActor var m0: S0",  // another attribute
            "\n    // note\n    var m0: S0",  // a comment
            "\n    var m0: S0 // note",
            "\n    var m0: S0 = S0()",  // an initial value
            "\n    var m0 = S0()",
            "\n    var m0: S0 { S0() }",  // accessors
            "\n    var a: S0, b: S0",  // two bindings
            "\n    var a: S0<B, c: C",  // unbalanced brackets
            "\n    var a: (S0",
            "\n    var a: S0]",
            "\n    var a: S0 -",
            "\n    var a:",
            "\n    var a",
            "\n    var _: S0",  // not a name
            "\n    var default: S0",  // a keyword
            "\n    var (a, b): (A, B)",
            "\n    var `a b`: S0",
            "\n    var a: S0\n        .Nested",  // a type over two lines
            "\n    var a: \"S0\"",
            "\n    var é: S0",
            "\n    varm0: S0",
            "",
        ]
        for rest in rests {
            #expect(ProvideDeclarationText.memberName(in: Self.attribute + rest, after: Self.attribute) == nil, "\(rest)")
        }
        #expect(
            ProvideDeclarationText.memberName(
                in: "\n    @MainActor @Provide(.shared)\n    var m0: S0", after: " @Provide(.shared)") == nil)
    }

    /// What ``ProvideMacro`` needs of a declaration to give it a getter, read from the parsed tree:
    /// the name token's text, or `nil` when the macro gives no getter.
    private func parsedName(_ declaration: String) -> String? {
        var parser = Parser(declaration)
        // The member rule, with no problem at all and no initial value (those the text declines).
        guard let variable = DeclSyntax.parse(from: &parser).as(VariableDeclSyntax.self),
            case .member(let binding, let identifier, let problems) = ProvideMemberShape.read(variable), problems.isEmpty,
            binding.initializer == nil
        else { return nil }
        return identifier.identifier.text
    }

    /// What may follow a `@Provide` attribute: `count` of the 64,800 combinations of the pieces
    /// below, some plain and most not. The pieces are the digits of a scrambled index (Knuth's
    /// multiplicative hash) in mixed radix, so the sample is fixed and well spread.
    static func sampleRests(count: Int) -> [String] {
        let modifiers = ["", "public ", "private ", "nonisolated ", "static ", "lazy ", "private(set) ", "@MainActor ", "final "]
        let introducers = ["var", "let", "var\n   "]
        let names = ["m0", "`default`", "`m0`", "default", "_", "get", "a1_b", "self", "`class`", "Type"]
        let separators = [": ", " : ", ":", "\n    : "]
        let types = [
            "S0", "any P", "S0?", "[S0]", "[K: V]", "(A, B) -> C", "Result<A, B>", "A.B<C>.D", "S0 = S0()",
            "S0 { S0() }", "S0, b: S1", "(S0", "S0>", "A -> B", "some P & Q", "S0 // c", "S0\n  .T", "inout S0",
            "(a: A, b: B)", "S0!",
        ]
        let endings = ["", "\n", "  "]
        return (0..<count).map { index in
            var digits = (UInt64(index) &* 2_654_435_761) % 4_294_967_296
            func piece(_ list: [String]) -> String {
                defer { digits /= UInt64(list.count) }
                return list[Int(digits % UInt64(list.count))]
            }
            return "\n    " + piece(modifiers) + piece(introducers) + " " + piece(names) + piece(separators) + piece(types)
                + piece(endings)
        }
    }

    @Test("whenever it reads a name, the parser finds the same name on a declaration the macro serves")
    func agreesWithTheParser() {
        var read = 0
        var declined = 0
        for rest in Self.sampleRests(count: 2_000) {
            let declaration = Self.attribute + rest
            guard let name = ProvideDeclarationText.memberName(in: declaration, after: Self.attribute) else {
                declined += 1
                continue
            }
            read += 1
            #expect(parsedName(declaration) == name, "\(declaration)")
        }
        // Both outcomes are exercised, so the agreement above is not vacuous.
        #expect(read > 200)
        #expect(declined > 200)
    }
}
