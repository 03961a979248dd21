import ProfileFeature
import SettingsFeature
import SharedServices
import Trellis

/// The root: owns both features and provides what they need, checked by the compiler.
@DIContainer(root: true)
final class AppContainer: ProfileContainerDependencies, SettingsContainerDependencies {
    @Provide(.input)
    var session: Session

    @Provide(.input)
    var auditDestination: String

    @Provide(.shared, factory: { Logger(name: "profile") }, concrete: true)
    var logger: Logger

    @Provide(.shared, factory: { Logger(name: "settings") }, concrete: true)
    var settingsLogger: Logger

    @Provide(.shared, factory: { PreferenceStore() }, concrete: true)
    var preferences: PreferenceStore

    @Provide(.child)
    var profile: ProfileContainer

    @Provide(.child)
    var settings: SettingsContainer
}
