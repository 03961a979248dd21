import SharedServices
import Trellis

/// Changes a preference and records it.
public struct SettingsEditor: Sendable {
    let preferences: PreferenceStore
    let logger: Logger
    let audit: AuditLog
    public func setTheme(_ theme: String) {
        preferences.set(theme, for: "theme")
        logger.log("theme set to \(theme)")
        audit.record("theme=\(theme)")
    }
}

/// The audit sub-feature: needs where to send the trail, which only the app knows.
@DIContainer
public final class AuditContainer {
    @Provide(.input)
    public var auditDestination: String

    @Provide(.shared, factory: { (auditDestination: String) in AuditLog(destination: auditDestination) }, concrete: true)
    public var log: AuditLog
}

/// The settings feature's graph. It owns the audit sub-feature and passes its need (the audit
/// destination) up to its own owner without restating it here.
@DIContainer
public final class SettingsContainer {
    @Provide(.input)
    public var preferences: PreferenceStore

    // A second logger of the same type as the profile's, kept distinct by name.
    @Provide(.input)
    public var settingsLogger: Logger

    @Provide(.forwardingChild)
    public var audit: AuditContainer

    @Provide(
        .onDemand,
        factory: { (c: Self) in
            SettingsEditor(preferences: c.preferences, logger: c.settingsLogger, audit: c.audit.log)
        }, concrete: true)
    public var editor: SettingsEditor
}
