import Trellis

// Containers that own containers, with every hierarchy rule broken once.

@DIContainer
final class ReportsContainer {
    @Provide(.input)
    var reportsKey: String
}

@DIContainer
final class InsightsContainer {
    @Provide(.input)
    var region: String

    @Provide(.forwardingChild)
    var reports: ReportsContainer
}

@DIContainer(root: true)
final class DashboardContainer: InsightsContainerDependencies {
    // Provides 'region' but not 'reportsKey', which the forwarded ReportsContainer needs.
    @Provide(.input)
    var region: String

    @Provide(.child)
    var insights: InsightsContainer

    @Provide(.child, factory: InsightsContainer())
    var withFactory: InsightsContainer

    @Provide(.child)
    var protocolTyped: any InsightsProtocol

    @Provide(.child)
    var undeclared: ReportsContainer

    @Provide(.shared, factory: { (insights: InsightsContainer) in Summary(insights) }, concrete: true)
    var eager: Summary
}

@DIContainer
final class LoopContainer {
    @Provide(.forwardingChild)
    var again: LoopContainer
}

// A scope container: created per request from a longer-lived container and the request's id.
@DIContainer
final class VisitScope {
    @Provide(.argument)
    var visitID: String

    @Provide(.input)
    var region: String
}

@DIContainer
final class VisitsContainer: VisitScopeDependencies {
    @Provide(.input)
    var region: String

    // The scope takes 'visitID: String'.
    @Assisted(.scope)
    func visit(id: Int) -> VisitScope

    // Its owner could not pass 'visitID'.
    @Provide(.child)
    var current: VisitScope

    // Not declared ': ...Dependencies' for a scope of a container it does not provide for.
    @Assisted(.scope)
    func undeclared(visitID: String) -> InsightsContainer

    @Assisted(.scope)
    func notAContainer() -> any InsightsProtocol
}

@DIContainer
final class LeaseScope {
    @Provide(.argument)
    var leaseID: Int

    @Provide(.shared, factory: { (leaseID: Int) throws in try Lease(leaseID) }, concrete: true)
    var lease: Lease
}

@DIContainer
final class LeasesContainer: LeaseScopeDependencies {
    // The scope's initializer throws, and this function does not say so.
    @Assisted(.scope)
    func lease(leaseID: Int) -> LeaseScope
}
