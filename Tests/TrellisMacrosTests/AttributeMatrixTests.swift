import Foundation
import Testing

/// Every combination of a member's scope, factory form, type and options, each in a container of
/// its own, compiled by the real compiler and plug-in in Swift 6.3's default style. Most are
/// mistakes; whatever each gets, it gets on the user's lines: no diagnostic inside generated code,
/// none without a place. (It found an on-demand member with an `asyncFactory`, one whose factory
/// throws, and an opaque `.input` or factory-less member failing inside the expansion.)
@Suite("Every attribute combination: diagnostics on the user's lines only")
struct AttributeMatrixTests {
    static let scopes = [".input", ".shared", ".transient", ".onDemand"]

    /// Each way of building a member, by what it is; `dep` is an input of every container.
    static let factories: [(name: String, text: String)] = [
        ("none", ""),
        ("expression", ", factory: MatrixImpl()"),
        ("expression reading a member", ", factory: MatrixImpl(dep: dep)"),
        ("closure taking members", ", factory: { (dep: MatrixDep) in MatrixImpl(dep: dep) }"),
        ("closure taking the container", ", factory: { (c: Self) in MatrixImpl(dep: c.dep) }"),
        ("closure that tries", ", factory: { (c: Self) in try MatrixImpl(throwing: c.dep) }"),
        ("async closure", ", asyncFactory: { (dep: MatrixDep) async in MatrixImpl(dep: dep) }"),
        ("closure that awaits", ", asyncFactory: { (dep: MatrixDep) in await MatrixImpl(async: dep) }"),
        ("asyncFactory that does not await", ", asyncFactory: { (dep: MatrixDep) in MatrixImpl(dep: dep) }"),
        (
            "async throwing closure",
            ", asyncFactory: { (dep: MatrixDep) async throws in try await MatrixImpl(asyncThrowing: dep) }"
        ),
        ("AutoWiring", ", MatrixImpl.self, with: [\\Self.dep]"),
        ("AutoWiring without a root", ", MatrixImpl.self, with: [\\.dep]"),
        ("both factories", ", factory: MatrixImpl(), asyncFactory: { () async in MatrixImpl() }"),
        ("async closure as factory", ", factory: { () async in MatrixImpl() }"),
        ("misspelled member", ", factory: { (dpe: MatrixDep) in MatrixImpl(dep: dpe) }"),
    ]

    static let types = ["any MatrixP", "MatrixImpl", "some MatrixP", "MatrixImpl?", "(any MatrixP)?"]
    static let options = ["", ", concrete: true, service: true"]

    static let prelude = """
        protocol MatrixP: Sendable {}
        final class MatrixDep: Sendable { init() {} }
        final class MatrixImpl: MatrixP {
            init() {}
            init(dep: MatrixDep) {}
            init(throwing dep: MatrixDep) throws {}
            init(async dep: MatrixDep) async {}
            init(asyncThrowing dep: MatrixDep) async throws {}
        }
        """

    @Test("no diagnostic inside generated code, for any combination")
    func everyCombination() async throws {
        var lines = Self.prelude.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The first line of each container, after the two lines `compile` puts before the program.
        var containers: [(line: Int, name: String)] = []
        for scope in Self.scopes {
            for factory in Self.factories {
                for type in Self.types {
                    for option in Self.options {
                        let index = containers.count
                        containers.append((lines.count + 3, "\(scope) \(factory.name) \(type)\(option)"))
                        lines.append("@DIContainer struct Matrix\(index) {")
                        lines.append("    @Provide(.input) var dep: MatrixDep")
                        lines.append("    @Provide(\(scope)\(factory.text)\(option)) var member: \(type)")
                        lines.append("}")
                    }
                }
            }
        }
        let program = CorpusProgram(name: "attribute matrix", source: lines.joined(separator: "\n"), expectedCode: nil)
        let result = try await DeclarationCorpusTests.compile([program], emitSIL: false, style: .swift)
        let file = try #require(result.files.first)
        let elsewhere = result.diagnostics.filter { $0.isInGeneratedCode || $0.path != file }
        #expect(elsewhere.isEmpty, "diagnostics outside the user's file:\n\(elsewhere.prefix(20).map(\.description))")
        let unplaced = result.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(unplaced.isEmpty, "errors without a place: \(unplaced.prefix(10))")
        // Not vacuous: some combinations compile clean, and most are reported.
        let reported = Set(
            result.diagnostics.filter { $0.path == file && $0.severity == "error" }.compactMap { diagnostic in
                containers.last(where: { $0.line <= diagnostic.line })?.name
            })
        #expect(containers.count == 600)
        #expect(
            reported.count > 300 && reported.count < containers.count - 20, "\(reported.count) of \(containers.count) reported")
    }
}
