import MacroTesting
import Testing
import TrellisMacros

/// Rules of owned child containers and on-demand members.
@Suite(.macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct HierarchyDiagnosticsTests {
    @Suite("Child containers")
    struct Children {
        @Test("an owner that does not declare the child's needs protocol gets a fix-it declaring it")
        func needsNotDeclared() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer: Sendable {
                    @Provide(.child)
                    var feature: FeatureContainer
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer: Sendable {
                    @Provide(.child)
                    var feature: FeatureContainer
                        ┬──────
                        ╰─ 🛑 'AppContainer' owns 'FeatureContainer' and provides what it needs: declare ': FeatureContainerDependencies' on 'AppContainer' so the compiler checks every need, or use '.forwardingChild' to pass its needs to this container's owner (a container declared with 'parent:' cannot be a child: create it with an '@Assisted(.scope)' function)
                           ✏️ declare ': FeatureContainerDependencies'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer: Sendable, FeatureContainerDependencies {
                    @Provide(.child)
                    var feature: FeatureContainer
                }
                """
            }
        }

        @Test("an owner with no inheritance clause gets one")
        func needsNotDeclaredWithoutInheritance() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.child)
                    var feature: FeatureContainer
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.child)
                    var feature: FeatureContainer
                        ┬──────
                        ╰─ 🛑 'AppContainer' owns 'FeatureContainer' and provides what it needs: declare ': FeatureContainerDependencies' on 'AppContainer' so the compiler checks every need, or use '.forwardingChild' to pass its needs to this container's owner (a container declared with 'parent:' cannot be a child: create it with an '@Assisted(.scope)' function)
                           ✏️ declare ': FeatureContainerDependencies'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer: FeatureContainerDependencies {
                    @Provide(.child)
                    var feature: FeatureContainer
                }
                """
            }
        }

        @Test("a child with a factory is rejected, with a fix-it removing it")
        func childWithFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer: FeatureContainerDependencies {
                    @Provide(.child, factory: FeatureContainer())
                    var feature: FeatureContainer
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer: FeatureContainerDependencies {
                    @Provide(.child, factory: FeatureContainer())
                                     ┬──────────────────────────
                                     ╰─ 🛑 child container 'feature' is built from its owner; remove 'factory'
                                        ✏️ remove 'factory:'
                    var feature: FeatureContainer
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer: FeatureContainerDependencies {
                    @Provide(.child)
                    var feature: FeatureContainer
                }
                """
            }
        }

        @Test("a child must have a container type written by name")
        func invalidChildType() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.forwardingChild)
                    var feature: any FeatureProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.forwardingChild)
                    var feature: any FeatureProtocol
                                 ┬──────────────────
                                 ╰─ 🛑 child container 'feature' must have the type of a @DIContainer, written by name (not 'any FeatureProtocol')
                }
                """
            }
        }

        @Test("a container owning its own type is a cycle visible in one declaration")
        func ownsItself() {
            assertMacro {
                """
                @DIContainer
                final class NodeContainer {
                    @Provide(.forwardingChild)
                    var next: NodeContainer
                }
                """
            } diagnostics: {
                """
                @DIContainer
                final class NodeContainer {
                    @Provide(.forwardingChild)
                    var next: NodeContainer
                              ┬────────────
                              ╰─ 🛑 'NodeContainer' owns 'next' of its own type, which would build containers without end; own a different container
                }
                """
            }
        }

        @Test("a shared member cannot read a child, directly or through an on-demand member")
        func eagerReadsChild() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer: FeatureContainerDependencies {
                    @Provide(.child)
                    var feature: FeatureContainer

                    @Provide(.onDemand, factory: { (feature: FeatureContainer) in feature.service }, concrete: true)
                    var service: Service

                    @Provide(.shared, factory: { (feature: FeatureContainer) in Wrapper(feature) }, concrete: true)
                    var direct: Wrapper

                    @Provide(.shared, factory: { (service: Service) in Wrapper(service) }, concrete: true)
                    var indirect: Wrapper
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer: FeatureContainerDependencies {
                    @Provide(.child)
                    var feature: FeatureContainer

                    @Provide(.onDemand, factory: { (feature: FeatureContainer) in feature.service }, concrete: true)
                    var service: Service

                    @Provide(.shared, factory: { (feature: FeatureContainer) in Wrapper(feature) }, concrete: true)
                                                  ┬────────────────────────
                                                  ╰─ 🛑 'direct' is built when the container is created but reads the child container 'feature', which is built on first access; make 'direct' '.onDemand' or '.transient'
                    var direct: Wrapper

                    @Provide(.shared, factory: { (service: Service) in Wrapper(service) }, concrete: true)
                                                  ┬───────────────
                                                  ╰─ 🛑 'indirect' is built when the container is created but reads the child container 'feature' (through 'service'), which is built on first access; make 'indirect' '.onDemand' or '.transient'
                    var indirect: Wrapper
                }
                """
            }
        }
    }

    @Suite("On-demand members")
    struct OnDemand {
        @Test("an on-demand member with an async closure as factory: a fix-it passes it as asyncFactory")
        func asyncClosureOnDemand() {
            assertMacro {
                """
                @DIContainer struct AppContainer {
                    @Provide(.onDemand, factory: { () async in Report() })
                    var report: any ReportProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer struct AppContainer {
                    @Provide(.onDemand, factory: { () async in Report() })
                                        ┬────────────────────────────────
                                        ╰─ 🛑 factory of 'report' is async; pass it as 'asyncFactory:' so the accessor can await it
                                           ✏️ use 'asyncFactory:'
                    var report: any ReportProtocol
                }
                """
            } fixes: {
                """
                @DIContainer struct AppContainer {
                    @Provide(.onDemand, asyncFactory: { () async in Report() })
                    var report: any ReportProtocol
                }
                """
            }
        }

        @Test("the container's option is added to a bare @DIContainer on the declaration's line without a space before '('")
        func containerOptionOnTheSameLine() {
            assertMacro {
                """
                @DIContainer struct AppContainer {
                    @Provide(.shared, factory: Report()) var report: Report
                    @Provide(.shared, factory: Log()) var log: Log
                }
                """
            } diagnostics: {
                """
                @DIContainer struct AppContainer {
                    @Provide(.shared, factory: Report()) var report: Report
                                                                     ┬─────
                                                                     ╰─ 🛑 'report' has the type 'Report', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any Report' if 'Report' is a protocol
                                                                        ✏️ add 'concrete: true'
                                                                        ✏️ add 'concrete: true' to @DIContainer, for every member
                                                                        ✏️ write 'any' before the type (if it is a protocol)
                    @Provide(.shared, factory: Log()) var log: Log
                                                               ┬──
                                                               ╰─ 🛑 'log' has the type 'Log', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any Log' if 'Log' is a protocol
                                                                  ✏️ add 'concrete: true'
                                                                  ✏️ add 'concrete: true' to @DIContainer, for every member
                                                                  ✏️ write 'any' before the type (if it is a protocol)
                }
                """
            } fixes: {
                """
                @DIContainer(concrete: true) struct AppContainer {
                    @Provide(.shared, factory: Report(), concrete: true) var report: any Report
                    @Provide(.shared, factory: Log(), concrete: true) var log: any Log
                }
                """
            }
        }

        @Test("an on-demand member needs a factory and follows the concrete-type rule")
        func onDemandRules() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.onDemand)
                    var report: Report
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.onDemand)
                    var report: Report
                                ┬─────
                        │       ╰─ 🛑 'report' has the type 'Report', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any Report' if 'Report' is a protocol
                        │          ✏️ add 'concrete: true'
                        │          ✏️ write 'any' before the type (if it is a protocol)
                        ┬─────
                        ╰─ 🛑 '.onDemand' member 'report' needs a way to be built: add 'factory:', 'asyncFactory:' or 'Type.self, with: [...]'
                }
                """
            }
        }
    }

    @Test("owned, forwarding and on-demand members expand to cells, builders, the needs protocol and Inputs")
    func hierarchyExpansion() {
        assertMacro {
            """
            @DIContainer
            final class SettingsContainer: ProfileContainerDependencies {
                @Provide(.input)
                var logger: Logger

                @Provide(.child)
                var profile: ProfileContainer

                @Provide(.forwardingChild)
                var audit: AuditContainer

                @Provide(.onDemand, factory: { (c: Self) in Editor(logger: c.logger, audit: c.audit) }, concrete: true)
                var editor: Editor
            }
            """
        } expansion: {
            """
            final class SettingsContainer: ProfileContainerDependencies {
                var logger: Logger {
                get {
                    _trellis_values.logger
                }
                }
                var profile: ProfileContainer {
                get {
                    if let value = _trellis_values.profile.builtValue {
                        return value
                    }
                    return _trellis_values.profile.value { _trellis_Builders.profile(self) }
                }
                }
                var audit: AuditContainer {
                get {
                    if let value = _trellis_values.audit.builtValue {
                        return value
                    }
                    return _trellis_values.audit.value { _trellis_Builders.audit(self) }
                }
                }
                var editor: Editor {
                get {
                    if let value = _trellis_values.editor.builtValue {
                        return value
                    }
                    return _trellis_values.editor.value { _trellis_Builders.editor(self) }
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias logger =
                                Logger
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                    typealias editor =
                                Editor
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let logger: _trellis_Types.logger
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                let profile: Trellis.OnDemand<ProfileContainer>
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                let audit: Trellis.OnDemand<AuditContainer>
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 13)
                let editor: Trellis.OnDemand<_trellis_Types.editor>
                #sourceLocation()
                    let _trellis_inputs_audit: AuditContainer.Inputs
                }

                private let _trellis_values: _trellis_StoredValues

                #sourceLocation(file: "Test.swift", line: 1)
                private convenience init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        logger: Logger,


                        profile: ProfileContainer? = nil,


                        audit: AuditContainer? = nil,


                        editor: Editor? = nil, _trellis_inputs_audit: AuditContainer.Inputs) {
                #sourceLocation()
                    // (generated code)
                    self.init(_trellis_values: Self._trellis_make(logger: logger, profile: profile, audit: audit, editor: editor, _trellis_inputs_audit: _trellis_inputs_audit))
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                logger: __owned _trellis_Types.logger,


                profile: __owned ProfileContainer? = nil,


                audit: __owned AuditContainer? = nil,


                editor: __owned _trellis_Types.editor? = nil, _trellis_inputs_audit: __owned AuditContainer.Inputs) -> _trellis_StoredValues {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                     return { () -> _trellis_StoredValues in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                let _trellis_cell_profile = Trellis.OnDemand<ProfileContainer>(override: profile)
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                let _trellis_cell_audit = Trellis.OnDemand<AuditContainer>(override: audit)
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 13)
                let _trellis_cell_editor = Trellis.OnDemand<_trellis_Types.editor>(override: editor)
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                return _trellis_StoredValues(
                        logger: logger,


                        profile: _trellis_cell_profile,


                        audit: _trellis_cell_audit,


                        editor: _trellis_cell_editor,
                    _trellis_inputs_audit: _trellis_inputs_audit
                )
                #sourceLocation()
                }()
                }

                private init(_trellis_values: _trellis_StoredValues) {
                    self._trellis_values = _trellis_values
                }

                /// The values `SettingsContainer` is created from: its inputs, and those of the children it forwards.
                struct Inputs {
                #sourceLocation(file: "Test.swift", line: 4)
                    let logger: Logger
                #sourceLocation()
                    let audit: AuditContainer.Inputs
                    /// Reads every value from `dependencies`.
                    init(from dependencies: some SettingsContainerDependencies) {
                        self.logger = dependencies.logger
                        self.audit = AuditContainer.Inputs(from: dependencies)
                    }
                }

                /// Creates the container from a snapshot of what it needs.
                convenience init(inputs: Inputs) {
                    self.init(_trellis_values: Self._trellis_make(logger: inputs.logger, _trellis_inputs_audit: inputs.audit))
                }

                #sourceLocation(file: "Test.swift", line: 5)
                /// Creates the container from what its owner (or any provider of its needs) gives it.
                convenience init(dependencies: some SettingsContainerDependencies,
                        profile: ProfileContainer? = nil,


                        audit: AuditContainer? = nil,


                        editor: Editor? = nil) {
                #sourceLocation()
                    // (generated code)
                    self.init(_trellis_values: Self._trellis_make(logger: dependencies.logger, profile: profile, audit: audit, editor: editor, _trellis_inputs_audit: AuditContainer.Inputs(from: dependencies)))
                }

                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'profile' from its declaration:
                #sourceLocation(file: "Test.swift", line: 7)
                static func profile(_ container: SettingsContainer) -> ProfileContainer {
                #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 7)
                                 ProfileContainer(dependencies: container)
                #sourceLocation()
                    }

                    // Builds 'audit' from its declaration:
                #sourceLocation(file: "Test.swift", line: 10)
                static func audit(_ container: SettingsContainer) -> AuditContainer {
                #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 10)
                               AuditContainer(inputs: container._trellis_values._trellis_inputs_audit)
                #sourceLocation()
                    }

                    // Builds 'editor' from its declaration:
                #sourceLocation(file: "Test.swift", line: 13)
                static func editor(_ c: SettingsContainer) -> Editor { return { () in
                #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 12)
                                                                Editor(logger: c.logger, audit: c.audit)
                #sourceLocation()
                    }()
                    }
                }
            }

            /// What `SettingsContainer` needs from the container that owns it (or whoever creates it).
            protocol SettingsContainerDependencies: AuditContainerDependencies {
            #sourceLocation(file: "Test.swift", line: 3)
                // SettingsContainer needs 'logger: Logger': the container providing its needs must have a member 'logger' of type 'Logger'.
                var logger: Logger { get }
            #sourceLocation()
            }
            """
        }
    }
}
