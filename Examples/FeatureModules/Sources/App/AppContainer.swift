import ProfileFeature
import SettingsFeature
import SharedServices
import Trellis

/// The root: owns both features and provides what they need, checked by the compiler.
@DIContainer(root: true, concrete: true)
final class AppContainer: ProfileContainerDependencies, SettingsContainerDependencies {
    @Provide(.input)
    var session: Session

    @Provide(.input)
    var auditDestination: String

    @Provide(.shared, factory: { Logger(name: "profile") })
    var logger: Logger

    @Provide(.shared, factory: { Logger(name: "settings") })
    var settingsLogger: Logger

    @Provide(.shared, factory: { PreferenceStore() })
    var preferences: PreferenceStore

    @Provide(.child)
    var profile: ProfileContainer

    @Provide(.child)
    var settings: SettingsContainer
}
