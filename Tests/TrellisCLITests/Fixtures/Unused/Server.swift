import Trellis

/// A server's container: some members are read by other members, by the child it owns, by the
/// service group, by an extension or by `Main.swift`; three are read by nothing.
@DIContainer(root: true)
struct ServerContainer: JobsDependencies {
    /// Read by `database`.
    @Provide(.input)
    var configuration: Configuration

    /// Read by nothing: reported.
    @Provide(.input)
    var verbose: Bool

    /// Read by nothing here, but needed by the child `jobs`.
    @Provide(.shared, factory: { (configuration: Configuration) in Database(configuration) }, concrete: true)
    var database: Database

    /// Read by nothing: reported.
    @Provide(.shared, factory: Metrics(), concrete: true)
    var metrics: Metrics

    /// Read by a method in an extension of the container.
    @Provide(.shared, factory: Cache(), concrete: true)
    var cache: Cache

    /// Started by the service group.
    @Provide(.shared, factory: Server(), concrete: true, service: true)
    var server: Server

    /// Read in `Main.swift`, as are its members.
    @Provide(.child)
    var jobs: Jobs

    /// Read in `Main.swift`.
    @Provide(.transient, factory: Handler(), concrete: true)
    var handler: Handler

    /// Read in `Main.swift` as `app.default`.
    @Provide(.shared, factory: Legacy(), concrete: true)
    var `default`: Legacy

    /// Called by nothing: reported.
    @Assisted(factory: { (id: Int) in Report(id: id) })
    func report(id: Int) -> Report
}

@DIContainer
struct Jobs {
    @Provide(.input)
    var database: Database

    @Provide(.shared, factory: { (database: Database) in Runner(database) }, concrete: true)
    var runner: Runner
}

extension ServerContainer {
    func warm() { cache.fill() }
}

/// Left out of the whole-program rules, so never reported.
@DIContainer(validateDAG: false)
struct Scratch {
    @Provide(.input)
    var unread: Int
}
