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

    /// The answers, in order, read from the plug-in's whole output.
    private static func answers(in output: Data) -> [[UInt8]] {
        CapturedPluginMessages.split(Array(output))
    }

    /// This process's environment with `added`, and the fast path's variable set only if `added`
    /// sets it, whatever the test run's own environment says (CI runs one build with it off).
    private static func environment(adding added: [String: String] = [:]) -> [String: String] {
        var inherited = ProcessInfo.processInfo.environment
        inherited[PluginFrontDesk.environmentVariable] = nil
        return inherited.merging(added) { $1 }
    }

    /// Runs the plug-in on `input` (with `environment` added to this process's), returning its
    /// answers and exit status.
    private static func run(_ plugin: URL, input: [[UInt8]], environment: [String: String] = [:]) throws -> (
        answers: [[UInt8]], status: Int32
    ) {
        let process = Process()
        process.executableURL = plugin
        process.environment = Self.environment(adding: environment)
        // The input comes from a file: the plug-in answers while it reads, and a pipe written from
        // this thread would fill up and stop both.
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-plugin-\(UUID().uuidString)")
        try Data(input.flatMap(CapturedPluginMessages.frame)).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let stdout = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (answers(in: output), process.terminationStatus)
    }

    @Test(
        "answers the compiler's captured messages in order, as swift-syntax's handler, with the front desk on and off",
        arguments: [nil, "off"])
    func answersInOrder(setting: String?) throws {
        let plugin = try #require(Self.pluginURL, "TrellisMacros-tool is built beside the tests")
        let messages = try CapturedPluginMessages.messages.get()
        let environment = setting.map { [PluginFrontDesk.environmentVariable: $0] } ?? [:]
        let (answers, status) = try Self.run(plugin, input: messages, environment: environment)
        #expect(status == 0)
        // Exactly what swift-syntax's own handler answers, for the requests the front desk answers
        // and for those it relays (which those are is checked in-process by FastPathReplayTests).
        let expected = try PluginReference.answers(to: messages)
        #expect(answers.count == messages.count)
        for (index, (answer, reference)) in zip(answers, expected).enumerated() where answer != reference {
            Issue.record(
                """
                answer \(index) differs from swift-syntax's handler
                plug-in:   \(String(decoding: answer, as: UTF8.self).prefix(1500))
                reference: \(String(decoding: reference, as: UTF8.self).prefix(1500))
                """)
            break
        }
    }

    @Test("the front desk ends cleanly when the compiler closes the channel, and on a length no compiler sends")
    func endsCleanly() throws {
        let plugin = try #require(Self.pluginURL, "TrellisMacros-tool is built beside the tests")
        for input in [Data(), Data(repeating: 0xFF, count: 16)] {
            let process = Process()
            process.executableURL = plugin
            // The front desk's own reading of the channel (swift-syntax's loop alone exits with an
            // error on a length no compiler sends).
            process.environment = Self.environment()
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
