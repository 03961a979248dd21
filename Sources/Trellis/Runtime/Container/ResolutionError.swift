/// Why a runtime container could not produce a value.
///
/// Thrown by `loadThrowing` on ``RuntimeContainer``, ``MutableContainer`` and ``Resolver``; the
/// non-throwing `load` hands the same error to the container's ``FatalErrorHandling``. Type names
/// are fully qualified, as `String(reflecting:)` prints them, and a name registered with
/// `name:` is shown as `Module.Type named "name"`.
public enum ResolutionError: Error, CustomStringConvertible, Sendable {
    /// Nothing is registered for the requested type and name.
    ///
    /// - `type`: the requested type (and name, if any).
    /// - `path`: the registrations being resolved when the lookup happened, outermost first; empty
    ///   when the missing type was loaded directly.
    /// - `suggestions`: registered types whose name is close to the requested one, sorted.
    case notRegistered(type: String, path: [String], suggestions: [String])
    /// A factory loads, directly or through others, the value it is building.
    ///
    /// `path` starts and ends with the same registration: `["A", "B", "A"]`.
    case cycle(path: [String])
    /// A throwing factory threw `underlying`.
    case factoryFailed(type: String, underlying: any Error)
    /// A failable factory returned `nil`.
    case factoryReturnedNil(type: String)
    /// The registration has an `async` factory and was loaded without `await`.
    case requiresAsynchronousLoad(type: String)

    /// A message that says what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .notRegistered(let type, let path, let suggestions):
            var message = "no registration for '\(type)'"
            if !path.isEmpty {
                message += " (needed while resolving \(path.joined(separator: " -> ")))"
            }
            if !suggestions.isEmpty {
                message += "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
            }
            return message + "; register it before loading it"
        case .cycle(let path):
            return "dependency cycle: \(path.joined(separator: " -> ")); "
                + "break it by passing the value in from outside or by loading it lazily after construction"
        case .factoryFailed(let type, let underlying):
            return "the factory of '\(type)' threw: \(underlying)"
        case .factoryReturnedNil(let type):
            return "the failable factory of '\(type)' returned nil; use loadIfPresent to accept a missing value"
        case .requiresAsynchronousLoad(let type):
            return "'\(type)' has an async factory; load it with 'await' from an asynchronous context"
        }
    }
}
