import Testing
import TrellisGraph
import TrellisSyntax

@Suite("SourceFileScanner")
struct ScannerTests {
    @Test("nested containers get qualified names, extensions included")
    func qualifiedNames() {
        let (_, scan) = SourceFileScanner.scan(
            source: """
                enum Feature {
                    @DIContainer struct Container {}
                }
                extension Settings {
                    @DIContainer final class Container {}
                }
                @DIContainer struct Top {}
                """)
        #expect(scan.containers.map(\.qualifiedName) == ["Feature.Container", "Settings.Container", "Top"])
        #expect(scan.containers.map(\.extraction.container.name) == ["Container", "Container", "Top"])
    }

    @Test("extensions are listed with their initializers, each anchored")
    func extensions() {
        let (_, scan) = SourceFileScanner.scan(
            source: """
                extension App { init() {} }
                extension Outer.Inner<Int> { var x: Int { 0 } }
                extension App { init(a: Int) {}; init(b: Int) {} }
                """)
        #expect(
            scan.extensions == [
                TypeExtension(typeName: "App", initializerCount: 1), TypeExtension(typeName: "Outer.Inner", initializerCount: 0),
                TypeExtension(typeName: "App", initializerCount: 2),
            ])
        #expect(scan.anchors[.extensionInitializer(type: "App", index: 2)]?.trimmedDescription == "init(b: Int) {}")
    }

    @Test("@Provide outside a container is a problem; inside one it is not")
    func strayProvide() {
        let (_, scan) = SourceFileScanner.scan(
            source: """
                @DIContainer struct Good { @Provide(.input) var a: String }
                struct Plain { @Provide(.input) var b: String }
                extension Good { @Provide(.input) var c: String }
                """)
        #expect(scan.problems.map(\.code) == [.provideOutsideContainer, .provideOutsideContainer])
        #expect(scan.containers.first?.extraction.container.members.map(\.name) == ["a"])
        // The one in an extension is told where members go, as the macro tells it.
        #expect(scan.problems.map { $0.message.contains("not in an extension") } == [false, true])
    }

    @Test("a factory naming a member it does not take, 'self' or a captured member is reported; metatypes and locals are not")
    func factoryReadsOfTheContainer() throws {
        let (_, scan) = SourceFileScanner.scan(
            source: """
                @DIContainer struct C {
                    @Provide(.input) var level: Int
                    @Provide(.shared, factory: { () in Box(type: Int.self, value: level) }) var a: any P
                    @Provide(.shared, factory: { () in Box(type: Self.self, value: self.level) }) var b: any P
                    @Provide(.shared, factory: { [level] in Box(value: level) }) var c: any P
                    @Provide(.shared, factory: { (level: Int) in [1].map { level in level }.count + level }) var d: any P
                    @Provide(.shared, factory: { () in let level = 2; return Box(value: level) }) var e: any P
                    @Provide(.shared, factory: { (c: Self) in Box(value: c.level) }) var f: any P
                }
                """)
        let extraction = try #require(scan.containers.first?.extraction)
        #expect(extraction.problems.isEmpty)
        let problems = ContainerValidator.validate(extraction.container).filter { $0.code == .memberReadInExpression }
        let members = problems.map { problem -> String in
            guard case .factoryDetail(_, let member, _) = problem.anchor else { return "?" }
            return member
        }
        #expect(members == ["a", "b", "c"], "\(problems.map(\.message))")
    }

    @Test("the program file carries the containers' qualified names")
    func programFile() {
        let (_, scan) = SourceFileScanner.scan(source: "enum A { @DIContainer struct B {} }")
        #expect(scan.programFile(path: "x.swift").containers.map(\.qualifiedName) == ["A.B"])
    }
}
