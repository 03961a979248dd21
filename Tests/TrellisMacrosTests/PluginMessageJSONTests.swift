import Testing

@testable import TrellisMacros

@Suite("Plug-in message JSON")
struct PluginMessageJSONTests {
    private func parse(_ text: String) -> PluginMessageJSON? { PluginMessageJSON(Array(text.utf8)) }

    @Test("reads nested objects, arrays, numbers and literals by path")
    func readsPaths() throws {
        let json = try #require(
            parse(#" { "a" : { "b" : [ 1 , true , null , "x" ] , "n" : -12 } , "s" : "t" } "#))
        #expect(json.integer(json.value(at: "a", "n")) == -12)
        #expect(json.string(json.value(at: "s")) == "t")
        guard case .array(let elements)? = json.value(at: "a", "b") else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.count == 4)
        #expect(json.string(elements[3]) == "x")
        #expect(json.value(at: "a", "missing") == nil)
        #expect(json.string(json.value(at: "a")) == nil)
    }

    @Test("resolves every escape, surrogate pairs included")
    func resolvesEscapes() throws {
        let json = try #require(parse(#"{"s":"q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83d\ude00 end"}"#))
        #expect(json.string(json.value(at: "s")) == "q\" b\\ s/ \u{8}\u{C}\n\r\t é 😀 end")
    }

    @Test("rejects malformed input instead of guessing")
    func rejectsMalformedInput() {
        let inputs = [
            "", "{", "{\"a\":}", "{\"a\" 1}", "[1,]", "[1 2]", "\"open", "tru", "{} {}", "{\"a\":1,}",
            String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
        ]
        for input in inputs {
            #expect(parse(input) == nil, "\(input)")
        }
        // Well-formed documents whose strings cannot be decoded.
        for text in [#"{"s":"\x"}"#, #"{"s":"\ud83d"}"#, #"{"s":"\u12"}"#] {
            let json = parse(text)
            #expect(json != nil, "\(text)")
            #expect(json?.string(json?.value(at: "s")) == nil, "\(text)")
        }
    }

    @Test("a quoted string reads back as itself")
    func quotedRoundTrip() throws {
        let samples = [
            "", "plain", "{\nget {\n    _trellis_values.m0\n}\n}", "quote \" and backslash \\", "\u{0}\u{1}\u{1F}\t\r",
            "é 😀 \u{2028}", String(repeating: "long text ", count: 500),
        ]
        for sample in samples {
            let document = Array("{\"s\":".utf8) + PluginMessageJSON.quoted(sample) + Array("}".utf8)
            let json = try #require(PluginMessageJSON(document))
            #expect(json.string(json.value(at: "s")) == sample)
        }
    }
}
