import Foundation
import SwiftDiagnostics
import Testing

/// Every fix-it Trellis offers on the attribute matrix (``AttributeMatrixTests``), applied, and the
/// result compiled by the real compiler beside the program it was applied to: a fix-it never brings
/// a compiler error the program did not have. (It found `@DIContainer struct C` getting
/// `@DIContainer (concrete: true)`, which Swift rejects, and an on-demand member's "use
/// 'asyncFactory:'", which only an error of its own would follow.)
@Suite("Fix-its on every attribute combination: none brings a compiler error")
struct FixItMatrixTests {
    /// Errors a fix-it may leave in sight, each for its reason: "write 'any' before the type (if it
    /// is a protocol)" is the last of three fix-its and says when it applies; removing the factory
    /// of an opaque `.input` leaves its opaque type, whose own fix-it writes `any`, with no factory
    /// to tell its type.
    static let allowed = ["'any' has no effect on concrete type", "requires that 'Never' conform to"]

    @Test("applying any fix-it of the matrix brings no compiler error the program did not have")
    func fixItsCompile() async throws {
        var programs: [(name: String, source: String)] = []
        // Each fix-it of `source` applied, beside the program as written (both named after `name`).
        func addFixIts(of source: String, named name: String) throws {
            let (file, before) = try FixItRoundTests.diagnostics(source)
            for fixIt in before.flatMap(\.fixIts) {
                let index = programs.count / 2
                let named = "\(name): \(fixIt.message.message)"
                let fixed = FixItRoundTests.applying(fixIt, to: file.description)
                programs.append((named, fixed.replacingOccurrences(of: "FixX", with: "Fixed\(index)")))
                programs.append(
                    ("as written: " + named, file.description.replacingOccurrences(of: "FixX", with: "Written\(index)")))
            }
        }
        for scope in AttributeMatrixTests.scopes {
            for factory in AttributeMatrixTests.factories {
                for type in AttributeMatrixTests.types where type != "any MatrixP?" {
                    let source = """
                        @DIContainer struct FixX {
                            @Provide(.input) var dep: MatrixDep
                            @Provide(\(scope)\(factory.text)) var member: \(type)
                        }
                        """
                    try addFixIts(of: source, named: "\(scope) \(factory.name) \(type)")
                }
            }
        }
        // And functions named with their labels and AutoWiring, beside a throwing member and an
        // async one they read (not beside `cycle`, which reads the member back: its own
        // diagnostic's words change when the member becomes async or throwing, as they should).
        let neighbours = AttributeMatrixTests.neighbours.filter { !$0.contains("var cycle") }
        for scope in AttributeMatrixTests.scopes {
            for factory in AttributeMatrixTests.readingFactories
            where factory.name.hasPrefix("function") || factory.name.hasPrefix("AutoWiring") {
                let source =
                    (["@DIContainer struct FixX {", "    @Provide(.input) var dep: MatrixDep"] + neighbours
                    + ["    @Provide(\(scope)\(factory.text)) var member: any MatrixP", "}"]).joined(separator: "\n")
                try addFixIts(of: source, named: "\(scope) \(factory.name), beside others")
            }
        }
        var lines = AttributeMatrixTests.prelude.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var starts: [(line: Int, name: String)] = []
        for program in programs {
            // After the two lines `compile` puts before the program.
            starts.append((lines.count + 3, program.name))
            lines += program.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let result = try await DeclarationCorpusTests.compile(
            [CorpusProgram(name: "fix-its", source: lines.joined(separator: "\n"), expectedCode: nil)], emitSIL: false,
            style: .swift)
        let file = try #require(result.files.first)
        var errors: [String: Set<String>] = [:]
        for diagnostic in result.diagnostics where diagnostic.severity == "error" {
            // `any MatrixImpl` repeats its error in every generated copy of the type, as a type that
            // does not exist does (README's one exception): the fix-it that writes it says when it applies.
            #expect(
                (diagnostic.path == file && !diagnostic.isInGeneratedCode)
                    || Self.allowed.contains(where: diagnostic.message.contains), "\(diagnostic)")
            guard let owner = starts.last(where: { $0.line <= diagnostic.line })?.name else { continue }
            // The container's name differs between the two programs, and so does the attribute's
            // spelling in the compiler's "(from macro 'DIContainer ')" when a fix-it adds arguments.
            let message = diagnostic.message.replacing(/Fixed\d+|Written\d+/, with: "C")
                .replacingOccurrences(of: "'DIContainer '", with: "'DIContainer'")
            errors[owner, default: []].insert(message)
        }
        var introduced: [String] = []
        for program in programs where !program.name.hasPrefix("as written: ") {
            let new = (errors[program.name] ?? []).subtracting(errors["as written: " + program.name] ?? [])
                .filter { message in !Self.allowed.contains(where: message.contains) }
            if !new.isEmpty { introduced.append("\(program.name): \(new.sorted())") }
        }
        #expect(programs.count > 600, "\(programs.count / 2) fix-its")
        #expect(introduced.isEmpty, "\(introduced.count) fix-its bring errors:\n\(introduced.prefix(20).joined(separator: "\n"))")
    }
}
