import Trellis

@DIContainer
struct DependencyContainer {
    @Provide(.shared, factory: { (sesion: any ServiceProtocol) in Service(sesion) })
    var unknown: any ServiceProtocol

    @Provide(.shared, factory: { (_: any ServiceProtocol) in Service() })
    var unnamed: any ServiceProtocol

    @Provide(.shared, factory: { (right: any ServiceProtocol) in Service(right) })
    var left: any ServiceProtocol

    @Provide(.shared, factory: { (left: any ServiceProtocol) in Service(left) })
    var right: any ServiceProtocol

    @Provide(.shared, asyncFactory: { () async in Service() })
    var slow: any ServiceProtocol

    @Provide(.shared, factory: { (slow: any ServiceProtocol) in Service(slow) })
    var eager: any ServiceProtocol

    @Provide(.transient, factory: { () throws in try Service.make() })
    var risky: any ServiceProtocol

    @Provide(.shared, factory: { (risky: any ServiceProtocol) in Service(risky) })
    var careless: any ServiceProtocol

    @Provide(.shared, factory: { (c: Self) in Service(c) })
    var escaping: any ServiceProtocol

    @Provide(.shared, factory: { (c: Self) in let left = 1; return Service(c.left, left) })
    var shadowed: any ServiceProtocol

    @Provide(.shared, factory: { (eager: Provider<Service>) in Service(eager) })
    var mistyped: any ServiceProtocol

    @Provide(.shared, factory: { (slow: Lazy<any ServiceProtocol>) in Service(slow) })
    var patient: any ServiceProtocol
}
