import Trellis

final class Analytics {}

@DIContainer
struct FeatureContainer {
    @Provide(.input)
    var analytics: Analytics

    @Provide(.input)
    var userName: String
}

@DIContainer(root: true)
struct AppContainer: FeatureContainerDependencies {
    @Provide(.shared, factory: { Analytics() }, concrete: true)
    var analytics: Analytics

    @Provide(.child)
    var feature: FeatureContainer
}
