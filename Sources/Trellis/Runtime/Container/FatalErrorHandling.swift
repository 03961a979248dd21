/// Decides what happens when a non-throwing lookup fails.
///
/// `load` on a container and subscripts or `load` on a ``Pool`` cannot return without a value, so
/// they pass the error to a handler that never returns. The default,
/// ``DefaultFatalErrorHandler``, calls `fatalError`; a custom handler can log or flush analytics
/// first. Give one to ``ContainerBuilder/build(fatalErrorHandler:)`` or
/// ``MutableContainer/init(fatalErrorHandler:)``, or append one to a ``Pool``:
///
/// ```swift
/// struct FatalErrorHandler: FatalErrorHandling {
///     func fatalErrorHandler(_ error: any Error) -> Never {
///         print("A fatal error occurred: \(error)")
///         fatalError()
///     }
/// }
/// let pool = Pool().appending(FatalErrorHandler())
/// ```
public protocol FatalErrorHandling: Sendable {
    /// Handles `error` (a ``ResolutionError`` or ``PoolError``) and ends the program.
    func fatalErrorHandler(_ error: any Error) -> Never
}

/// The handler used when none is configured: calls `fatalError` with the error's description.
public struct DefaultFatalErrorHandler: FatalErrorHandling {
    /// Creates the default handler.
    public init() {}

    /// Calls `fatalError` with the description of `error`.
    public func fatalErrorHandler(_ error: any Error) -> Never {
        fatalError(String(describing: error))
    }
}
