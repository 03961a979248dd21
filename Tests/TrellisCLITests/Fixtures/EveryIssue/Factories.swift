import Trellis

@DIContainer
struct FactoryContainer {
    @Provide(.shared)
    var unbuilt: any ServiceProtocol

    @Provide(.input, factory: Service())
    var inputWithFactory: any ServiceProtocol

    @Provide(.input, asyncFactory: { () async in Service() })
    var inputWithAsyncFactory: any ServiceProtocol

    @Provide(.shared, factory: Service(), asyncFactory: { () async in Service() })
    var twoFactories: any ServiceProtocol

    @Provide(.shared, asyncFactory: { Service() })
    var notAsync: any ServiceProtocol

    @Provide(.shared, factory: { () async in Service() })
    var asyncInFactory: any ServiceProtocol

    @Provide(.shared, with: [\Self.unbuilt])
    var withOnly: any ServiceProtocol

    @Provide(.shared, Service.self, with: [\Self.unbuilt.name])
    var badWith: any ServiceProtocol

    @Provide(.shared, factory: Service())
    var concrete: Service

    @Provide(.shared, factory: Service())
    var opaque: some ServiceProtocol

    @Provide(.transient, factory: Service(), service: true)
    var transientService: any ServiceProtocol

    @Provide(.shared, factory: { () in
        if Bool.random() { return Service() }
        return OtherService()
    })
    var twoResults: any ServiceProtocol

    @Provide(.shared, factory: Service(twoResults))
    var readsInExpression: any ServiceProtocol
}

// trellis.weak-container-link: a kept service holding a provider of its container, which does not
// say whether it is permanent.
@DIContainer
struct WeakLinkContainer {
    @Provide(.transient, factory: Service())
    var service: any ServiceProtocol

    @Provide(.shared, factory: { (service: Provider<any ServiceProtocol>) in Runner(service) }, service: true)
    var runner: any RunnerProtocol
}
