import Testing
import TrellisGraph
import TrellisSyntax

/// The whole-program rules of scope containers, on sources split over files as users write them.
@Suite("Scope containers across files")
struct ScopeProgramRulesTests {
    static let scope = """
        @DIContainer
        final class RequestScope {
            @Provide(.argument) var requestID: String
            @Provide(.input) var log: Log
            @Provide(.argument) var caller: Caller
        }
        """

    /// The issues of the program made of `files` (path, source), as `code message` lines.
    private func issues(_ files: [(String, String)]) -> [String] {
        let programFiles = files.map { path, source in SourceFileScanner.scan(source: source).scan.programFile(path: path) }
        return ProgramValidator.validate(programFiles).map { "\($0.issue.code.rawValue) \($0.issue.message)" }
    }

    private func server(_ function: String, conformance: String = ": RequestScopeDependencies", members: String = "") -> String {
        """
        @DIContainer
        final class Server\(conformance) {
            @Provide(.shared, factory: { Log() }, concrete: true) var log: Log
            \(members)
            @Assisted(.scope)
            \(function)
        }
        """
    }

    @Test("a function taking the scope's arguments, by name, type and order, from a provider of its needs is clean")
    func matching() {
        #expect(
            issues([
                ("Scope.swift", Self.scope),
                ("Server.swift", server("func request(id requestID: String, caller: Caller) -> RequestScope")),
            ]) == [])
    }

    @Test("parameters in another order, of another type, missing or extra are reported with what the scope takes")
    func mismatches() {
        let expected =
            "'request(caller:requestID:)' creates 'RequestScope', which takes the arguments (requestID: String, caller: Caller) from its creator; declare the function's parameters as those, by name, type and order (it has (caller: Caller, requestID: String))"
        #expect(
            issues([
                ("Scope.swift", Self.scope),
                ("Server.swift", server("func request(caller: Caller, requestID: String) -> RequestScope")),
            ])
                == ["trellis.scope-argument-mismatch \(expected)"])
        for function in [
            "func request(requestID: Int, caller: Caller) -> RequestScope",
            "func request(requestID: String) -> RequestScope",
            "func request(requestID: String, caller: Caller, extra: Int) -> RequestScope",
        ] {
            let codes = issues([("Scope.swift", Self.scope), ("Server.swift", server(function))]).map { $0.prefix { $0 != " " } }
            #expect(codes == ["trellis.scope-argument-mismatch"], "\(function)")
        }
        // Spacing inside a type is not a difference.
        let spaced = """
            @DIContainer
            struct Spaced { @Provide(.argument) var ids: [String: Int] }
            @DIContainer
            struct Maker: SpacedDependencies {
                @Assisted(.scope) func spaced(ids: [String : Int]) -> Spaced
            }
            """
        #expect(issues([("Spaced.swift", spaced)]) == [])
    }

    @Test(
        "parameters of the right types under other names are renamed, keeping the labels callers write",
        arguments: [
            (
                "func request(for id: String, caller: Caller) -> RequestScope",
                "'request(for:caller:)' creates 'RequestScope', which takes its arguments under the names of its '.argument' members; rename the parameter 'id' to 'requestID', keeping the labels callers write ('request(for requestID: String, caller: Caller)')"
            ),
            (
                "func request(_ id: String, who: Caller) -> RequestScope",
                "'request(_:who:)' creates 'RequestScope', which takes its arguments under the names of its '.argument' members; rename the parameters 'id' to 'requestID', 'who' to 'caller', keeping the labels callers write ('request(_ requestID: String, who caller: Caller)')"
            ),
        ])
    func renamedParameters(function: String, expected: String) {
        #expect(
            issues([("Scope.swift", Self.scope), ("Server.swift", server(function))])
                == ["trellis.scope-argument-mismatch \(expected)"])
    }

    @Test("a need the creator lacks is named; a scope of another module is not checked")
    func needs() {
        let lacking = """
            @DIContainer
            final class Server: RequestScopeDependencies, OtherModule.ScopeDependencies {
                @Assisted(.scope)
                func request(requestID: String, caller: Caller) -> RequestScope
                @Assisted(.scope)
                func elsewhere(id: Int) -> OtherModule.Scope
            }
            """
        #expect(
            issues([("Scope.swift", Self.scope), ("Server.swift", lacking)]) == [
                "trellis.missing-child-dependency 'Server' creates 'RequestScope', which needs 'log: Log'; add a member 'log' of type 'Log' to 'Server'"
            ])
    }

    @Test("a scope owned as a child, or forwarded, is reported: its owner cannot pass its arguments")
    func ownedScope() {
        let owner = """
            @DIContainer
            final class Owner: RequestScopeDependencies {
                @Provide(.shared, factory: { Log() }, concrete: true) var log: Log
                @Provide(.child) var request: RequestScope
                @Provide(.forwardingChild) var forwarded: RequestScope
            }
            """
        let message =
            "'RequestScope' takes 'requestID: String' from whoever creates it; create it per unit of work with an '@Assisted(.scope)' function, or make 'requestID' an '.input'"
        #expect(
            issues([("Scope.swift", Self.scope), ("Owner.swift", owner)]) == [
                "trellis.child-takes-arguments 'Owner' owns 'RequestScope' as a child, but \(message)",
                "trellis.child-takes-arguments 'Owner' owns 'RequestScope' as a child, but \(message)",
            ])
    }

    @Test("a scope whose initializer throws needs a function declared 'throws'; one that does not may still say it")
    func throwingInitializer() {
        let scope = """
            @DIContainer
            struct JobScope {
                @Provide(.argument) var jobID: Int
                @Provide(.shared, factory: { (jobID: Int) throws in try Lease(jobID) }, concrete: true) var lease: Lease
            }
            @DIContainer
            struct Calm { @Provide(.argument) var jobID: Int }
            """
        let worker = """
            @DIContainer
            struct Worker: JobScopeDependencies, CalmDependencies {
                @Assisted(.scope) func job(jobID: Int) -> JobScope
                @Assisted(.scope) func checked(jobID: Int) throws -> JobScope
                @Assisted(.scope) func calm(jobID: Int) throws -> Calm
            }
            """
        #expect(
            issues([("Job.swift", scope), ("Worker.swift", worker)]) == [
                "trellis.assisted-effect-not-declared 'job(jobID:)' creates 'JobScope', whose initializer throws (a '.shared' member's factory throws), and its callers must see that: declare the function 'throws'"
            ])
    }
}
