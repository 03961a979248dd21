import Testing
import Trellis

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Proves it was called by writing the error to standard error and exiting with a code no other
/// path uses (the default handler's `fatalError` ends the process with a signal instead).
struct ExitingFatalErrorHandler: FatalErrorHandling {
    static let exitCode: Int32 = 42

    func fatalErrorHandler(_ error: any Error) -> Never {
        let message = Array("handled: \(error)\n".utf8)
        message.withUnsafeBytes { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
        exit(Self.exitCode)
    }
}

final class NeedsMissingValue: Injectee<Pool> {
    @Injected var value: Example1
}

/// Each test runs the failing load in a child process (a Swift Testing exit test), because a
/// fatal-error handler cannot return.
@Suite("Fatal error handling")
struct FatalErrorHandlerTests {
    static func standardError(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("load of a missing type calls the handler given to build with the notRegistered error")
    func builtContainerUsesConfiguredHandler() async {
        let result = await #expect(
            processExitsWith: .exitCode(ExitingFatalErrorHandler.exitCode), observing: [\.standardErrorContent]
        ) {
            let container = ContainerBuilder().register(Example2(name: "x")).build(fatalErrorHandler: ExitingFatalErrorHandler())
            _ = container.load(Example1.self)
        }
        #expect(Self.standardError(result).contains("handled: no registration for '\(String(reflecting: Example1.self))'"))
    }

    @Test("load of a missing type calls the handler given to a mutable container")
    func mutableContainerUsesConfiguredHandler() async {
        let result = await #expect(
            processExitsWith: .exitCode(ExitingFatalErrorHandler.exitCode), observing: [\.standardErrorContent]
        ) {
            let container = MutableContainer(fatalErrorHandler: ExitingFatalErrorHandler())
            _ = container.load(Example1.self)
        }
        #expect(Self.standardError(result).contains("handled: no registration for"))
    }

    @Test("load of a missing type without a configured handler ends the process through fatalError")
    func defaultHandlerCallsFatalError() async {
        await #expect(processExitsWith: .failure) {
            _ = ContainerBuilder().build().load(Example1.self)
        }
    }

    @Test("a pool lookup that fails calls the handler stored in the pool")
    func poolUsesStoredHandler() async {
        let result = await #expect(
            processExitsWith: .exitCode(ExitingFatalErrorHandler.exitCode), observing: [\.standardErrorContent]
        ) {
            let pool = Pool().appending(ExitingFatalErrorHandler()).appending(Example2(name: "x"))
            _ = pool[Example1.self]
        }
        #expect(
            Self.standardError(result).contains("handled: no value of type '\(String(reflecting: Example1.self))' in the pool"))
    }

    @Test("an @Injected property that is missing from the pool calls the pool's handler")
    func injectedUsesPoolHandler() async {
        let result = await #expect(
            processExitsWith: .exitCode(ExitingFatalErrorHandler.exitCode), observing: [\.standardErrorContent]
        ) {
            let object = NeedsMissingValue(pool: Pool().appending(ExitingFatalErrorHandler()))
            _ = object.value
        }
        #expect(Self.standardError(result).contains("handled: no value of type"))
    }

    @Test(
        "a throwing factory of an optional type, loaded as that type, calls the handler (DIC's registerThrowable alone gives nil)"
    )
    func throwingOptionalFactoryLoadedAsOptional() async {
        let result = await #expect(
            processExitsWith: .exitCode(ExitingFatalErrorHandler.exitCode), observing: [\.standardErrorContent]
        ) {
            let container = MutableContainer(fatalErrorHandler: ExitingFatalErrorHandler())
            container.register { () throws -> Example1? in throw ConnectionRefused() }
            _ = container.load(Example1?.self)
        }
        #expect(
            Self.standardError(result)
                == "handled: the factory of '\(String(reflecting: Example1?.self))' threw: ConnectionRefused()\n")
    }
}
