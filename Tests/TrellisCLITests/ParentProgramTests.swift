import Foundation
import Testing
import TrellisGraph
import TrellisSyntax

/// Scopes that read their parent (`@DIContainer(parent:)`), across files as users write them: the
/// whole-program rules, which only the tool can apply in Trellis's words, and the graph, which
/// draws each read of a parent's member in every format.
@Suite("Scopes reading their parent, across files")
struct ParentProgramTests {
    static let app = """
        @DIContainer(root: true)
        final class App: Sendable {
            @Provide(.input) var logger: Logger
            @Provide(.shared, factory: { SQLDatabase() }) var database: any Database
            @Provide(.shared, asyncFactory: { () async in await Cache.warm() }) var cache: any Cache
            @Provide(.transient, factory: { () throws in try Clock.read() }) var clock: any Clock
            @Assisted(.scope) func request(id requestID: String) -> RequestScope
        }
        """

    static func scope(_ body: String) -> String {
        """
        @DIContainer(parent: App.self, concrete: true)
        final class RequestScope: Sendable {
            @Provide(.argument) var requestID: String
        \(body)
        }
        """
    }

    private func files(_ scopeBody: String, app: String = Self.app) -> [ProgramFile] {
        [("App.swift", app), ("RequestScope.swift", Self.scope(scopeBody))].map { path, source in
            SourceFileScanner.scan(source: source).scan.programFile(path: path)
        }
    }

    /// The issues as `code message` lines.
    private func issues(_ scopeBody: String, app: String = Self.app) -> [String] {
        ProgramValidator.validate(files(scopeBody, app: app)).map { "\($0.issue.code.rawValue) \($0.issue.message)" }
    }

    @Test("reads of the parent's members by parameter, key path, c.member and .input are clean")
    func clean() {
        #expect(
            issues(
                """
                    @Provide(.input) var logger: Logger
                    @Provide(.shared, factory: { (database: any Database, requestID: String) in UnitOfWork(database, requestID) })
                    var unitOfWork: UnitOfWork
                    @Provide(.transient, Audit.self, with: [\\Self.logger, \\Self.database]) var audit: Audit
                    @Provide(.transient, factory: { (c: Self) in Report(c.unitOfWork, c.database) }) var report: Report
                """) == [])
    }

    @Test("a name neither the scope nor its parent has is reported on the read, with the closest name")
    func unknownName() {
        #expect(
            issues(
                "    @Provide(.shared, factory: { (databse: any Database) in UnitOfWork(databse) }) var unitOfWork: UnitOfWork")
                == [
                    "trellis.unknown-member 'unitOfWork' reads 'databse', which is neither a member of 'RequestScope' nor of its parent 'App'; did you mean 'database'?"
                ])
    }

    @Test("a read of the parent's async member, or of a transient that throws, is reported with what to do")
    func effects() {
        #expect(
            issues(
                """
                    @Provide(.shared, factory: { (cache: any Cache) in Page(cache) }) var page: Page
                    @Provide(.transient, factory: { (clock: any Clock) in Stamp(clock) }) var stamp: Stamp
                """) == [
                    "trellis.synchronous-reads-asynchronous 'page' reads 'cache' from its parent 'App', where it is built by an asyncFactory; a container reads its parent's members without 'await', so declare 'cache' in 'RequestScope' as an '.argument' its creator passes",
                    "trellis.reads-throwing-without-throws 'stamp' reads 'clock' from its parent 'App', whose factory throws on every read; a container reads its parent's members without 'try', so make 'clock' '.shared' in 'App' or pass it as an '.argument'",
                ])
    }

    @Test("a parent's member hidden from other types is reported on the read, with the access that would do")
    func hiddenMembers() {
        let app = Self.app
            .replacingOccurrences(of: "@Provide(.input) var logger", with: "@Provide(.input) fileprivate var logger")
            .replacingOccurrences(of: "var database: any Database", with: "private var database: any Database")
        let reads = """
                @Provide(.shared, factory: { (database: any Database) in UnitOfWork(database) }) var unitOfWork: UnitOfWork
                @Provide(.input) var logger: Logger
            """
        // In files of their own: 'private' and 'fileprivate' both need internal.
        #expect(
            issues(reads, app: app) == [
                "trellis.inaccessible-parent-member 'unitOfWork' reads 'database' from its parent 'App', where it is 'private', hidden from 'RequestScope'; declare 'database' internal or wider",
                "trellis.inaccessible-parent-member 'RequestScope' keeps the '.input' 'logger' from its parent 'App', where it is 'fileprivate', hidden from 'RequestScope'; declare 'logger' internal or wider",
            ])
        // In one file: 'fileprivate' is visible, and 'private' needs only that.
        let oneFile = [("Both.swift", app + "\n" + Self.scope(reads))].map {
            SourceFileScanner.scan(source: $1).scan.programFile(path: $0)
        }
        #expect(
            ProgramValidator.validate(oneFile).map { "\($0.issue.code.rawValue) \($0.issue.message)" } == [
                "trellis.inaccessible-parent-member 'unitOfWork' reads 'database' from its parent 'App', where it is 'private', hidden from 'RequestScope'; declare 'database' 'fileprivate' or wider"
            ])
        // `private(set)` hides only the setter, which a scope never uses.
        let setterOnly = Self.app.replacingOccurrences(
            of: "var database: any Database", with: "private(set) var database: any Database")
        #expect(issues(reads, app: setterOnly) == [])
    }

    @Test("a parent that is not a container, a scope created by another container, and a scope kept as a child")
    func creation() {
        let lonely = [("RequestScope.swift", Self.scope("").replacingOccurrences(of: "App.self", with: "Missing.self"))]
            .map { SourceFileScanner.scan(source: $1).scan.programFile(path: $0) }
        #expect(
            ProgramValidator.validate(lonely).map(\.issue.message) == [
                "'RequestScope' names 'Missing' as its parent, which is not a @DIContainer of the scanned sources"
            ])
        let other = """
            @DIContainer
            final class Other: Sendable {
                @Assisted(.scope) func request(id requestID: String) -> RequestScope
                @Provide(.child) var kept: RequestScope
            }
            """
        let found = ProgramValidator.validate(
            files("") + [SourceFileScanner.scan(source: other).scan.programFile(path: "Other.swift")]
        ).map { "\($0.issue.code.rawValue) \($0.issue.message)" }
        // The container's own rule for any `.child` (declare ': RequestScopeDependencies'), which
        // cannot see that this child keeps its parent, is left out: the last says why it cannot be a
        // child at all.
        #expect(
            found == [
                "trellis.child-takes-arguments 'Other' owns 'RequestScope' as a child, but 'RequestScope' takes 'requestID: String' from whoever creates it; create it per unit of work with an '@Assisted(.scope)' function, or make 'requestID' an '.input'",
                "trellis.scope-argument-mismatch 'request(id:)' creates 'RequestScope', whose parent is 'App', from 'Other'; create it from 'App', or name 'Other' in its 'parent:'",
                "trellis.child-takes-arguments 'Other' owns 'RequestScope' as a child, but 'RequestScope' keeps its parent, so the two would keep each other alive; create it per unit of work with an '@Assisted(.scope)' function",
            ])
    }

    @Test("a kept .input no ancestor has is reported on its declaration")
    func unknownInput() {
        #expect(
            issues("    @Provide(.input) var clok: any Clock") == [
                "trellis.unknown-member 'clok' is an '.input' of 'RequestScope', read from its parent, but it is neither a member of 'RequestScope' nor of its parent 'App'; declare it there, or make it an '.argument'"
            ])
    }

    @Test("a scope without a parent still needs its creator to declare its Dependencies protocol")
    func oldFormNeedsConformance() {
        let scope = """
            @DIContainer
            final class RequestScope: Sendable {
                @Provide(.argument) var requestID: String
                @Provide(.input) var logger: Logger
            }
            """
        let program = [("App.swift", Self.app), ("RequestScope.swift", scope)].map {
            SourceFileScanner.scan(source: $1).scan.programFile(path: $0)
        }
        #expect(
            ProgramValidator.validate(program).map { "\($0.issue.code.rawValue) \($0.issue.message)" } == [
                "trellis.child-needs-not-declared 'App' creates 'RequestScope' in 'request(id:)' and provides what it needs: declare ': RequestScopeDependencies' on 'App' so the compiler checks every need, or declare 'RequestScope' '@DIContainer(parent: App.self)', which then reads this container's members itself"
            ])
    }

    @Test("a scope of a scope reads what neither declares from the grandparent, in the rules and the graph")
    func grandparent() {
        let step = """
            @DIContainer(parent: RequestScope.self, concrete: true)
            final class StepScope: Sendable {
                @Provide(.argument) var step: Int
                @Provide(.input) var logger: Logger
                @Provide(.transient, factory: { (database: any Database, requestID: String, step: Int) in Step(database, requestID, step) })
                var work: Step
            }
            """
        let program =
            files("    @Assisted(.scope) func step(step: Int) -> StepScope")
            + [SourceFileScanner.scan(source: step).scan.programFile(path: "StepScope.swift")]
        #expect(ProgramValidator.validate(program).map(\.issue.message) == [])
        let reads = ProgramGraph(files: program).parentReads.map { "\($0.container).\($0.from) -> \($0.parent).\($0.to)" }
        #expect(
            reads == [
                "StepScope.logger -> App.logger", "StepScope.work -> App.database", "StepScope.work -> RequestScope.requestID",
            ])
        let unused = UnusedMemberRule.issues(program, references: NameReferences()).map(\.issue.message)
        #expect(!unused.contains { $0.hasPrefix("member 'database' of 'App'") })
    }

    @Test("a parent's member that only a scope reads is not unused")
    func usedByTheScope() {
        let unused = UnusedMemberRule.issues(
            files(
                "    @Provide(.shared, factory: { (database: any Database) in UnitOfWork(database) }) var unitOfWork: UnitOfWork"),
            references: NameReferences()
        ).map(\.issue.message)
        #expect(!unused.contains { $0.hasPrefix("member 'database' of 'App'") })
        #expect(unused.contains { $0.hasPrefix("member 'cache' of 'App'") })
        let names = UnusedMemberRule.issues(files(""), references: NameReferences()).map(\.issue.message)
        #expect(names.contains { $0.hasPrefix("member 'database' of 'App'") })
    }

    @Test("a diff lists the reads of the parent's members that came and went")
    func diff() {
        let before = ProgramGraph(files: files("    @Provide(.input) var logger: Logger"))
        let after = ProgramGraph(
            files: files(
                "    @Provide(.shared, factory: { (database: any Database) in UnitOfWork(database) }) var unitOfWork: UnitOfWork")
        )
        #expect(
            GraphDiff(old: before, new: after).changes.filter { $0.description.contains("from its parent") }.map {
                "\($0.kind.rawValue) \($0.description)"
            } == [
                "- RequestScope.logger reads App.logger from its parent",
                "+ RequestScope.unitOfWork reads App.database from its parent",
            ])
    }

    @Test("the graph draws each read of the parent's members, in ascii, mermaid, dot and JSON")
    func graph() throws {
        let graph = ProgramGraph(
            files: files(
                """
                    @Provide(.input) var logger: Logger
                    @Provide(.shared, UnitOfWork.self, with: [\\Self.database, \\Self.requestID]) var unitOfWork: UnitOfWork
                """))
        #expect(
            graph.parentReads.map { "\($0.container).\($0.from) -> \($0.parent).\($0.to)" } == [
                "RequestScope.logger -> App.logger", "RequestScope.unitOfWork -> App.database",
            ])
        try ToolHarness.expectGolden(AsciiRenderer.render(graph), named: "parent-reads.txt")
        try ToolHarness.expectGolden(MermaidRenderer.render(graph), named: "parent-reads.mmd")
        try ToolHarness.expectGolden(DotRenderer.render(graph), named: "parent-reads.dot")
        let json = JSONRenderer.render(graph)
        try ToolHarness.expectGolden(json, named: "parent-reads.json")
        // The document reads back to the same graph.
        #expect(try JSONDecoder().decode(ProgramGraph.self, from: Data(json.utf8)) == graph)
    }
}
