import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "Collection diagnostics and expansion",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct CollectionDiagnosticsTests {
    @Test("a collection is built on every read from its contributions, in declaration order")
    func expansion() {
        assertMacro {
            """
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \\Self.routes)
                var health: any Route

                @Provide(.transient, factory: { () in [BookRoute(), AuthorRoute()] }, concrete: true, elementsInto: \\Self.routes)
                var library: [any Route]

                @Provide(.collection)
                var routes: [any Route]

                @Provide(.shared, factory: DiskCheck(), into: \\Self.checks, key: "disk")
                var disk: any Check

                @Provide(.collection)
                var checks: [String: any Check]
            }
            """
        } expansion: {
            """
            struct Routes {
                var health: any Route {
                get {
                    _trellis_storage.values.health
                }
                }
                var library: [any Route] {
                get {
                    _trellis_Builders.library(self)
                }
                }
                var routes: [any Route] {
                get {
                    _trellis_Builders.routes(self)
                }
                }
                var disk: any Check {
                get {
                    _trellis_storage.values.disk
                }
                }
                var checks: [String: any Check] {
                get {
                    _trellis_Builders.checks(self)
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias health =
                                any Route
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias library =
                                 [any Route]
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                    typealias disk =
                              any Check
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let health: _trellis_Types.health
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let library: _trellis_Types.library?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let routes: [any Route]?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 13)
                    let disk: _trellis_Types.disk
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 16)
                    let checks: [String: any Check]?
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                       health: (any Route)? = nil,


                        library: [any Route]? = nil,


                        routes: [any Route]? = nil,


                       disk: (any Check)? = nil,


                        checks: [String: any Check]? = nil) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(health: health, library: library, routes: routes, disk: disk, checks: checks)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                health: __owned _trellis_Types.health? = nil,


                library: __owned _trellis_Types.library? = nil,


                routes: __owned [any Route]? = nil,


                disk: __owned _trellis_Types.disk? = nil,


                checks: __owned [String: any Check]? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                    let health: any Route = if let health { health } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                               HealthRoute()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 13)
                    let disk: any Check = if let disk { disk } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                                               DiskCheck()
                #sourceLocation()
                    }
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        health: health,
                        library: library,
                        routes: routes,
                        disk: disk,
                        checks: checks
                    ))
                }()
                }

                /// The values `Routes` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some RoutesDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make()
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some RoutesDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'library' from its declaration:
                #sourceLocation(file: "Test.swift", line: 7)
                static func library(_ container: Routes) -> [any Route] { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.library { value } else {
                    // Not overridden: the member's factory, as written.
                #sourceLocation(file: "Test.swift", line: 6)
                                                          [BookRoute(), AuthorRoute()]
                #sourceLocation()
                    }
                    }()
                    }

                    // Builds 'routes' from its declaration:
                #sourceLocation(file: "Test.swift", line: 10)
                static func routes(_ container: Routes) -> [any Route] {
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.routes { value } else { _trellis_Builders._trellis_assemble_routes(container.health, container.library) }
                    }

                    // Builds 'checks' from its declaration:
                #sourceLocation(file: "Test.swift", line: 16)
                static func checks(_ container: Routes) -> [String: any Check] {
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.checks { value } else { _trellis_Builders._trellis_assemble_checks(container.disk) }
                    }

                #sourceLocation(file: "Test.swift", line: 1)
                static func _trellis_assemble_routes(
                    // Each parameter on the line of its member's type
                    // (generated code):
                      _ health: any Route,


                      _ library: [any Route]) -> [any Route] {
                #sourceLocation()
                        // (generated code)
                        var routes: [any Route] = []
                #sourceLocation(file: "Test.swift", line: 2)
                routes.append(
                                                                    health)
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                for element in library { routes.append(
                                                                                                                        element) }
                #sourceLocation()
                        return routes
                    }

                #sourceLocation(file: "Test.swift", line: 10)
                static func _trellis_assemble_checks(
                    // Each parameter on the line of its member's type
                    // (generated code):
                      _ disk: any Check) -> [String: any Check] {
                #sourceLocation()
                        // (generated code)
                        var checks = Trellis.DictionaryAssembly("checks", as: ([String: any Check]).self)
                #sourceLocation(file: "Test.swift", line: 11)
                checks.add("disk",
                                                                  disk, by: "disk")
                #sourceLocation()
                        return checks.entries
                    }
                }
            }

            /// What `Routes` needs from the container that owns it (or whoever creates it).
            protocol RoutesDependencies {}
            """
        }
    }

    @Test("a collection's type must be an array, a set or a dictionary")
    func invalidType() {
        assertMacro {
            """
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \\Self.routes)
                var health: any Route

                @Provide(.collection)
                var routes: any Sequence
            }
            """
        } diagnostics: {
            #"""
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \Self.routes)
                var health: any Route

                @Provide(.collection)
                var routes: any Sequence
                            ┬───────────
                            ╰─ 🛑 collection 'routes' must be an array '[T]', a set 'Set<T>' or a dictionary '[Key: T]', not 'any Sequence'
            }
            """#
        }
    }

    @Test("a collection takes no factory: the fix-it removes it")
    func withFactory() {
        assertMacro {
            """
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \\Self.routes)
                var health: any Route

                @Provide(.collection, factory: [])
                var routes: [any Route]
            }
            """
        } diagnostics: {
            #"""
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \Self.routes)
                var health: any Route

                @Provide(.collection, factory: [])
                                      ┬──────────
                                      ╰─ 🛑 collection 'routes' is built from the members that contribute to it; remove 'factory:'
                                         ✏️ remove 'factory:'
                var routes: [any Route]
            }
            """#
        } fixes: {
            #"""
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \Self.routes)
                var health: any Route

                @Provide(.collection)
                var routes: [any Route]
            }
            """#
        }
    }

    @Test("a collection nothing contributes to is an error, unless it allows being empty (fix-it)")
    func empty() {
        assertMacro {
            """
            @DIContainer
            struct Plugins {
                @Provide(.collection)
                var plugins: [any Plugin]
            }
            """
        } diagnostics: {
            #"""
            @DIContainer
            struct Plugins {
                @Provide(.collection)
                var plugins: [any Plugin]
                    ┬──────
                    ╰─ 🛑 nothing contributes to collection 'plugins'; add 'into: \Self.plugins' to the members it collects, or declare it 'allowsEmpty: true'
                       ✏️ add 'allowsEmpty: true'
            }
            """#
        } fixes: {
            """
            @DIContainer
            struct Plugins {
                @Provide(.collection, allowsEmpty: true)
                var plugins: [any Plugin]
            }
            """
        }
    }

    @Test("a contribution to a member that is not a collection suggests the near collection and renames it")
    func unknownCollection() {
        assertMacro {
            """
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \\Self.route)
                var health: any Route

                @Provide(.collection)
                var routes: [any Route]
            }
            """
        } diagnostics: {
            #"""
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \Self.route)
                                                          ┬────────────────
                                                          ╰─ 🛑 'health' contributes to 'route', which is not a '.collection' member of 'Routes'; did you mean 'routes'?
                                                             ✏️ rename to 'routes'
                var health: any Route

                @Provide(.collection)
                var routes: [any Route]
                    ┬─────
                    ╰─ 🛑 nothing contributes to collection 'routes'; add 'into: \Self.routes' to the members it collects, or declare it 'allowsEmpty: true'
                       ✏️ add 'allowsEmpty: true'
            }
            """#
        } fixes: {
            #"""
            @DIContainer
            struct Routes {
                @Provide(.shared, factory: HealthRoute(), into: \Self.routes)
                var health: any Route

                @Provide(.collection, allowsEmpty: true)
                var routes: [any Route]
            }
            """#
        }
    }

    @Test("keys: one entry of a dictionary needs its key; an array's element and a dictionary's elementsInto take none")
    func keys() {
        assertMacro {
            """
            @DIContainer
            struct Checks {
                @Provide(.shared, factory: DiskCheck(), into: \\Self.checks)
                var disk: any Check

                @Provide(.shared, factory: ["more": DiskCheck()], concrete: true, elementsInto: \\Self.checks, key: "more")
                var more: [String: any Check]

                @Provide(.collection)
                var checks: [String: any Check]

                @Provide(.shared, factory: HealthRoute(), into: \\Self.routes, key: "health")
                var health: any Route

                @Provide(.collection)
                var routes: [any Route]
            }
            """
        } diagnostics: {
            #"""
            @DIContainer
            struct Checks {
                @Provide(.shared, factory: DiskCheck(), into: \Self.checks)
                                                        ┬─────────────────
                                                        ╰─ 🛑 'disk' contributes to dictionary 'checks' and needs its entry's 'key:'
                var disk: any Check

                @Provide(.shared, factory: ["more": DiskCheck()], concrete: true, elementsInto: \Self.checks, key: "more")
                                                                                                              ┬──────────
                                                                                                              ╰─ 🛑 'more' contributes all its entries to 'checks', each under its own key, so it takes no 'key:'
                                                                                                                 ✏️ remove 'key:'
                var more: [String: any Check]

                @Provide(.collection)
                var checks: [String: any Check]

                @Provide(.shared, factory: HealthRoute(), into: \Self.routes, key: "health")
                                                                              ┬────────────
                                                                              ╰─ 🛑 'routes' is not a dictionary, so 'health' takes no 'key:'
                                                                                 ✏️ remove 'key:'
                var health: any Route

                @Provide(.collection)
                var routes: [any Route]
            }
            """#
        }
    }

    @Test(
        "a dictionary taking every entry of a feature's dictionary merges them at run time, naming both contributors of a key twice"
    )
    func dictionaryElements() {
        assertMacro {
            """
            @DIContainer
            struct Checks: FeatureDependencies {
                @Provide(.shared, factory: DiskCheck(), into: \\Self.checks, key: "disk")
                var disk: any Check

                @Provide(.child)
                var feature: Feature

                @Provide(.transient, factory: { (feature: Feature) in feature.checks }, concrete: true, elementsInto: \\Self.checks)
                var featureChecks: [String: any Check]

                @Provide(.collection)
                var checks: [String: any Check]
            }
            """
        } expansion: {
            """
            struct Checks: FeatureDependencies {
                var disk: any Check {
                get {
                    _trellis_storage.values.disk
                }
                }
                var feature: Feature {
                get {
                    if let value = _trellis_storage.values.feature.builtValue {
                        return value
                    }
                    return _trellis_storage.values.feature.value { _trellis_Builders.feature(self) }
                }
                }
                var featureChecks: [String: any Check] {
                get {
                    _trellis_Builders.featureChecks(self)
                }
                }
                var checks: [String: any Check] {
                get {
                    _trellis_Builders.checks(self)
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias disk =
                              any Check
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    typealias featureChecks =
                                       [String: any Check]
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let disk: _trellis_Types.disk
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                let feature: Trellis.OnDemand<Feature>
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let featureChecks: _trellis_Types.featureChecks?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 13)
                    let checks: [String: any Check]?
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                       disk: (any Check)? = nil,


                        feature: Feature? = nil,


                        featureChecks: [String: any Check]? = nil,


                        checks: [String: any Check]? = nil) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(disk: disk, feature: feature, featureChecks: featureChecks, checks: checks)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                disk: __owned _trellis_Types.disk? = nil,


                feature: __owned Feature? = nil,


                featureChecks: __owned _trellis_Types.featureChecks? = nil,


                checks: __owned [String: any Check]? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                    let disk: any Check = if let disk { disk } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                               DiskCheck()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 7)
                let _trellis_cell_feature = Trellis.OnDemand<Feature>(override: feature)
                #sourceLocation()
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        disk: disk,
                        feature: _trellis_cell_feature,
                        featureChecks: featureChecks,
                        checks: checks
                    ))
                }()
                }

                /// The values `Checks` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some ChecksDependencies) {}
                }

                /// Creates the container from a snapshot of what it needs.
                init(inputs: Inputs) {
                    self._trellis_storage = Self._trellis_make()
                }

                /// Creates the container from what its owner (or any provider of its needs) gives it.
                init(dependencies: some ChecksDependencies) {
                    self.init(inputs: Inputs(from: dependencies))
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'feature' from its declaration:
                #sourceLocation(file: "Test.swift", line: 7)
                static func feature(_ container: Checks) -> Feature {
                #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 7)
                                 Feature(dependencies: container)
                #sourceLocation()
                    }

                    // Builds 'featureChecks' from its declaration:
                #sourceLocation(file: "Test.swift", line: 10)
                static func featureChecks(_ container: Checks) -> [String: any Check] { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.featureChecks { value } else {
                    // Not overridden: the member's factory, as written.
                #sourceLocation(file: "Test.swift", line: 9)
                                                  { (feature: Feature) in feature.checks }(container.feature)
                #sourceLocation()
                    }
                    }()
                    }

                    // Builds 'checks' from its declaration:
                #sourceLocation(file: "Test.swift", line: 13)
                static func checks(_ container: Checks) -> [String: any Check] {
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.checks { value } else { _trellis_Builders._trellis_assemble_checks(container.disk, container.featureChecks) }
                    }

                #sourceLocation(file: "Test.swift", line: 1)
                static func _trellis_assemble_checks(
                    // Each parameter on the line of its member's type
                    // (generated code):
                      _ disk: any Check,





                      _ featureChecks: [String: any Check]) -> [String: any Check] {
                #sourceLocation()
                        // (generated code)
                        var checks = Trellis.DictionaryAssembly("checks", as: ([String: any Check]).self)
                #sourceLocation(file: "Test.swift", line: 2)
                checks.add("disk",
                                                                  disk, by: "disk")
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 8)
                checks.add(contentsOf:
                                                                                                                          featureChecks, by: "featureChecks")
                #sourceLocation()
                        return checks.entries
                    }
                }
            }

            /// What `Checks` needs from the container that owns it (or whoever creates it).
            protocol ChecksDependencies {}
            """
        }
    }

    @Test("two contributions under one key name each other")
    func duplicateKey() {
        assertMacro {
            """
            @DIContainer
            struct Checks {
                @Provide(.shared, factory: DiskCheck(), into: \\Self.checks, key: "disk")
                var disk: any Check

                @Provide(.shared, factory: DiskCheck(), into: \\Self.checks, key: "disk")
                var spareDisk: any Check

                @Provide(.collection)
                var checks: [String: any Check]
            }
            """
        } diagnostics: {
            #"""
            @DIContainer
            struct Checks {
                @Provide(.shared, factory: DiskCheck(), into: \Self.checks, key: "disk")
                var disk: any Check

                @Provide(.shared, factory: DiskCheck(), into: \Self.checks, key: "disk")
                                                                            ┬──────────
                                                                            ╰─ 🛑 'spareDisk' and 'disk' both contribute to 'checks' under the key "disk"; give each its own key
                var spareDisk: any Check

                @Provide(.collection)
                var checks: [String: any Check]
            }
            """#
        }
    }

    @Test("an async or throwing transient cannot be collected: the collection is read synchronously, without try")
    func unsupportedContribution() {
        assertMacro {
            """
            @DIContainer
            struct Routes {
                @Provide(.shared, asyncFactory: { () async in await RemoteRoute.load() }, into: \\Self.routes)
                var remote: any Route

                @Provide(.transient, factory: { () throws in try ParsedRoute() }, into: \\Self.routes)
                var parsed: any Route

                @Provide(.collection)
                var routes: [any Route]
            }
            """
        } diagnostics: {
            #"""
            @DIContainer
            struct Routes {
                @Provide(.shared, asyncFactory: { () async in await RemoteRoute.load() }, into: \Self.routes)
                                                                                          ┬─────────────────
                                                                                          ╰─ 🛑 'remote' is built by an asyncFactory, but collection 'routes' is read synchronously and without 'try'; build 'remote' with 'factory:' to collect it
                var remote: any Route

                @Provide(.transient, factory: { () throws in try ParsedRoute() }, into: \Self.routes)
                                                                                  ┬─────────────────
                                                                                  ╰─ 🛑 'parsed' has a throwing factory it runs on every read, but collection 'routes' is read synchronously and without 'try'; build 'parsed' with a factory that does not throw to collect it
                var parsed: any Route

                @Provide(.collection)
                var routes: [any Route]
            }
            """#
        }
    }

    @Test("a contribution to itself is a dependency cycle")
    func cycle() {
        assertMacro {
            """
            @DIContainer
            struct Routes {
                @Provide(.collection, elementsInto: \\Self.routes)
                var routes: [any Route]
            }
            """
        } diagnostics: {
            #"""
            @DIContainer
            struct Routes {
                @Provide(.collection, elementsInto: \Self.routes)
                                      ┬─────────────────────────
                                      ╰─ 🛑 collection 'routes' is built from the members that contribute to it; remove 'elementsInto:'
                                         ✏️ remove 'elementsInto:'
                var routes: [any Route]
                    ┬─────
                    ╰─ 🛑 dependency cycle: routes -> routes; break it with an .input or a factory that does not read 'routes'
            }
            """#
        }
    }
}
