import Testing
import TrellisGraph

@Suite("NameSuggester")
struct NameSuggesterTests {
    struct SuggestionCase: CustomTestStringConvertible, Sendable {
        let name: String
        let candidates: [String]
        let expected: String?
        var testDescription: String { "'\(name)' among \(candidates) suggests \(expected.map { "'\($0)'" } ?? "nothing")" }
    }

    static let suggestions: [SuggestionCase] = [
        SuggestionCase(name: "sesion", candidates: ["session", "logger"], expected: "session"),
        SuggestionCase(name: "baseUrl", candidates: ["baseURL", "config"], expected: "baseURL"),
        SuggestionCase(name: "network", candidates: ["networkService", "cache"], expected: "networkService"),
        SuggestionCase(name: "Service", candidates: ["networkService"], expected: "networkService"),
        SuggestionCase(name: "apiClientService", candidates: ["apiClient"], expected: "apiClient"),
        SuggestionCase(name: "timeout", candidates: ["session", "logger"], expected: nil),
        SuggestionCase(name: "ab", candidates: ["abcdef"], expected: nil),
        SuggestionCase(name: "anything", candidates: [], expected: nil),
        SuggestionCase(name: "cach", candidates: ["cache", "catch"], expected: "cache"),
        SuggestionCase(name: "loger", candidates: ["logger", "longer"], expected: "logger"),
    ]

    @Test("suggests the closest likely name or nothing", arguments: suggestions)
    func closest(_ testCase: SuggestionCase) {
        #expect(NameSuggester.closest(to: testCase.name, among: testCase.candidates) == testCase.expected)
    }

    @Test("prefers a typo over a longer name that merely contains the input")
    func typoBeatsAffix() {
        #expect(NameSuggester.closest(to: "cache", among: ["cacheManager", "cachw"]) == "cachw")
    }

    @Suite("Edit distance")
    struct EditDistance {
        struct DistanceCase: CustomTestStringConvertible, Sendable {
            let first: String
            let second: String
            let distance: Int
            var testDescription: String { "'\(first)' to '\(second)' is \(distance)" }
        }

        static let distances: [DistanceCase] = [
            DistanceCase(first: "", second: "", distance: 0),
            DistanceCase(first: "", second: "abc", distance: 3),
            DistanceCase(first: "abc", second: "", distance: 3),
            DistanceCase(first: "kitten", second: "sitting", distance: 3),
            DistanceCase(first: "session", second: "sesion", distance: 1),
            DistanceCase(first: "flaw", second: "lawn", distance: 2),
            DistanceCase(first: "same", second: "same", distance: 0),
        ]

        @Test("is the Levenshtein distance", arguments: distances)
        func levenshtein(_ testCase: DistanceCase) {
            #expect(NameSuggester.editDistance(testCase.first, testCase.second) == testCase.distance)
        }

        @Test("is symmetric")
        func symmetric() {
            for (first, second) in [("kitten", "sitting"), ("a", "xyz"), ("networkService", "network")] {
                #expect(NameSuggester.editDistance(first, second) == NameSuggester.editDistance(second, first))
            }
        }
    }
}
