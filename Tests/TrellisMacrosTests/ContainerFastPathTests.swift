import Testing

@testable import TrellisMacros

/// The container roles the fast path answers must be answered exactly as swift-syntax's own
/// message handler answers them (``PluginReference``), byte for byte, or left to it.
@Suite("@DIContainer fast path")
struct ContainerFastPathTests {
    /// A compiler-shaped request for one role of the `@DIContainer` attribute `attribute` on
    /// `container`, declared inside the declarations of `context`.
    static func request(
        container: String, attribute: String = "\n\n@DIContainer", role: String, context: [String] = [],
        conformances: String = "Sendable"
    ) -> [UInt8] {
        func syntax(_ kind: String, _ source: String) -> String {
            let quoted = String(decoding: PluginMessageJSON.quoted(source), as: UTF8.self)
            return
                #"{"kind":"\#(kind)","location":{"column":15,"fileID":"M/C.swift","fileName":"/p/C.swift","line":3,"offset":97},"source":\#(quoted)}"#
        }
        var extensionMembers = ""
        if role == "extension" {
            extensionMembers =
                #""extendedTypeSyntax":\#(syntax("type", "Container")),"conformanceListSyntax":\#(syntax("declaration", "struct Placeholder: \(conformances) {}")),"#
        }
        let configuration = String(
            decoding: PluginMessageJSON.quoted(#"{"attributes":["main"],"customConditions":["DEBUG"]}"#), as: UTF8.self)
        let lexicalContext = context.map { syntax("declaration", $0) }.joined(separator: ",")
        let text =
            #"{"expandAttachedMacro":{"attributeSyntax":\#(syntax("attribute", attribute)),\#(extensionMembers)"declSyntax":\#(syntax("declaration", container)),"discriminator":"$s1M9ContainerV11DIContainerfMm_","lexicalContext":[\#(lexicalContext)],"macro":{"moduleName":"TrellisMacros","name":"DIContainer","typeName":"DIContainerMacro"},"macroRole":"\#(role)","staticBuildConfiguration":\#(configuration)}}"#
        return Array(text.utf8)
    }

    private static let capability = Array(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#.utf8)

    private static func reference(_ message: [UInt8]) throws -> [UInt8] {
        try PluginReference.answers(to: [capability, message])[1]
    }

    private static func fast(_ messages: [[UInt8]], trees: PluginFastPath.ContainerTrees = .built) -> [[UInt8]?] {
        let fastPath = PluginFastPath(containerTrees: trees)
        #expect(fastPath.response(to: capability) == nil)
        return messages.map { fastPath.response(to: $0) }
    }

    static let roles = ["peer", "member", "extension"]

    static let asyncContainer = """


        @DIContainer
        struct Container: Sendable {
            @Provide(.input)
            var gate: Gate

            @Provide(.shared, asyncFactory: { (gate: Gate) async throws in try await Slow(gate: gate) }, concrete: true)
            var slow: Slow
        }
        """

    /// Containers the fast path builds, each with one role's answer checked.
    static let answered: [(container: String, attribute: String, context: [String])] = [

        (PlainSyntaxTests.benchmarkContainer, "\n\n@DIContainer", []),
        (asyncContainer, "\n\n@DIContainer", []),
        (
            "\n\n@DIContainer\nstruct Container {\n    @Provide(.shared, Server.self, with: [\\Self.pool], concrete: true, service: true)\n    var server: Server\n\n    @Provide(.shared, factory: { Pool() }, concrete: true, service: true)\n    var pool: Pool\n}",
            "\n\n@DIContainer", []
        ),
        (
            "\n\n@DIContainer\nfinal class RequestScope: Sendable {\n    @Provide(.argument)\n    var requestID: String\n\n    @Provide(.input)\n    var log: Log\n\n    @Provide(.argument)\n    var attempt: Int\n\n    @Provide(.shared, Work.self, with: [\\Self.requestID, \\Self.log], concrete: true)\n    var work: Work\n}",
            "\n\n@DIContainer", []
        ),
        (
            "\n@DIContainer(mainActor: true)\npublic final class AppContainer {\n    @Provide(.input)\n    public var baseURL: URL\n\n    @Provide(.shared, factory: { (baseURL: URL) in Client(url: baseURL) }, concrete: true)\n    public var client: Client\n}",
            "\n@DIContainer(mainActor: true)", []
        ),
        (
            "\n    @DIContainer\n    struct Container {\n        @Provide(.transient, factory: { (c: Self) in Page(store: c.store) }, concrete: true)\n        var page: Page\n\n        @Provide(.shared, Store.self, concrete: true)\n        var store: Store\n    }",
            "\n    @DIContainer", ["\n\nenum Feature {}"]
        ),
    ]

    @Test("answers the roles of plain valid containers exactly as swift-syntax's handler")
    func matchesTheReference() throws {
        for entry in Self.answered {
            let messages = Self.roles.map {
                Self.request(container: entry.container, attribute: entry.attribute, role: $0, context: entry.context)
            }
            for (role, (message, answer)) in zip(Self.roles, zip(messages, Self.fast(messages))) {
                let answer = try #require(answer, "\(role): \(entry.container)")
                #expect(answer == (try Self.reference(message)), "\(entry.container)")
            }
        }
    }

    @Test("the async container's extension role declares Sendable; without that conformance asked, nothing")
    func extensionRole() throws {
        let sendable = Self.request(container: Self.asyncContainer, role: "extension")
        let nothing = Self.request(container: Self.asyncContainer, role: "extension", conformances: "P")
        let answers = Self.fast([sendable, nothing])
        let withSendable = try #require(answers[0])
        #expect(withSendable == (try Self.reference(sendable)))
        #expect(String(decoding: withSendable, as: UTF8.self).contains("extension Container: Sendable {"))
        let without = try #require(answers[1])
        #expect(without == Array(#"{"expandMacroResult":{"diagnostics":[],"expandedSource":""}}"#.utf8))
        #expect(without == (try Self.reference(nothing)))
    }

    /// Collections and providers, which the fast path may leave to swift-syntax.
    static let collectionsAndProviders =
        "\n\n@DIContainer\nstruct Routes {\n    @Provide(.shared, factory: HealthRoute(), into: \\Self.routes)\n    var health: any Route\n\n    @Provide(.transient, factory: { (health: Provider<any Route>) in [health()] }, concrete: true, elementsInto: \\Self.routes)\n    var more: [any Route]\n\n    @Provide(.collection)\n    var routes: [any Route]\n\n    @Provide(.shared, factory: DiskCheck(), into: \\Self.checks, key: \"disk\")\n    var disk: any Check\n\n    @Provide(.collection, allowsEmpty: true)\n    var checks: [String: any Check]\n}"

    @Test("a container with collections and providers is answered as swift-syntax answers it, or left to it")
    func collectionsAndProvidersAnswerAlike() throws {
        let messages = Self.roles.map { Self.request(container: Self.collectionsAndProviders, role: $0) }
        for (role, (message, answer)) in zip(Self.roles, zip(messages, Self.fast(messages))) {
            if let answer { #expect(answer == (try Self.reference(message)), "\(role)") }
        }
        let member = String(decoding: try Self.reference(messages[Self.roles.firstIndex(of: "member") ?? 0]), as: UTF8.self)
        #expect(member.contains("Array(_trellis_container.more)") && member.contains("Trellis.Provider"))
    }

    @Test("containers with something to report, other shapes and other roles go to swift-syntax")
    func declinesTheRest() throws {
        let cycle = """
            @DIContainer
            struct Container {
                @Provide(.shared, factory: { (b: B) in A(b: b) }, concrete: true)
                var a: A

                @Provide(.shared, factory: { (a: A) in B(a: a) }, concrete: true)
                var b: B
            }
            """
        let missing =
            "@DIContainer\nstruct Container {\n    @Provide(.shared, factory: { (c: C) in A(c: c) }, concrete: true)\n    var a: A\n}"
        let literal = "@DIContainer\nstruct Container {\n    @Provide(.shared, factory: { A(name: \"\\(1)\") })\n    var a: A\n}"
        // The member role reports the container's problems, so it is left; the others report
        // nothing and are answered as swift-syntax answers them.
        for container in [cycle, missing] {
            let messages = Self.roles.map { Self.request(container: container, role: $0) }
            for (role, (message, answer)) in zip(Self.roles, zip(messages, Self.fast(messages))) {
                if role == "member" {
                    #expect(answer == nil, "\(container)")
                } else {
                    #expect(answer == (try Self.reference(message)), "\(role): \(container)")
                }
            }
        }
        for answer in Self.fast(Self.roles.map { Self.request(container: literal, role: $0) }) {
            #expect(answer == nil)
        }
        // The reference reports the cycle and the missing member: the requests left were worth leaving.
        for container in [cycle, missing] {
            let reference = String(
                decoding: try Self.reference(Self.request(container: container, role: "member")), as: UTF8.self)
            #expect(reference.contains(#""severity":"error""#), "\(container)")
        }
        let plain = PlainSyntaxTests.benchmarkContainer
        #expect(Self.fast([Self.request(container: plain, role: "memberAttribute")]) == [nil])
        #expect(Self.fast([Self.request(container: plain, role: "accessor")]) == [nil])
        #expect(Self.fast([Self.request(container: plain, attribute: "\n\n@DIContainer(\"x\")", role: "member")]) == [nil])
    }

    @Test("with parsed container trees chosen, every container request is left to swift-syntax")
    func parsedTreesLeaveContainers() {
        let messages = Self.roles.map { Self.request(container: PlainSyntaxTests.benchmarkContainer, role: $0) }
        #expect(Self.fast(messages, trees: .parsed) == [nil, nil, nil])
        #expect(!PluginFastPath(containerTrees: .parsed).buildsContainerTrees)
        #expect(PluginFastPath(containerTrees: .built).buildsContainerTrees)
    }

    @Test("on a seeded sample of containers, every role answered is answered as swift-syntax answers it")
    func matchesTheReferenceOnSamples() throws {
        var answered = 0
        for (container, _) in PlainSyntaxTests.sampleContainers(count: 150) {
            let messages = Self.roles.map { Self.request(container: container, role: $0) }
            for (message, answer) in zip(messages, Self.fast(messages)) {
                guard let answer else { continue }
                answered += 1
                #expect(answer == (try Self.reference(message)), "\(container)")
            }
        }
        #expect(answered > 50)
    }
}
