import TrellisGraph

/// Containers shaped as real apps and servers write them, one per shape Swift allows in a type's
/// body or a member's declaration. Each compiles as is, or gets its Trellis code on the user's line.
enum HandWrittenPrograms {
    static let valid: [CorpusProgram] = [
        program(
            "factory closures whose parameters leave their types for Swift to infer from what the body passes them to",
            """
            struct Wiring: Sendable { init(box: Box, service: any Service, id: Int) {} }
            @DIContainer(concrete: true)
            final class Untyped: Sendable {
                @Provide(.input) var id: Int
                @Provide(.shared, factory: { Box() }) var box: Box
                @Provide(.shared, factory: { ServiceImpl() }) var service: any Service
                @Provide(.shared, factory: { box, service, id in Wiring(box: box, service: service, id: id) }) var shared: Wiring
                @Provide(.transient, factory: { box, service in Wiring(box: box, service: service, id: 0) }) var fresh: Wiring
                @Provide(.shared, asyncFactory: { box, id in await settled(Wiring(box: box, service: ServiceImpl(), id: id)) })
                var later: Wiring
                @Provide(.transient, factory: { box in try attempt(Wiring(box: box, service: ServiceImpl(), id: 1)) })
                var risky: Wiring
                @Assisted(factory: { box, tag in use(tag, value: Wiring(box: box, service: ServiceImpl(), id: 2)) })
                func tagged(tag: String) -> Wiring
            }
            """),
        program(
            "a scope reading its parent's members by parameter, key path, c.member and a kept .input",
            """
            @DIContainer(root: true)
            final class ParentServices: Sendable {
                @Provide(.input) var port: Int
                @Provide(.shared, factory: Box(), concrete: true) var box: Box
                @Assisted(.scope) func job(id jobID: Int) -> ParentedJob
            }

            @DIContainer(parent: ParentServices.self, concrete: true)
            final class ParentedJob: Sendable {
                @Provide(.argument) var jobID: Int
                @Provide(.input) var port: Int
                @Provide(.transient, factory: { (box: Box, jobID: Int) in box }) var first: Box
                @Provide(.transient, factory: { (c: Self) in c.box }) var second: Box
                @Provide(.shared, factory: { (port: Int, jobID: Int) in port + jobID }) var sum: Int
            }
            """),
        program(
            "a deprecated async service, whose read in the start order carries its own await",
            """
            @DIContainer
            final class LegacyServices {
                @Provide(.shared, factory: Box(), concrete: true, service: true)
                var box: Box
                @available(*, deprecated, message: "kept for old callers")
                @Provide(.shared, asyncFactory: { () async in Counter() }, concrete: true, service: true)
                var counter: Counter
            }
            """),
        program(
            "values closed on shutdown: plain, optional, async and deprecated, beside a service",
            """
            @DIContainer
            final class ClosedValues: Sendable {
                @Provide(.shared, factory: Box(), concrete: true,
                         shutdown: { (box: Box) in _ = box })
                var box: Box
                @Provide(.shared, factory: { () -> Box? in nil }, concrete: true, shutdown: { (box: Box) async in _ = box })
                var spare: Box?
                @Provide(.shared, asyncFactory: { () async throws in Box() }, concrete: true, shutdown: { (box: Box) async throws in _ = box })
                var late: Box
                @available(*, deprecated, message: "kept for old callers")
                @Provide(.shared, factory: Box(), concrete: true, shutdown: { (box: Box) in _ = box })
                var legacy: Box
                @Provide(.shared, factory: { (box: Box) in box }, concrete: true, service: true)
                var worker: Box
            }
            """),
        program(
            "a @frozen public container, whose storage's type must be @usableFromInline",
            """
            @DIContainer
            @frozen public struct FrozenServices {
                @Provide(.input)
                public var port: Int
                @Provide(.shared, factory: Box(), concrete: true)
                public var box: Box
            }
            """),
        program(
            "a class container with a superclass whose init() the initializer calls, and an optional closure input named elsewhere",
            """
            @DIContainer
            final class PlainServices: PlainBase {
                @Provide(.input)
                var onEvent: EventHandler?
                @Provide(.shared, factory: Box(), concrete: true)
                var box: Box
            }
            """),
        program(
            "async members of Sendable types in a main-actor container, read on the main actor",
            """
            @DIContainer(mainActor: true)
            final class ScreenServices {
                @Provide(.shared, asyncFactory: { () async in Box() }, concrete: true)
                var box: Box
                @Provide(.shared, asyncFactory: { (box: Box) async throws in use(box, value: ServiceImpl()) })
                var service: any Service
            }
            """),
        program(
            "closure-typed inputs, plain and optional, with effects",
            """
            @DIContainer
            struct ClockContainer {
                @Provide(.input)
                var now: @Sendable () -> Int
                @Provide(.input)
                var callback: (@Sendable (Int) -> Void)?
                @Provide(.input)
                var fetch: @Sendable (Int) async throws -> String
                @Provide(.shared, factory: { (now: @escaping @Sendable () -> Int) in use(now, value: Box()) }, concrete: true)
                var stamp: Box
                @Provide(.transient, factory: { (c: Self) in use(c.now, c.fetch, value: Box()) }, concrete: true)
                var fresh: Box
            }
            """),
        program(
            "nested types and typealiases used as member types, read by children's owners",
            """
            @DIContainer
            struct SettingsContainer {
                struct Settings: Sendable {
                    var retries = 3
                    init() {}
                }
                typealias Handler = @Sendable (Settings) -> Int
                enum Mode: Sendable { case fast, safe }
                @Provide(.input)
                var settings: Settings
                @Provide(.input)
                var handler: Handler
                @Provide(.input)
                var modes: [Mode]
                @Provide(.shared, factory: { (settings: Settings, handler: @escaping Handler) in handler(settings) }, concrete: true)
                var result: Int
            }
            @DIContainer
            struct SettingsOwner: SettingsContainerDependencies {
                @Provide(.input)
                var settings: SettingsContainer.Settings
                // A closure type named through another type's typealias is written out: the macro
                // cannot see that 'SettingsContainer.Handler' is a function type (What a container may contain, in the DocC catalog).
                @Provide(.input)
                var handler: @Sendable (SettingsContainer.Settings) -> Int
                @Provide(.input)
                var modes: [SettingsContainer.Mode]
                @Provide(.child)
                var feature: SettingsContainer
            }
            """),
        program(
            "inputs with initial values as defaults",
            """
            @DIContainer
            struct DefaultsContainer {
                struct Settings: Sendable {
                    var retries = 3
                    init() {}
                }
                @Provide(.input)
                var service: any Service = ServiceImpl()
                @Provide(.input)
                var settings: Settings = Settings()
                @Provide(.input)
                var transform: @Sendable (Int) -> Int = { $0 + 1 }
                @Provide(.input)
                var name: String
            }
            func makeDefaults() -> DefaultsContainer { DefaultsContainer(name: "n") }
            """),
        program(
            "attributes, access levels and modifiers on members",
            """
            @DIContainer
            struct AccessContainer {
                /// The count, documented.
                @Provide(.input)
                package var count: Int
                @Provide(.input)
                fileprivate var hidden: Int
                @Provide(.input)
                private var secret: Int
                @available(*, deprecated, message: "old")
                @Provide(.transient, factory: ServiceImpl())
                var old: any Service
                @Provide(.onDemand, factory: { (hidden: Int, secret: Int) in use(hidden, secret, value: ServiceImpl()) })
                nonisolated var computedLater: any Service
                @Provide(.shared, factory: [1, 2, 3])
                var numbers: any Collection<Int>
                @Provide(.shared, factory: Counter(), concrete: true)
                var counter: Counter
                @Provide(.input)
                var pair: (Int, String)
                @Provide(.input)
                var `default`: Int
                @Provide(.input)
                var größe: Int
                @Provide(.shared, factory: { (größe: Int, `default`: Int) in größe + `default` }, concrete: true)
                var sum: Int
            }
            """),
        program(
            "other declarations in the body and in a same-file extension",
            """
            @DIContainer
            final class BodyContainer {
                @Provide(.input)
                var count: Int
                let constant = 5
                static let shared = 3
                var optional: Int?
                var observed: Int = 0 {
                    didSet { print(observed) }
                }
                var computed: Int { count + 1 }
                lazy var later: Int = 4
                func helper() -> Int { count }
                subscript(offset: Int) -> Int { count + offset }
                struct Nested {}
                enum Mode { case a }
                typealias ID = String
                #if DEBUG
                func debugOnly() -> Int { 1 }
                #else
                func releaseOnly() -> Int { 2 }
                #endif
            }
            extension BodyContainer {
                var extra: Int { count * 2 }
            }
            """),
        program(
            "containers nested in other types, isolated to the main actor, and of every access level",
            """
            enum Namespace {
                @DIContainer
                struct Inner {
                    @Provide(.input)
                    var count: Int
                }
            }
            extension Namespace {
                @DIContainer
                final class InnerClass {
                    @Provide(.input)
                    var count: Int
                }
            }
            @MainActor final class ViewModel {
                init() {}
            }
            @MainActor
            @DIContainer
            final class ActorBound {
                @Provide(.input)
                var count: Int
                @Provide(.shared, factory: ViewModel(), concrete: true)
                var model: ViewModel
            }
            @DIContainer(mainActor: true)
            struct MainContainer {
                @Provide(.shared, factory: { (count: Int) in count }, concrete: true)
                var doubled: Int
                @Provide(.input)
                var count: Int
                @Provide(.transient, factory: ViewModel(), concrete: true)
                var model: ViewModel
            }
            @DIContainer
            fileprivate struct FilePrivateContainer {
                @Provide(.input)
                var count: Int
            }
            @DIContainer
            private struct PrivateContainer {
                @Provide(.input)
                var count: Int
            }
            """),
        program(
            "services beside a closure-typed input, a nested type, a child and an #if block",
            """
            @DIContainer
            final class WorkerContainer: Sendable {
                @Provide(.input)
                var pool: Box
                @Provide(.shared, factory: { (pool: Box) in use(pool, value: Box()) }, concrete: true, service: true)
                var job: Box
            }
            @DIContainer
            final class ServerContainer: Sendable, WorkerContainerDependencies {
                struct Settings: Sendable {
                    var port = 8080
                    init() {}
                }
                @Provide(.input)
                var settings: Settings
                @Provide(.input, service: true)
                var onShutdown: @Sendable () -> Void
                @Provide(.onDemand, factory: { (c: Self) in use(c.pool, value: Box()) }, concrete: true, service: true)
                var server: Box
                @Provide(.shared, factory: { (settings: Settings) in use(settings, value: Box()) }, concrete: true, service: true)
                var pool: Box
                @Provide(.shared, asyncFactory: { (pool: Box) async throws in use(pool, value: Box()) }, concrete: true, service: true)
                var cache: Box?
                @Provide(.child)
                var worker: WorkerContainer
                #if DEBUG
                func debugOnly() {}
                #endif
            }
            """),
        program(
            "scopes with closure-typed, nested-type, keyword-named and defaulted arguments and a forwarding child, created by functions with and without throws beside an #if block",
            """
            @DIContainer
            struct RegionScope {
                @Provide(.input)
                var region: String
            }
            @DIContainer
            final class CallScope: Sendable {
                enum Priority: Sendable { case low, high }
                @Provide(.argument)
                var onDone: @Sendable (Int) -> Void
                @Provide(.input)
                var pool: Box
                @Provide(.argument)
                var priority: Priority
                @Provide(.argument)
                var `default`: Int = 0
                @Provide(.forwardingChild)
                var settings: RegionScope
                @Provide(.shared, factory: { (pool: Box, priority: Priority) in use(pool, priority, value: Box()) }, concrete: true)
                var work: Box
            }
            @DIContainer
            final class CallServer: Sendable, CallScopeDependencies {
                @Provide(.input)
                var region: String
                @Provide(.shared, factory: { Box() }, concrete: true)
                var pool: Box
                @Assisted(.scope)
                func request(onDone: @escaping @Sendable (Int) -> Void, priority: CallScope.Priority, `default`: Int) -> CallScope
                @Provide(.transient, factory: { (c: Self) in c.request(onDone: { _ in }, priority: .low, default: 1).work }, concrete: true)
                var sample: Box
                #if DEBUG
                func debugOnly() -> CallScope { request(onDone: { _ in }, priority: .high, default: 2) }
                #endif
            }
            @DIContainer
            struct CallWorker: CallScopeDependencies {
                @Provide(.input)
                var region: String
                @Provide(.input)
                var pool: Box
                @Assisted(.scope)
                func request(onDone: @escaping @Sendable (Int) -> Void, priority: CallScope.Priority, `default`: Int) throws -> CallScope
            }
            """),
        program(
            "providers and lazy values in struct and class containers, breaking a construction cycle",
            """
            @DIContainer
            struct ProviderContainer {
                @Provide(.input)
                var seed: Int
                @Provide(.transient, factory: { (seed: Int) in use(seed, value: Box()) }, concrete: true)
                var fresh: Box
                @Provide(.shared, factory: { (fresh: Provider<Box>, late: Trellis.Lazy<any Service>) in use(fresh, late, value: ServiceImpl()) })
                var first: any Service
                @Provide(.onDemand, factory: { (first: any Service) in first })
                var late: any Service
                @Provide(.transient, factory: { (first: Provider<any Service>, seed: Int) in use(first, seed, value: Box()) }, concrete: true)
                var handle: Box
                @Assisted(factory: { (id: Int, fresh: Lazy<Box>) in use(id, fresh, value: Box()) })
                func make(id: Int) -> Box
            }
            @DIContainer
            final class ProviderClassContainer {
                @Provide(.shared, factory: { (second: Provider<any Service>) in use(second, value: ServiceImpl()) })
                var first: any Service
                @Provide(.shared, factory: { (first: any Service) in first })
                var second: any Service
            }
            """),
        program(
            "collections: arrays, sets and dictionaries, contributions from an owned feature container",
            """
            @DIContainer
            struct FeatureRoutes {
                @Provide(.shared, factory: ServiceImpl(), into: \\Self.routes)
                var list: any Service
                @Provide(.collection)
                var routes: [any Service]
                @Provide(.shared, factory: ServiceImpl(), into: \\Self.checks, key: "feature")
                var featureCheck: any Service
                @Provide(.collection)
                var checks: [String: any Service]
            }
            @DIContainer
            final class AppRoutes: FeatureRoutesDependencies {
                @Provide(.shared, factory: ServiceImpl(), into: \\Self.routes)
                var health: any Service
                @Provide(.child)
                var feature: FeatureRoutes
                @Provide(.transient, factory: { (feature: FeatureRoutes) in feature.routes }, concrete: true, elementsInto: \\Self.routes)
                var featureRoutes: [any Service]
                @Provide(.collection)
                var routes: [any Service]
                @Provide(.shared, factory: ServiceImpl(), into: \\Self.checks, key: "database")
                var database: any Service
                @Provide(.transient, factory: ServiceImpl(), into: \\Self.checks, key: "disk")
                var disk: any Service
                @Provide(.transient, factory: { (feature: FeatureRoutes) in feature.checks }, concrete: true, elementsInto: \\Self.checks)
                var featureChecks: [String: any Service]
                @Provide(.collection)
                var checks: [String: any Service]
                @Provide(.shared, factory: 1, concrete: true, into: \\Self.ports)
                var port: Int
                @Provide(.collection)
                var ports: Set<Int>
                @Provide(.collection, allowsEmpty: true)
                var plugins: [any Service]
                @Provide(.onDemand, factory: { (routes: [any Service], checks: [String: any Service]) in use(routes, checks, value: Box()) }, concrete: true)
                var router: Box
            }
            """),
        program(
            "providers and collections in a container shaped like a server's: closure input, nested type, #if code, a child",
            """
            @DIContainer
            struct JobsFeature {
                @Provide(.input)
                var now: @Sendable () -> Int
                @Provide(.shared, factory: ServiceImpl(), into: \\Self.workers)
                var mailer: any Service
                @Provide(.collection)
                var workers: [any Service]
            }
            @DIContainer
            struct RealisticServer: JobsFeatureDependencies {
                struct Settings: Sendable {
                    var retries = 3
                    init() {}
                }
                @Provide(.input)
                var now: @Sendable () -> Int
                @Provide(.input)
                var settings: Settings
                @Provide(.transient, factory: { (settings: Settings, now: @escaping @Sendable () -> Int) in use(settings, now, value: Box()) }, concrete: true)
                var attempt: Box
                @Provide(.shared, factory: { (attempt: Provider<Box>, report: Lazy<Box>) in use(attempt, report, value: ServiceImpl()) }, into: \\Self.workers)
                var retrier: any Service
                @Provide(.onDemand, factory: { (settings: Settings) in use(settings, value: Box()) }, concrete: true)
                var report: Box
                @Provide(.child)
                var jobs: JobsFeature
                @Provide(.transient, factory: { (jobs: JobsFeature) in jobs.workers }, concrete: true, elementsInto: \\Self.workers)
                var jobWorkers: [any Service]
                @Provide(.collection)
                var workers: [any Service]
                #if DEBUG
                func debugWorkers() -> Int { workers.count }
                #endif
            }
            """),
    ]

    static let misuses: [CorpusProgram] = [
        program(
            "a member named self, which would hide self in the generated initializer",
            """
            @DIContainer
            struct SelfNamed {
                @Provide(.input)
                var `self`: Int
            }
            """, code: .reservedName),
        program(
            "a nested type named like the snapshot type every container declares",
            """
            @DIContainer
            struct SnapshotNamed {
                struct Inputs: Sendable { var port = 0 }
                @Provide(.input)
                var port: Int
                @Provide(.shared, factory: { (port: Int) in use(port, value: Box()) }, concrete: true)
                var box: Box
            }
            """, code: .reservedName),
        program(
            "a collection nothing contributes to",
            """
            @DIContainer
            struct EmptyCollection {
                @Provide(.collection)
                var plugins: [any Service]
            }
            """, code: .emptyCollection),
        program(
            "a contribution to a member that is not a collection",
            """
            @DIContainer
            struct MisdirectedContribution {
                @Provide(.shared, factory: ServiceImpl(), into: \\Self.service)
                var service: any Service
                @Provide(.shared, factory: ServiceImpl(), into: \\Self.checks, key: "a")
                var check: any Service
                @Provide(.collection)
                var checks: [String: any Service]
            }
            """, code: .unknownCollection),
        program(
            "a provider whose type argument is not the member's type",
            """
            @DIContainer
            struct MistypedProvider {
                @Provide(.transient, factory: ServiceImpl())
                var service: any Service
                @Provide(.shared, factory: { (service: Provider<ServiceImpl>) in use(service, value: Box()) }, concrete: true)
                var holder: Box
            }
            """, code: .providerTypeMismatch),
        program(
            "a lazy value of an async member",
            """
            @DIContainer
            struct AsyncLazy {
                @Provide(.shared, asyncFactory: { () async in ServiceImpl() })
                var service: any Service
                @Provide(.shared, factory: { (service: Lazy<any Service>) in use(service, value: Box()) }, concrete: true)
                var holder: Box
            }
            """, code: .unsupportedProvider),
        program(
            "members in #if, #elseif and #else, of several scopes",
            """
            @DIContainer
            struct ConditionalContainer {
                #if DEBUG
                @Provide(.shared, factory: ServiceImpl())
                var store: any Service
                #elseif TESTING
                @Provide(.transient, factory: ServiceImpl())
                var store: any Service
                #else
                @Provide(.onDemand, factory: ServiceImpl())
                var store: any Service
                #endif
                @Provide(.shared, factory: { (store: any Service) in store })
                var reader: any Service
            }
            """, code: .conditionalMember),
        program(
            "a service declared in #if, beside one that is not",
            """
            @DIContainer
            struct ConditionalServices {
                @Provide(.shared, factory: ServiceImpl(), service: true)
                var pool: any Service
                #if DEBUG
                @Provide(.shared, factory: { (pool: any Service) in pool }, service: true)
                var monitor: any Service
                #endif
            }
            """, code: .conditionalMember),
        program(
            "a generic container with a where clause",
            """
            @DIContainer
            struct Feature<T: Sendable, U> where U: Sendable {
                @Provide(.input)
                var value: T
                @Provide(.transient, factory: { (value: T) in [value] }, concrete: true)
                var values: [T]
            }
            """, code: .genericContainer),
        program(
            "a container declared in a function",
            """
            func makeLocal() -> Int {
                @DIContainer
                struct LocalContainer {
                    @Provide(.input)
                    var count: Int
                    @Provide(.shared, factory: ServiceImpl())
                    var service: any Service
                }
                return LocalContainer(count: 1).count
            }
            """, code: .localContainer),
        program(
            "a container nested in a generic type",
            """
            struct GenericOuter<Element> {
                @DIContainer
                struct Inner {
                    @Provide(.input)
                    var count: Int
                }
            }
            """, code: .genericContainer),
        program(
            "a @MainActor member in a container that is not isolated to the main actor",
            """
            @MainActor final class ScreenModel {
                init() {}
            }
            @DIContainer
            struct CallScreen {
                @MainActor
                @Provide(.shared, factory: ScreenModel(), concrete: true)
                var model: ScreenModel
                @MainActor
                @Provide(.transient, factory: ScreenModel(), concrete: true)
                var fresh: ScreenModel
            }
            """, code: .memberIsolationMismatch),
        program(
            "members typed with the container's own types, less visible than its initializer",
            """
            @DIContainer
            public struct VisibilityContainer {
                public struct Settings: Sendable {}
                struct Internal: Sendable {}
                private struct Secret: Sendable {}
                @Provide(.input)
                public var settings: Settings
                @Provide(.input)
                var hidden: [Internal]
                @Provide(.input)
                private var secret: Secret
            }
            """, code: .memberTypeLessVisible),
        program(
            "a stored property the generated initializer cannot set",
            """
            @DIContainer
            struct StoredContainer {
                @Provide(.input)
                var count: Int
                let unset: Int
            }
            """, code: .uninitializedStoredProperty),
        program(
            "an initial value on a member that is not an input",
            """
            @DIContainer
            struct InitialValueContainer {
                @Provide(.shared, factory: ServiceImpl())
                var service: any Service = ServiceImpl()
            }
            """, code: .invalidMemberDeclaration),
        program(
            "a nested closure capturing the container parameter, to break a cycle",
            """
            @DIContainer
            final class CapturingContainer: Sendable {
                @Provide(.shared, factory: ServiceImpl())
                var service: any Service
                @Provide(.onDemand, factory: { (c: Self) in { [unowned c] in c.service.id } }, concrete: true)
                var readID: @Sendable () -> Int
            }
            """, code: .containerParameterEscapes),
        program(
            "the container taken beside a function value, as a server that creates scopes would",
            """
            @DIContainer
            final class ScopeOfServer: Sendable {
                @Provide(.argument) var id: String
                @Provide(.input) var service: any Service
            }
            @DIContainer
            final class ServerWithScopes: Sendable, ScopeOfServerDependencies {
                @Provide(.shared, factory: ServiceImpl())
                var service: any Service
                @Assisted(.scope)
                func scope(id: String) -> ScopeOfServer
                @Provide(.shared, factory: { (scope: @escaping @Sendable (String) -> ScopeOfServer, c: Self) in { scope("\\(c.service.id)") } }, concrete: true)
                var makeScope: @Sendable () -> ScopeOfServer
            }
            """, code: .containerParameterEscapes),
    ]

    private static func program(_ name: String, _ source: String, code: IssueCode? = nil) -> CorpusProgram {
        CorpusProgram(name: name, source: source, expectedCode: code)
    }
}
