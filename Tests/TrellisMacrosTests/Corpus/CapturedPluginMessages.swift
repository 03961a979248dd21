import Foundation

/// The messages the real compiler sends the macro plug-in while it compiles a corpus of containers:
/// the member shapes of ``shapes``, the hand-written valid programs and a few random containers of
/// the declaration corpus. They are captured once per test run, by putting `tee` between the
/// compiler and the plug-in, so the fast path is checked against what this compiler really sends
/// (message layout, build configuration, trivia), not against requests written by hand.
enum CapturedPluginMessages {
    /// A `@Provide` member as the compiler sends it (what precedes the attribute, the attribute with
    /// its leading trivia, the rest) and whether the fast path answers its getter itself.
    struct Shape {
        var before = ""
        var attribute: String
        var after: String
        var answered: Bool

        var declaration: String { before + attribute + after }
    }

    /// Members of the container `FastPathShapes` (every shape the fast path must answer or leave).
    static let shapes: [Shape] = [
        Shape(attribute: "\n    @Provide(.shared, Part.self, concrete: true)", after: "\n    var m0: Part", answered: true),
        Shape(attribute: "\n    @Provide(.input)", after: "\n    var baseURL: String", answered: true),
        Shape(attribute: "\n    @Provide(.input)", after: " var\n        table: [String: [Int]]", answered: true),
        Shape(
            attribute: "\n    @Provide(.shared, factory: Pool(), concrete: true)", after: "\n    var pool: Pool", answered: true),
        Shape(
            attribute:
                "\n\n    /// The API client, built from @Provide(.input) values.\n    @Provide(.shared, APIClient.self, with: [\\Self.baseURL, \\Self.logger])",
            after: "\n    public var apiClient: any APIClientProtocol", answered: true),
        Shape(
            attribute: "\n    @Provide(.transient, factory: { (catalog: Catalog) in Page(catalog: catalog) }, concrete: true)",
            after: "\n    var page: Page", answered: true),
        Shape(
            attribute: "\n    @Provide(.onDemand, factory: { (baseURL: String) in Catalog(url: baseURL) }, concrete: true)",
            after: "\n    var catalog: Catalog", answered: true),
        Shape(attribute: "\n    @Provide(.collection)", after: "\n    var routes: [any Route]", answered: true),
        Shape(
            attribute: "\n    @Provide(.shared, factory: HealthRoute(), into: \\Self.routes)",
            after: "\n    var health: any Route",
            answered: true),
        Shape(
            attribute: "\n    @Provide(.transient, factory: { [BookRoute()] }, elementsInto: \\Self.routes)",
            after: "\n    var books: [any Route]", answered: true),
        Shape(
            attribute: "\n    @Provide(.collection, allowsEmpty: true)", after: "\n    var checks: [String: any Check]",
            answered: true),
        Shape(
            attribute: "\n    @Provide(.shared, factory: DiskCheck(), into: \\Self.checks, key: \"disk\")",
            after: "\n    var disk: any Check", answered: true),
        Shape(
            attribute: "\n    @Provide(.shared, factory: { (handler: Provider<Handler>) in Runner(handler) }, concrete: true)",
            after: "\n    var runner: Runner", answered: true),
        Shape(
            attribute: "\n    @Provide(.transient, factory: Handler(), concrete: true)", after: "\n    var handler: Handler",
            answered: true),
        Shape(
            attribute: "\n    @Trellis.Provide(.shared, factory: Logger(label: \"throws\"), concrete: true)",
            after: "\n    var logger: Logger", answered: true),
        Shape(
            attribute: "\n    @Provide(.onDemand, factory: Catalog(url: \"\"), concrete: true)",
            after: "\n    nonisolated public var `class`: Catalog", answered: true),
        Shape(attribute: "\n    @Provide(.input)", after: "\n    var clock: @Sendable () -> Int", answered: true),
        // An initial value (an `.input`'s default): parsed, then answered.
        Shape(attribute: "\n    @Provide(.input)", after: "\n    var retries: Int = 3", answered: true),
        // Effects the text cannot settle: swift-syntax parses the attribute.
        Shape(
            attribute: "\n    @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })",
            after: "\n    var database: any DatabaseProtocol", answered: false),
        Shape(
            attribute: "\n    @Provide(.transient, factory: { () throws in try Token() }, concrete: true)",
            after: "\n    var token: Token", answered: false),
        Shape(
            attribute: "\n    @Provide(factory: { SessionStandIn() })", after: "\n    var session: any SessionProtocol",
            answered: false),
        // Declarations `@DIContainer` reports: parsed, then answered with a getter that reads nothing.
        Shape(
            attribute: "\n    @Provide(.shared, factory: Part(), concrete: true)", after: "\n    static var shared: Part",
            answered: true),
        Shape(
            attribute: "\n    @Provide(.shared, factory: Part(), concrete: true)", after: "\n    lazy var lazyOne: Part",
            answered: true),
        Shape(
            attribute: "\n    @Provide(.shared, factory: Part(), concrete: true)", after: "\n    var untyped = Part()",
            answered: true),
        // A repeated attribute: left to swift-syntax's handler, which alone knows which one it is.
        Shape(attribute: "\n    @Provide(.shared)", after: " @Provide(.shared)\n    var twice: Part", answered: false),
    ]

    /// A member that only a main-actor container takes.
    static let mainActorShape = Shape(
        before: "\n    @MainActor", attribute: " @Provide(.shared, factory: Model(), concrete: true)",
        after: " var `default`: Model",
        answered: true)

    /// The program holding ``shapes`` and ``mainActorShape``, with the types they name.
    static var shapesProgram: String {
        """
        protocol Route: Sendable {}
        struct HealthRoute: Route {}
        struct BookRoute: Route {}
        protocol Check: Sendable {}
        struct DiskCheck: Check {}
        protocol SessionProtocol: Sendable {}
        struct SessionStandIn: SessionProtocol {}
        protocol DatabaseProtocol: Sendable {}
        struct Database: DatabaseProtocol { static func connect() async throws -> Database { Database() } }
        struct Token: Sendable { init() throws {} }
        final class Pool: Sendable {}
        struct Catalog: Sendable { var url: String }
        struct Page: Sendable { var catalog: Catalog }
        struct Part: Sendable {}
        struct Handler: Sendable {}
        struct Runner: Sendable { init(_ handler: Provider<Handler>) {} }
        struct Logger: Sendable { init(label: String) {} }
        protocol APIClientProtocol: Sendable {}
        struct APIClient: APIClientProtocol { init(baseURL: String, logger: Logger) {} }
        @MainActor final class Model { init() {} }

        @DIContainer
        struct FastPathShapes {\(shapes.map(\.declaration).joined())
        }

        @DIContainer(mainActor: true)
        struct Screens {\(mainActorShape.declaration)
        }
        """
    }

    /// Every message of the capture, in the order the compiler sent them (the first is the
    /// capability exchange), or why the capture failed.
    static let messages: Result<[[UInt8]], any Error> = Result { try capture() }

    private static func capture() throws -> [[UInt8]] {
        let compiler = try RealCompiler()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = folder.appendingPathComponent("requests.bin").path
        let wrapper = folder.appendingPathComponent("plugin.sh").path
        try "#!/bin/sh\ntee '\(capture)' | '\(compiler.pluginPath)' \"$@\"\n".write(
            toFile: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)

        let programs =
            [shapesProgram] + HandWrittenPrograms.valid.map(\.source)
            + DeclarationCorpusTests.randomContainers().prefix(12).map { $0.render() }
        var files = [folder.appendingPathComponent("Prelude.swift").path]
        try corpusPrelude.write(toFile: files[0], atomically: true, encoding: .utf8)
        for (index, program) in programs.enumerated() {
            let path = folder.appendingPathComponent("Program\(index).swift").path
            try ("import Trellis\n\n" + program + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        // The shapes include misuses, so the compiler may fail; the messages are what counts.
        _ = try compiler.compile(files, emitSIL: false, plugin: wrapper)
        let messages = split(Array(try Data(contentsOf: URL(fileURLWithPath: capture))))
        guard messages.count > programs.count else {
            throw HarnessError("the compiler sent the plug-in \(messages.count) messages for \(programs.count) programs")
        }
        return messages
    }

    /// The messages of a plug-in stream: each a little-endian 64-bit length and that many bytes.
    /// The empty message that asks the plug-in to stop is left out.
    static func split(_ stream: [UInt8]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        var offset = 0
        while offset + 8 <= stream.count {
            let length = (0..<8).reduce(0) { $0 | Int(stream[offset + $1]) << (8 * $1) }
            let start = offset + 8
            guard length >= 0, start + length <= stream.count else { break }
            if length > 0 { messages.append(Array(stream[start..<(start + length)])) }
            offset = start + length
        }
        return messages
    }

    /// `message` framed for a plug-in's standard input.
    static func frame(_ message: [UInt8]) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: message.count >> (8 * $0)) } + message
    }

    /// The macro role an `expandAttachedMacro` message asks for (`nil` for other messages).
    static func role(of message: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any],
            let request = object["expandAttachedMacro"] as? [String: Any]
        else { return nil }
        return request["macroRole"] as? String
    }

    /// The `source` of a member of an `expandAttachedMacro` message (`declSyntax`, `attributeSyntax`).
    static func source(of member: String, in message: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any],
            let request = object["expandAttachedMacro"] as? [String: Any],
            let syntax = request[member] as? [String: Any]
        else { return nil }
        return syntax["source"] as? String
    }

    /// `message` with the `source` of its `attributeSyntax` and `declSyntax` replaced.
    static func replacing(attribute: String, declaration: String, in message: [UInt8]) throws -> [UInt8] {
        guard var object = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any],
            var request = object["expandAttachedMacro"] as? [String: Any],
            var attributeSyntax = request["attributeSyntax"] as? [String: Any],
            var declSyntax = request["declSyntax"] as? [String: Any]
        else { throw HarnessError("not an expandAttachedMacro message") }
        attributeSyntax["source"] = attribute
        declSyntax["source"] = declaration
        request["attributeSyntax"] = attributeSyntax
        request["declSyntax"] = declSyntax
        object["expandAttachedMacro"] = request
        return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}
