import Atomics
import Testing
import Trellis

// Services: plain Swift, none of them knows about containers.
final class NamedLogger: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
final class FeatureService {
    let logger: NamedLogger
    let networkLogger: NamedLogger
    init(logger: NamedLogger, networkLogger: NamedLogger) {
        self.logger = logger
        self.networkLogger = networkLogger
    }
}
final class AuditTrail {
    let analyticsKey: String
    init(analyticsKey: String) { self.analyticsKey = analyticsKey }
}

// A feature container: needs two loggers of the same type, told apart by name.
@DIContainer
final class FeatureContainer {
    @Provide(.input)
    var logger: NamedLogger

    @Provide(.input)
    var networkLogger: NamedLogger

    @Provide(.shared, FeatureService.self, with: [\Self.logger, \Self.networkLogger], concrete: true)
    var service: FeatureService

    // A grandchild whose need ('analyticsKey') only the root provides: passed up, not restated here.
    @Provide(.forwardingChild)
    var audit: AuditContainer
}

@DIContainer
final class AuditContainer {
    @Provide(.input)
    var analyticsKey: String

    @Provide(.shared, AuditTrail.self, with: [\Self.analyticsKey], concrete: true)
    var trail: AuditTrail
}

// The root owns the feature and provides its needs (and, through it, the audit's) by name and type.
@DIContainer(root: true)
final class RootContainer: FeatureContainerDependencies {
    @Provide(.shared, factory: { NamedLogger(name: "app") }, concrete: true)
    var logger: NamedLogger

    @Provide(.shared, factory: { NamedLogger(name: "network") }, concrete: true)
    var networkLogger: NamedLogger

    @Provide(.input)
    var analyticsKey: String

    @Provide(.child)
    var feature: FeatureContainer
}

// A container created by its caller from any container that provides its needs.
@DIContainer
final class SessionContainer {
    @Provide(.input)
    var logger: NamedLogger

    @Provide(.shared, factory: { (logger: NamedLogger) in FeatureService(logger: logger, networkLogger: logger) }, concrete: true)
    var service: FeatureService
}
extension RootContainer: SessionContainerDependencies {}

final class DeinitProbe {
    let onDeinit: @Sendable () -> Void
    init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

@Suite("Hierarchical containers")
struct HierarchyTests {
    @Test("An owned child is built on first access, once, and every access returns it")
    func ownedChildIdentity() {
        let root = RootContainer(analyticsKey: "key")
        let first = root.feature
        #expect(root.feature === first)
        #expect(first.service === root.feature.service)
    }

    @Test("A child receives the owner's members by name: two loggers of one type stay distinct")
    func namedDependencies() {
        let root = RootContainer(analyticsKey: "key")
        #expect(root.feature.logger === root.logger)
        #expect(root.feature.networkLogger === root.networkLogger)
        #expect(root.feature.service.logger.name == "app")
        #expect(root.feature.service.networkLogger.name == "network")
    }

    @Test("A grandchild receives a value only the root provides, through a forwarding child")
    func grandchildReceivesRootValue() {
        let root = RootContainer(analyticsKey: "root-only")
        #expect(root.feature.audit.trail.analyticsKey == "root-only")
        #expect(root.feature.audit === root.feature.audit)
    }

    @Test("An owner can be given a child as an override, as tests do")
    func childOverride() {
        let stub = RootContainer(analyticsKey: "other")
        let root = RootContainer(analyticsKey: "key", feature: FeatureContainer(dependencies: stub))
        #expect(root.feature.logger === stub.logger)
    }

    @Test("Releasing the owner releases its children")
    func releasingOwnerFreesChildren() {
        weak var weakRoot: RootContainer?
        weak var weakFeature: FeatureContainer?
        weak var weakAudit: AuditContainer?
        var childrenWereAlive = false
        do {
            let root = RootContainer(analyticsKey: "key")
            weakRoot = root
            weakFeature = root.feature
            weakAudit = root.feature.audit
            // Not `#expect` here: its recorded operands would keep the objects alive past the scope.
            childrenWereAlive = weakFeature != nil && weakAudit != nil
        }
        #expect(childrenWereAlive)
        #expect(weakRoot == nil)
        #expect(weakFeature == nil)
        #expect(weakAudit == nil)
    }

    @Test("An unowned child lives as long as its caller keeps it; releasing it releases nothing of the parent")
    func unownedChildLifetime() {
        let root = RootContainer(analyticsKey: "key")
        weak var weakSession: SessionContainer?
        weak var weakService: FeatureService?
        var sharedTheLogger = false
        do {
            let session = SessionContainer(dependencies: root)
            weakSession = session
            weakService = session.service
            sharedTheLogger = session.logger === root.logger
        }
        #expect(sharedTheLogger)
        #expect(weakSession == nil)
        #expect(weakService == nil)
        #expect(root.logger.name == "app")
    }
}

// On-demand members.
final class ExpensiveReport: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

let onDemandBuilds = ManagedAtomic<Int>(0)

@DIContainer
final class ReportContainer: Sendable {
    @Provide(.input)
    var seed: Int

    @Provide(
        .onDemand,
        factory: { (seed: Int) in
            onDemandBuilds.wrappingIncrement(ordering: .relaxed)
            return ExpensiveReport(id: seed)
        }, concrete: true)
    var report: ExpensiveReport

    // Read by a shared member: built when the container is, and kept.
    @Provide(.onDemand, factory: { (seed: Int) in seed * 2 }, concrete: true)
    var doubled: Int

    @Provide(.shared, factory: { (doubled: Int) in doubled + 1 }, concrete: true)
    var doubledPlusOne: Int
}

@DIContainer(mainActor: true)
struct MainActorReportContainer {
    @Provide(.onDemand, factory: { ExpensiveReport(id: 7) }, concrete: true)
    var report: ExpensiveReport
}

// A struct container with on-demand members keeps its stored values in one reference.
@DIContainer
struct StructReportContainer: Sendable {
    @Provide(.input)
    var seed: Int

    @Provide(
        .onDemand,
        factory: { (seed: Int) in
            onDemandBuilds.wrappingIncrement(ordering: .relaxed)
            return ExpensiveReport(id: seed)
        }, concrete: true)
    var report: ExpensiveReport

    @Provide(.shared, factory: { (seed: Int) in seed + 1 }, concrete: true)
    var next: Int

    @Provide(.transient, factory: { (report: ExpensiveReport, next: Int) in report.id + next }, concrete: true)
    var sum: Int
}

/// Not Sendable: a struct container of it must compile without any Sendable requirement.
final class Notebook {
    var pages: [String] = []
}

@DIContainer
struct NotebookContainer {
    @Provide(.onDemand, factory: { Notebook() }, concrete: true)
    var notebook: Notebook
}

/// Fails while `failing` is set: an on-demand member whose factory throws.
final class FlakyConnection: Sendable {
    struct Refused: Error {}
    let attempt: Int
    init(failing: Bool, attempt: Int) throws {
        if failing { throw Refused() }
        self.attempt = attempt
    }
}

let flakyAttempts = ManagedAtomic<Int>(0)

@DIContainer(concrete: true)
struct FlakyContainer: Sendable {
    @Provide(.input)
    var failing: ManagedAtomic<Bool>

    // Throws without saying so: Swift infers it from the `try`, and so does Trellis.
    @Provide(
        .onDemand,
        factory: { (c: Self) in
            try FlakyConnection(
                failing: c.failing.load(ordering: .relaxed), attempt: flakyAttempts.wrappingIncrementThenLoad(ordering: .relaxed))
        })
    var connection: FlakyConnection

    @Provide(.transient, factory: { (connection: FlakyConnection) throws in "attempt \(connection.attempt)" })
    var status: String
}

@DIContainer(concrete: true)
struct EagerFlakyContainer {
    @Provide(.onDemand, factory: { () throws in try FlakyConnection(failing: true, attempt: 0) })
    var connection: FlakyConnection

    // A shared reader builds it with the container, whose initializer then throws.
    @Provide(.shared, factory: { (connection: FlakyConnection) throws in connection.attempt })
    var attempt: Int
}

@Suite("On-demand members", .serialized)
struct OnDemandTests {
    @Test("a throwing factory: the read throws, keeps nothing, and the next read builds again")
    func throwingFactory() throws {
        flakyAttempts.store(0, ordering: .relaxed)
        let failing = ManagedAtomic(true)
        let container = FlakyContainer(failing: failing)
        #expect(throws: FlakyConnection.Refused.self) { try container.connection }
        #expect(throws: FlakyConnection.Refused.self) { try container.status }
        failing.store(false, ordering: .relaxed)
        let connection = try container.connection
        #expect(connection.attempt == 3)
        #expect(try container.connection === connection)
        #expect(try container.status == "attempt 3")
        #expect(throws: FlakyConnection.Refused.self) { try EagerFlakyContainer() }
    }

    @Test("is not built until first accessed, then built once")
    func builtOnFirstAccess() {
        let before = onDemandBuilds.load(ordering: .relaxed)
        let container = ReportContainer(seed: 3)
        #expect(onDemandBuilds.load(ordering: .relaxed) == before)
        #expect(container.report === container.report)
        #expect(container.report.id == 3)
        #expect(onDemandBuilds.load(ordering: .relaxed) == before + 1)
    }

    @Test("is built exactly once when 200 tasks touch it first at the same moment")
    func exactlyOnceUnderContention() async {
        for round in 0..<20 {
            let before = onDemandBuilds.load(ordering: .relaxed)
            let container = ReportContainer(seed: round)
            let ready = ManagedAtomic<Int>(0)
            let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        ready.wrappingIncrement(ordering: .relaxed)
                        while ready.load(ordering: .relaxed) < 200 { await Task.yield() }
                        return ObjectIdentifier(container.report)
                    }
                }
                return await Set(group.reduce(into: []) { $0.append($1) })
            }
            #expect(identifiers.count == 1)
            #expect(onDemandBuilds.load(ordering: .relaxed) == before + 1)
        }
    }

    @Test("read by a shared member, is built with the container and kept")
    func readBySharedMember() {
        let container = ReportContainer(seed: 5)
        #expect(container.doubledPlusOne == 11)
        #expect(container.doubled == 10)
    }

    @Test("an override is returned without building")
    func override() {
        let before = onDemandBuilds.load(ordering: .relaxed)
        let stub = ExpensiveReport(id: 99)
        #expect(ReportContainer(seed: 1, report: stub).report === stub)
        #expect(onDemandBuilds.load(ordering: .relaxed) == before)
    }

    @Test("in a struct container: built once, and every copy of the container shares it")
    func structContainer() {
        let before = onDemandBuilds.load(ordering: .relaxed)
        let container = StructReportContainer(seed: 4)
        let copy = container
        #expect(onDemandBuilds.load(ordering: .relaxed) == before)
        #expect(copy.report.id == 4)
        #expect(container.report === copy.report)
        #expect(container.sum == 9)
        #expect(container.next == 5)
        #expect(onDemandBuilds.load(ordering: .relaxed) == before + 1)
    }

    @Test("in a struct container: built exactly once when 200 tasks touch it first")
    func structContainerUnderContention() async {
        for round in 0..<20 {
            let before = onDemandBuilds.load(ordering: .relaxed)
            let container = StructReportContainer(seed: round)
            let ready = ManagedAtomic<Int>(0)
            let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        ready.wrappingIncrement(ordering: .relaxed)
                        while ready.load(ordering: .relaxed) < 200 { await Task.yield() }
                        return ObjectIdentifier(container.report)
                    }
                }
                return await Set(group.reduce(into: []) { $0.append($1) })
            }
            #expect(identifiers.count == 1)
            #expect(onDemandBuilds.load(ordering: .relaxed) == before + 1)
        }
    }

    @Test("in a struct container: released with the last copy of the container")
    func structContainerReleasesItsValues() {
        weak var notebook: Notebook?
        do {
            let container = NotebookContainer()
            let copy = container
            copy.notebook.pages.append("first")
            notebook = container.notebook
            #expect(container.notebook.pages == ["first"])
            #expect(notebook != nil)
        }
        #expect(notebook == nil)
    }

    @Test("in a class container: a built value and an override are released with the container")
    func classContainerReleasesItsValues() {
        weak var built: ExpensiveReport?
        weak var override: ExpensiveReport?
        do {
            let container = ReportContainer(seed: 8)
            built = container.report
            let stub = ExpensiveReport(id: 80)
            override = stub
            let overridden = ReportContainer(seed: 8, report: stub)
            #expect(overridden.report === stub)
            #expect(built?.id == 8)
        }
        #expect(built == nil)
        #expect(override == nil)
    }

    @Test("the cell: a build that throws stores nothing, and the next access builds again")
    func cellRetriesAfterAThrowingBuild() {
        struct BuildFailure: Error {}
        let cell = OnDemand<ExpensiveReport>(override: nil)
        #expect(throws: BuildFailure.self) {
            try cell.value { () throws(BuildFailure) -> ExpensiveReport in throw BuildFailure() }
        }
        #expect(cell.builtValue == nil)
        let report = cell.value { ExpensiveReport(id: 1) }
        #expect(cell.builtValue === report)
        #expect(cell.value { ExpensiveReport(id: 2) } === report)
    }

    @Test("the cell: a built nil of an optional type counts as built")
    func cellKeepsABuiltNil() {
        let cell = OnDemand<Int?>(override: nil)
        #expect(cell.builtValue == nil)
        #expect(cell.value { nil } == nil)
        #expect(cell.builtValue == .some(nil))
        #expect(cell.value { 5 } == nil)
    }

    @Test("works in a mainActor container")
    @MainActor
    func mainActor() {
        let container = MainActorReportContainer()
        #expect(container.report === container.report)
    }
}
