import Foundation

/// Reads a harness's command line one argument at a time; a bad command line ends the program with
/// the harness's usage and exit status 2 instead of a crash.
public struct ArgumentReader {
    private let arguments: [String]
    private let usage: String
    private var index = 0

    /// Reads `arguments` (without the program name); `usage` lists the options.
    public init(_ arguments: [String], usage: String) {
        self.arguments = arguments
        self.usage = usage
    }

    /// The next option, or nil at the end; `--help` prints the usage and exits.
    public mutating func nextOption() -> String? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        if arguments[index] == "--help" || arguments[index] == "-h" {
            print(usage)
            exit(0)
        }
        return arguments[index]
    }

    /// The value after `option`.
    public mutating func value(of option: String) -> String {
        guard index < arguments.count else { fail("missing value after \(option)") }
        defer { index += 1 }
        return arguments[index]
    }

    /// The value after `option` as a positive integer.
    public mutating func positiveInteger(of option: String) -> Int {
        let text = value(of: option)
        guard let number = Int(text), number > 0 else { fail("\(option) takes a positive integer, not '\(text)'") }
        return number
    }

    /// The value after `option` as a comma-separated list of positive integers.
    public mutating func positiveIntegers(of option: String) -> [Int] {
        let text = value(of: option)
        let numbers = text.split(separator: ",").map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ ($0 ?? 0) > 0 }) else {
            fail("\(option) takes positive integers separated by commas, not '\(text)'")
        }
        return numbers.map { $0! }
    }

    /// Prints `message` and the usage on standard error and exits with status 2.
    public func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
