import Trellis

@DIContainer
struct PingContainer {
    @Provide(.transient, factory: { PongContainer() }, concrete: true)
    var pong: PongContainer
}

@DIContainer
struct PongContainer {
    @Provide(.transient, factory: { PingContainer() }, concrete: true)
    var ping: PingContainer
}

@DIContainer
struct FactoryContainer {
}

extension DependencyContainer {
    init(defaults: Void) { fatalError() }
}
