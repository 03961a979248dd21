/// Why a ``Pool`` lookup failed.
public enum PoolError: Error, CustomStringConvertible, Sendable, Equatable {
    /// No stored value has the requested type (and name), or conforms to it.
    ///
    /// `suggestions` lists stored types whose name is close to the requested one, sorted.
    case notFound(type: String, suggestions: [String])
    /// No value is stored under the requested type, and several stored values conform to it, so
    /// picking one would be arbitrary. `candidates` lists their types, sorted.
    case ambiguous(type: String, candidates: [String])
    /// No value is stored under the requested key path, such as `\Greeter.greeting`.
    case notFoundForKeyPath(String)

    /// A message that says what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .notFound(let type, let suggestions):
            var message = "no value of type '\(type)' in the pool"
            if !suggestions.isEmpty {
                message += "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
            }
            return message + "; append one with pool.appending(_:) before it is needed"
        case .ambiguous(let type, let candidates):
            return "several values in the pool conform to '\(type)': "
                + candidates.map { "'\($0)'" }.joined(separator: ", ")
                + "; append the one you mean with appending(_:as:) so it is found by its exact type"
        case .notFoundForKeyPath(let keyPath):
            return "no value for key path '\(keyPath)' in the pool; append one with pool.appending(\(keyPath), value)"
        }
    }
}
