import Foundation
import Testing

@testable import TrellisMacros

/// The plug-in executable, driven as the compiler drives it: requests on its standard input,
/// answers on its standard output, one at a time. This covers the front desk's thread and pipes,
/// which the in-process tests of the fast path do not.
@Suite("Plug-in process")
struct PluginProcessTests {
    /// `TrellisMacros-tool`, which SwiftPM builds beside the test bundle (the integration tests'
    /// macros need it).
    private static var pluginURL: URL? {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("TrellisMacros-tool")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    private static func frame(_ text: String) -> Data {
        var length = UInt64(text.utf8.count).littleEndian
        return Data(bytes: &length, count: 8) + Data(text.utf8)
    }

    /// The answers, in order, read from the plug-in's whole output.
    private static func messages(in output: Data) -> [String] {
        var answers: [String] = []
        var offset = output.startIndex
        while offset + 8 <= output.endIndex {
            let length = output[offset..<(offset + 8)].enumerated().reduce(UInt64(0)) {
                $0 | UInt64($1.element) << (8 * UInt64($1.offset))
            }
            let start = offset + 8
            guard start + Int(length) <= output.endIndex else { break }
            answers.append(String(decoding: output[start..<(start + Int(length))], as: UTF8.self))
            offset = start + Int(length)
        }
        return answers
    }

    private static func syntax(_ kind: String, _ source: String) -> String {
        let quoted = String(decoding: PluginMessageJSON.quoted(source), as: UTF8.self)
        return
            #"{"kind":"\#(kind)","location":{"column":1,"fileID":"M/C.swift","fileName":"/p/C.swift","line":1,"offset":0},"source":\#(quoted)}"#
    }

    private static func accessorRequest(attribute: String, rest: String) -> String {
        let context = syntax("declaration", "\n\n@DIContainer\nstruct Container {}")
        return
            #"{"expandAttachedMacro":{"attributeSyntax":\#(syntax("attribute", attribute)),"declSyntax":\#(syntax("declaration", attribute + rest)),"discriminator":"$s1","lexicalContext":[\#(context)],"macro":{"moduleName":"TrellisMacros","name":"Provide","typeName":"ProvideMacro"},"macroRole":"accessor"}}"#
    }

    @Test("answers every request in order, whether the front desk or swift-syntax's loop serves it")
    func answersInOrder() throws {
        let plugin = try #require(Self.pluginURL, "TrellisMacros-tool is built beside the tests")
        let container = "@DIContainer\nstruct Container {\n    @Provide(.input)\n    var baseURL: String\n}"
        let requests = [
            #"{"getCapability":{"capability":{"protocolVersion":7}}}"#,
            // Answered by the front desk.
            Self.accessorRequest(attribute: "\n    @Provide(.input)", rest: "\n    var baseURL: String"),
            // Relayed: the member role of @DIContainer.
            #"{"expandAttachedMacro":{"attributeSyntax":\#(Self.syntax("attribute", "@DIContainer")),"declSyntax":\#(Self.syntax("declaration", container)),"discriminator":"$s2","lexicalContext":[],"macro":{"moduleName":"TrellisMacros","name":"DIContainer","typeName":"DIContainerMacro"},"macroRole":"member"}}"#,
            // Relayed: an async factory, whose effects the text cannot settle.
            Self.accessorRequest(
                attribute: "\n    @Provide(.shared, asyncFactory: { () async throws in try await Store() })",
                rest: "\n    var store: Store"),
            // Answered by the front desk again, after two relayed requests.
            Self.accessorRequest(attribute: "\n    @Provide(.transient, factory: Page())", rest: "\n    var page: Page"),
        ]
        let process = Process()
        process.executableURL = plugin
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: requests.map(Self.frame).reduce(Data(), +))
        try input.fileHandleForWriting.close()
        let answers = Self.messages(in: output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        // Exactly what swift-syntax's own handler answers, for the requests the front desk answers
        // and for those it relays.
        let expected = try PluginReference.answers(to: requests.map { Array($0.utf8) })
        // (Which of them the front desk answers itself is checked in-process by ProvideFastPathTests and ContainerFastPathTests.)
        #expect(answers == expected.map { String(decoding: $0, as: UTF8.self) })
        #expect(answers.count == requests.count)
    }

    @Test("ends cleanly when the compiler closes the channel, and on a length no compiler sends")
    func endsCleanly() throws {
        let plugin = try #require(Self.pluginURL, "TrellisMacros-tool is built beside the tests")
        for input in [Data(), Data(repeating: 0xFF, count: 16)] {
            let process = Process()
            process.executableURL = plugin
            let pipe = Pipe()
            process.standardInput = pipe
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try pipe.fileHandleForWriting.write(contentsOf: input)
            try pipe.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
    }
}
