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

    @Provide(.onDemand, asyncFactory: { () async in Summary() }, concrete: true)
    var asyncOnDemand: Summary
}

@DIContainer
final class LoopContainer {
    @Provide(.forwardingChild)
    var again: LoopContainer
}
