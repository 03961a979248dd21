// Plain Swift: no Trellis here.

/// A logger with a name, so two loggers of one type can be told apart.
public final class Logger: Sendable {
    public let name: String
    public init(name: String) { self.name = name }
    public func log(_ message: String) { print("[\(name)] \(message)") }
}

/// Who is using the app.
public struct Session: Sendable {
    public let userName: String
    public init(userName: String) { self.userName = userName }
}

/// A key-value store the features share.
public final class PreferenceStore: @unchecked Sendable {
    // Safe for this example: the program uses the store from one task only.
    private var values: [String: String] = [:]
    public init() {}
    public func set(_ value: String, for key: String) { values[key] = value }
    public func value(for key: String) -> String? { values[key] }
}

/// Records what happened, for an audit trail.
public final class AuditLog: Sendable {
    public let destination: String
    public init(destination: String) { self.destination = destination }
    public func record(_ event: String) { print("audit(\(destination)): \(event)") }
}
