import Foundation
import Testing

@testable import TrellisMacros

/// The fast path must answer exactly as swift-syntax's own message handler does, byte for byte
/// (``PluginReference``), or leave the request to it. Checked on the messages the real compiler
/// sends while compiling a corpus (``CapturedPluginMessages``), replayed in order.
@Suite("Plug-in fast path, replaying the compiler's messages", .serialized)
struct FastPathReplayTests {
    /// Whether this build answers getters at all (not with a swift-syntax CI does not test).
    static var answersGetters: Bool {
        if case .known = PluginFastPath.getterIndentation { return true }
        return false
    }

    /// The fast path's answers to `messages`, in order (`nil` where it leaves a message).
    private static func fastAnswers(_ messages: [[UInt8]]) -> [[UInt8]?] {
        let fastPath = PluginFastPath()
        return messages.map { fastPath.response(to: $0) }
    }

    private static func isAccessorRequest(_ message: [UInt8]) -> Bool {
        CapturedPluginMessages.role(of: message) == "accessor"
    }

    @Test("answers what swift-syntax's handler answers, for every message of the capture it answers")
    func replayMatchesTheReference() throws {
        let messages = try CapturedPluginMessages.messages.get()
        let reference = try PluginReference.answers(to: messages)
        let answers = Self.fastAnswers(messages)
        var answered = 0
        for (index, answer) in answers.enumerated() {
            guard let answer else { continue }
            answered += 1
            #expect(Self.isAccessorRequest(messages[index]), "answered a message other than a getter request")
            #expect(answer == reference[index], "\(String(decoding: messages[index], as: UTF8.self).prefix(2000))")
        }
        let getters = messages.filter(Self.isAccessorRequest).count
        print("Fast path replay: \(messages.count) messages from the compiler, \(getters) getter requests, \(answered) answered")
        #expect(Self.answersGetters ? answered * 10 >= getters * 8 : answered == 0)
    }

    @Test("answers the getter of each plain shape, and leaves those the text cannot settle")
    func answersEachShapeAsDocumented() throws {
        let messages = try CapturedPluginMessages.messages.get()
        let answers = Self.fastAnswers(messages)
        let shapes = CapturedPluginMessages.shapes + [CapturedPluginMessages.mainActorShape]
        for shape in shapes {
            let expected = shape.declaration.trimmingCharacters(in: .whitespacesAndNewlines)
            let requests = messages.indices.filter { index in
                Self.isAccessorRequest(messages[index])
                    && CapturedPluginMessages.source(of: "declSyntax", in: messages[index])?
                        .trimmingCharacters(in: .whitespacesAndNewlines) == expected
            }
            #expect(!requests.isEmpty, "the compiler sent no getter request for \(expected)")
            for index in requests {
                #expect((answers[index] != nil) == (shape.answered && Self.answersGetters), "\(expected)")
            }
        }
    }

    @Test("answers a sample of declarations, plain and not, exactly as swift-syntax's handler or not at all")
    func matchesTheReferenceOnSamples() throws {
        let messages = try CapturedPluginMessages.messages.get()
        let capability = messages[0]
        // A real getter request of `FastPathShapes`, its member swapped for each sample.
        let template = try #require(
            messages.first { message in
                Self.isAccessorRequest(message)
                    && CapturedPluginMessages.source(of: "declSyntax", in: message)?.hasSuffix("var baseURL: String") == true
            })
        let attributes = [
            "\n    @Provide(.shared, S0.self, concrete: true)", "\n    @Provide(.transient, factory: { (a: A) in B(a: a) })",
            "\n    @Provide(.onDemand)", "\n    @Provide",
            "\n    @Provide(.onDemand, asyncFactory: { (a: A) async throws in try await B(a: a) })",
        ]
        var samples: [[UInt8]] = [capability]
        for (index, rest) in ProvideDeclarationTextTests.sampleRests(count: 300).enumerated() {
            let attribute = attributes[index % attributes.count]
            samples.append(
                try CapturedPluginMessages.replacing(attribute: attribute, declaration: attribute + rest, in: template))
        }
        let reference = try PluginReference.answers(to: samples)
        var answered = 0
        for (index, answer) in Self.fastAnswers(samples).enumerated() {
            guard let answer else { continue }
            answered += 1
            #expect(answer == reference[index], "\(String(decoding: samples[index], as: UTF8.self).prefix(1500))")
        }
        #expect(answered > 50 || !Self.answersGetters)
    }

    @Test("answers nothing before the capability exchange, or for a protocol version CI does not test")
    func declinesUntestedHosts() throws {
        let messages = try CapturedPluginMessages.messages.get()
        let getters = messages.filter(Self.isAccessorRequest)
        #expect(Self.fastAnswers(getters).allSatisfy { $0 == nil })
        for version in [5, 6, 8] {
            let capability = Array(#"{"getCapability":{"capability":{"protocolVersion":\#(version)}}}"#.utf8)
            #expect(Self.fastAnswers([capability] + getters).allSatisfy { $0 == nil }, "protocol version \(version)")
        }
        #expect(Self.fastAnswers([messages[0], Array("not json".utf8)]).allSatisfy { $0 == nil })
    }

    @Test("the environment variable turns the front desk off only when it says so")
    func environmentSetting() {
        #expect(PluginFrontDesk.isEnabled(setting: nil))
        #expect(PluginFrontDesk.isEnabled(setting: "on"))
        for off in ["off", "OFF", "0", "false", "no"] {
            #expect(!PluginFrontDesk.isEnabled(setting: off), "\(off)")
        }
    }
}
