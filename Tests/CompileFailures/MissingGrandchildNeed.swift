import Trellis

@DIContainer
struct AuditContainer {
    @Provide(.input)
    var analyticsKey: String
}

@DIContainer
struct FeatureContainer {
    @Provide(.forwardingChild)
    var audit: AuditContainer
}

@DIContainer(root: true)
struct AppContainer: FeatureContainerDependencies {
    @Provide(.child)
    var feature: FeatureContainer
}
