import Testing
import Trellis

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

// What stays a fatal error under DIC's `registerThrowable`, which otherwise answers `nil` for a
// load of its optional type whose factory throws (see DICSpellingTests). Each failing load runs in a
// child process (a Swift Testing exit test), because a fatal-error handler cannot return.

/// Writes the error to standard error and exits with a code no other path uses.
private struct ExitingFatalErrorHandler: FatalErrorHandling {
    static let exitCode: Int32 = 42

    func fatalErrorHandler(_ error: any Error) -> Never {
        let message = Array("handled: \(error)\n".utf8)
        message.withUnsafeBytes { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
        exit(Self.exitCode)
    }
}

@Suite("DIC's registerThrowable: what stays fatal")
struct DICFatalErrorTests {
    // Nested in the suite, so that the type names the messages print do not depend on the process.
    struct Refused: Error {}
    final class Thing {}

    static func standardError(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @available(*, deprecated, message: "checks DIC's spellings")
    @Test("a load of the wrapped type, which has no value to give, calls the handler with the factory's error")
    func wrappedTypeLoad() async {
        let result = await #expect(
            processExitsWith: .exitCode(ExitingFatalErrorHandler.exitCode), observing: [\.standardErrorContent]
        ) {
            let container = DependencyInjectionContainer(fatalErrorHandler: ExitingFatalErrorHandler())
            container.registerThrowable({ () throws -> Thing? in throw Refused() }, as: Thing?.self)
            _ = container.load(Thing.self)
        }
        #expect(
            Self.standardError(result)
                == "handled: the factory of '\(String(reflecting: Thing?.self))' threw: Refused()\n")
    }

    @available(*, deprecated, message: "checks DIC's spellings")
    @Test("a cycle through the factory calls the handler with the cycle")
    func cycle() async {
        let result = await #expect(
            processExitsWith: .exitCode(ExitingFatalErrorHandler.exitCode), observing: [\.standardErrorContent]
        ) {
            let container = DependencyInjectionContainer(fatalErrorHandler: ExitingFatalErrorHandler())
            container.registerThrowable({ () throws -> Thing? in try container.loadOrThrow(Thing?.self) }, as: Thing?.self)
            _ = container.load(Thing?.self)
        }
        let type = String(reflecting: Thing?.self)
        #expect(Self.standardError(result).hasPrefix("handled: dependency cycle: \(type) -> \(type);"))
    }
}
