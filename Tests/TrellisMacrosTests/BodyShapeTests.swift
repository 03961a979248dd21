import MacroTesting
import Testing
import TrellisMacros

/// Shapes of declarations real containers have, beside their plain `@Provide` members: each one
/// either generates code that compiles (checked whole here and compiled for real by the corpus in
/// `DeclarationCorpusTests`) or gets a Trellis diagnostic on the user's own line.
@Suite(
    "Body shapes",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct BodyShapeTests {
    @Suite("Conditional members")
    struct ConditionalMembers {
        @Test("a member inside #if/#else is reported on each clause's attribute; the placeholder storage keeps the clauses")
        func memberInsideIfConfig() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    #if DEBUG
                    @Provide(.shared, factory: DebugStore())
                    var store: any Store
                    #else
                    @Provide(.transient, factory: ReleaseStore())
                    var store: any Store
                    #endif
                    @Provide(.shared, factory: { (store: any Store) in Cache(store: store) })
                    var cache: any CacheProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    #if DEBUG
                    @Provide(.shared, factory: DebugStore())
                    ┬───────────────────────────────────────
                    ╰─ 🛑 'store' is declared inside '#if': a container has one dependency graph in every build configuration; declare 'store' once, outside '#if', and put the '#if' inside its factory closure
                    var store: any Store
                    #else
                    @Provide(.transient, factory: ReleaseStore())
                    ┬────────────────────────────────────────────
                    ╰─ 🛑 'store' is declared inside '#else': a container has one dependency graph in every build configuration; declare 'store' once, outside '#if', and put the '#if' inside its factory closure
                    var store: any Store
                    #endif
                    @Provide(.shared, factory: { (store: any Store) in Cache(store: store) })
                    var cache: any CacheProtocol
                }
                """
            }
        }
    }

    @Suite("Generic containers")
    struct GenericContainers {
        @Test("a generic container is reported on its generic parameters and gets no needs protocol")
        func genericStruct() {
            assertMacro {
                """
                @DIContainer
                struct Feature<T: Sendable> {
                    @Provide(.input)
                    var value: T
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct Feature<T: Sendable> {
                              ┬────────────
                              ╰─ 🛑 @DIContainer does not support generic types: 'Feature<T: Sendable>' cannot be owned, overridden or described by one graph; declare a container per concrete type, or give the members that vary an existential type ('any P')
                    @Provide(.input)
                    var value: T
                }
                """
            }
        }
    }

    @Suite("Where the container is declared")
    struct Placement {
        @Test("a container declared in a function is reported on its attribute and gets no needs protocol")
        func localContainer() {
            assertMacro {
                """
                func makeContainer() {
                    @DIContainer
                    struct Local {
                        @Provide(.input)
                        var count: Int
                    }
                }
                """
            } diagnostics: {
                """
                func makeContainer() {
                    @DIContainer
                    ┬───────────
                    ╰─ 🛑 'Local' is declared inside a function, and Swift attaches no extension macro to a local type; declare the container at file scope or inside another type
                    struct Local {
                        @Provide(.input)
                        var count: Int
                    }
                }
                """
            }
        }

        @Test("a container nested in a generic type is reported as generic")
        func nestedInGenericType() {
            assertMacro {
                """
                struct Outer<Element> {
                    @DIContainer
                    struct Inner {
                        @Provide(.input)
                        var count: Int
                    }
                }
                """
            } diagnostics: {
                """
                struct Outer<Element> {
                    @DIContainer
                    ┬───────────
                    ╰─ 🛑 'Inner' is declared inside the generic type 'Outer', which makes it generic, and @DIContainer does not support generic types; declare it outside 'Outer'
                    struct Inner {
                        @Provide(.input)
                        var count: Int
                    }
                }
                """
            }
        }
    }

    @Suite("Isolated members")
    struct IsolatedMembers {
        @Test("a @MainActor member of a container that is not is reported on its name, with the mainActor fix-it")
        func mainActorMember() {
            assertMacro {
                """
                @DIContainer(root: true)
                struct ScreenContainer {
                    @Provide(.input)
                    var title: String
                    @MainActor
                    @Provide(.shared, factory: { (title: String) in ScreenModel(title: title) }, concrete: true)
                    var model: ScreenModel
                }
                """
            } diagnostics: {
                """
                @DIContainer(root: true)
                struct ScreenContainer {
                    @Provide(.input)
                    var title: String
                    @MainActor
                    @Provide(.shared, factory: { (title: String) in ScreenModel(title: title) }, concrete: true)
                    var model: ScreenModel
                        ┬────
                        ╰─ 🛑 'model' is isolated to '@MainActor' but 'ScreenContainer' is not, so the initializer and builders @DIContainer generates cannot build it; add 'mainActor: true' to @DIContainer
                           ✏️ add 'mainActor: true' to @DIContainer
                }
                """
            } fixes: {
                """
                @DIContainer(root: true, mainActor: true)
                struct ScreenContainer {
                    @Provide(.input)
                    var title: String
                    @MainActor
                    @Provide(.shared, factory: { (title: String) in ScreenModel(title: title) }, concrete: true)
                    var model: ScreenModel
                }
                """
            }
        }

        @Test("a member isolated to another global actor is reported without a fix-it; inputs are not built")
        func otherGlobalActorMember() {
            assertMacro {
                """
                @DIContainer
                struct StoreContainer {
                    @DatabaseActor
                    @Provide(.transient, factory: Store())
                    var store: any StoreProtocol
                    @MainActor
                    @Provide(.input)
                    var model: ScreenModel
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct StoreContainer {
                    @DatabaseActor
                    @Provide(.transient, factory: Store())
                    var store: any StoreProtocol
                        ┬────
                        ╰─ 🛑 'store' is isolated to '@DatabaseActor' but 'StoreContainer' is not, so the initializer and builders @DIContainer generates cannot build it; isolate 'StoreContainer' to '@DatabaseActor' as well
                    @MainActor
                    @Provide(.input)
                    var model: ScreenModel
                }
                """
            }
        }
    }

    @Suite("Stored properties")
    struct StoredProperties {
        @Test("a stored property without @Provide and without an initial value is reported on its name")
        func uninitializedStoredProperty() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                    var retries: Int
                    var optional: Int?
                    let constant = 3
                    var computed: Int { retries }
                    static var shared: Int = 0
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                    var retries: Int
                        ┬──────
                        ╰─ 🛑 stored property 'retries' has no initial value, and the initializer @DIContainer generates sets only @Provide members; give 'retries' an initial value, or declare it '@Provide(.input)'
                    var optional: Int?
                    let constant = 3
                    var computed: Int { retries }
                    static var shared: Int = 0
                }
                """
            }
        }
    }

    @Suite("Reserved names")
    struct ReservedNames {
        @Test("a declaration named as one @DIContainer adds to the container is reported on its name")
        func reservedNames() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    struct Inputs {}
                    @Provide(.shared, factory: Server(), service: true)
                    var server: any ServerProtocol
                    var serviceStartOrder: [String] { [] }
                    @Provide(.input)
                    var `self`: Int
                    #if DEBUG
                    func _trellis_debug() {}
                    #endif
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    struct Inputs {}
                           ┬─────
                           ╰─ 🛑 'Inputs' is declared by @DIContainer in every container (the snapshot of what it needs, which 'init(inputs:)' takes); rename this declaration
                    @Provide(.shared, factory: Server(), service: true)
                    var server: any ServerProtocol
                    var serviceStartOrder: [String] { [] }
                        ┬────────────────
                        ╰─ 🛑 'serviceStartOrder' is declared by @DIContainer in a container with 'service: true' members (the services in start order); rename this declaration
                    @Provide(.input)
                    var `self`: Int
                        ┬─────
                        ╰─ 🛑 a member cannot be named 'self': the initializer @DIContainer generates takes each member as a parameter of its name, which would hide 'self'; rename it
                    #if DEBUG
                    func _trellis_debug() {}
                         ┬─────────────
                         ╰─ 🛑 '_trellis_debug' begins with '_trellis_', which is reserved for the code @DIContainer generates; rename it
                    #endif
                }
                """
            }
        }
    }

    @Suite("Inputs")
    struct Inputs {
        @Test("a closure-typed input is an @escaping parameter; an optional one escapes already")
        func closureInput() {
            assertMacro {
                """
                @DIContainer
                struct ClockContainer {
                    @Provide(.input)
                    var now: @Sendable () -> Int
                    @Provide(.input)
                    var callback: (@Sendable (Int) -> Void)?
                }
                """
            } expansion: {
                """
                struct ClockContainer {
                    var now: @Sendable () -> Int {
                    get {
                        _trellis_storage.values.now
                    }
                    }
                    var callback: (@Sendable (Int) -> Void)? {
                    get {
                        _trellis_storage.values.callback
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias now =
                                 @Sendable () -> Int
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                        typealias callback =
                                      (@Sendable (Int) -> Void)?
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let now: _trellis_Types.now
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        let callback: _trellis_Types.callback
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                    now: @escaping @Sendable () -> Int,

                            callback: (@Sendable (Int) -> Void)?) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(now: now, callback: callback)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    now: __owned @escaping _trellis_Types.now,

                    callback: __owned _trellis_Types.callback) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            now: now,
                            callback: callback
                        ))
                    }()
                    }

                    /// The values `ClockContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let now: @Sendable () -> Int
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        let callback: (@Sendable (Int) -> Void)?
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some ClockContainerDependencies) {
                            self.now = dependencies.now
                            self.callback = dependencies.callback
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(now: inputs.now, callback: inputs.callback)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some ClockContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `ClockContainer` needs from the container that owns it (or whoever creates it).
                protocol ClockContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // ClockContainer needs 'now: @Sendable () -> Int': the container providing its needs must have a member 'now' of type '@Sendable () -> Int'.
                    var now: @Sendable () -> Int { get }
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                    // ClockContainer needs 'callback: (@Sendable (Int) -> Void)?': the container providing its needs must have a member 'callback' of type '(@Sendable (Int) -> Void)?'.
                    var callback: (@Sendable (Int) -> Void)? { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("an input's initial value is its initializer parameter's default")
        func inputDefault() {
            assertMacro {
                """
                @DIContainer
                struct ClockContainer {
                    @Provide(.input)
                    var clock: any Clock = SystemClock()
                    @Provide(.input)
                    var name: String
                }
                """
            } expansion: {
                """
                struct ClockContainer {
                    var clock: any Clock {
                    get {
                        _trellis_storage.values.clock
                    }
                    }
                    var name: String {
                    get {
                        _trellis_storage.values.name
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias clock =
                                   any Clock
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                        typealias name =
                                  String
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let clock: _trellis_Types.clock
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        let name: _trellis_Types.name
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 2)
                           init(

                            clock: any Clock = SystemClock(),

                            name: String) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(clock: clock, name: name)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    clock: __owned _trellis_Types.clock,

                    name: __owned _trellis_Types.name) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            clock: clock,

                            name: name
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `ClockContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let clock: any Clock
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        let name: String
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some ClockContainerDependencies) {
                            self.clock = dependencies.clock
                            self.name = dependencies.name
                        }
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Creates the container from a snapshot of what it needs.
                           init(inputs: Inputs) {
                    #sourceLocation()
                        self._trellis_storage = Self._trellis_make(clock: inputs.clock, name: inputs.name)
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                           init(dependencies: some ClockContainerDependencies) {
                    #sourceLocation()
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `ClockContainer` needs from the container that owns it (or whoever creates it).
                protocol ClockContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // ClockContainer needs 'clock: any Clock': the container providing its needs must have a member 'clock' of type 'any Clock'.
                    var clock: any Clock { get }
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 5)
                    // ClockContainer needs 'name: String': the container providing its needs must have a member 'name' of type 'String'.
                    var name: String { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("an initial value on a .shared member is reported once, and the member still gets its getter")
        func sharedInitialValue() {
            assertMacro {
                """
                @DIContainer
                struct ClockContainer {
                    @Provide(.shared, factory: SystemClock())
                    var clock: any Clock = SystemClock()
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct ClockContainer {
                    @Provide(.shared, factory: SystemClock())
                    var clock: any Clock = SystemClock()
                                         ┬──────────────
                                         ╰─ 🛑 'clock' is built by its @Provide arguments; remove the initial value and use 'factory:' (only an '.input' or '.argument' takes an initial value, as its default)
                }
                """
            }
        }
    }

    @Suite("Nested types")
    struct NestedTypes {
        @Test("the needs protocol beside the container names the container's own types through it")
        func nestedTypeInput() {
            assertMacro {
                """
                @DIContainer
                struct SettingsContainer {
                    struct Settings: Sendable {}
                    typealias Handler = @Sendable (Settings) -> Void
                    @Provide(.input)
                    var settings: Settings
                    @Provide(.input)
                    var handlers: [Handler]
                    @Provide(.input)
                    var handler: Handler
                }
                """
            } expansion: {
                """
                struct SettingsContainer {
                    struct Settings: Sendable {}
                    typealias Handler = @Sendable (Settings) -> Void
                    var settings: Settings {
                    get {
                        _trellis_storage.values.settings
                    }
                    }
                    var handlers: [Handler] {
                    get {
                        _trellis_storage.values.handlers
                    }
                    }
                    var handler: Handler {
                    get {
                        _trellis_storage.values.handler
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 5)
                        typealias settings =
                                      Settings
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        typealias handlers =
                                      [Handler]
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                        typealias handler =
                                     Handler
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 6)
                        let settings: _trellis_Types.settings
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 8)
                        let handlers: _trellis_Types.handlers
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let handler: _trellis_Types.handler
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 3)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            settings: Settings,

                            handlers: [Handler],

                    handler: @escaping Handler) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(settings: settings, handlers: handlers, handler: handler)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                        // Each parameter on the line of its member's type
                        // (generated code):
                    settings: __owned _trellis_Types.settings,

                    handlers: __owned _trellis_Types.handlers,

                    handler: __owned @escaping _trellis_Types.handler) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            settings: settings,

                            handlers: handlers,

                            handler: handler
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `SettingsContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 6)
                        let settings: Settings
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 8)
                        let handlers: [Handler]
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let handler: Handler
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some SettingsContainerDependencies) {
                            self.settings = dependencies.settings
                            self.handlers = dependencies.handlers
                            self.handler = dependencies.handler
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(settings: inputs.settings, handlers: inputs.handlers, handler: inputs.handler)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some SettingsContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `SettingsContainer` needs from the container that owns it (or whoever creates it).
                protocol SettingsContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 5)
                    // SettingsContainer needs 'settings: SettingsContainer.Settings': the container providing its needs must have a member 'settings' of type 'SettingsContainer.Settings'.
                    var settings: SettingsContainer.Settings { get }
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    // SettingsContainer needs 'handlers: [SettingsContainer.Handler]': the container providing its needs must have a member 'handlers' of type '[SettingsContainer.Handler]'.
                    var handlers: [SettingsContainer.Handler] { get }
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    // SettingsContainer needs 'handler: SettingsContainer.Handler': the container providing its needs must have a member 'handler' of type 'SettingsContainer.Handler'.
                    var handler: SettingsContainer.Handler { get }
                #sourceLocation()
                }
                """
            }
        }
    }

    @Suite("Visibility of the container's own types")
    struct NestedTypeVisibility {
        @Test("a member of a public container typed with an internal nested type is reported on its type")
        func internalNestedTypeInPublicContainer() {
            assertMacro {
                """
                @DIContainer
                public struct PublicContainer {
                    public struct Settings: Sendable {}
                    struct Internal: Sendable {}
                    @Provide(.input)
                    public var settings: Settings
                    @Provide(.input)
                    var hidden: [Internal]
                }
                """
            } diagnostics: {
                """
                @DIContainer
                public struct PublicContainer {
                    public struct Settings: Sendable {}
                    struct Internal: Sendable {}
                    @Provide(.input)
                    public var settings: Settings
                    @Provide(.input)
                    var hidden: [Internal]
                                ┬─────────
                                ╰─ 🛑 'hidden' has the type 'Internal', which is internal, but the initializer @DIContainer generates for 'PublicContainer' is public and takes every member; declare 'Internal' public
                }
                """
            }
        }
    }

    @Suite("Deprecated members")
    struct DeprecatedMembers {
        @Test("builders read a deprecated member without its accessor, so only the user's reads warn")
        func deprecatedMemberRead() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @available(*, deprecated, message: "use store")
                    @Provide(.transient, factory: LegacyStore())
                    var legacy: any Store
                    @available(*, deprecated)
                    @Provide(.shared, factory: LegacyStore())
                    var old: any Store
                    @Provide(.transient, factory: { (legacy: any Store, old: any Store) in Pair(legacy, old) })
                    var pair: any PairProtocol
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    @available(*, deprecated, message: "use store")
                    var legacy: any Store {
                    get {
                        _trellis_Builders.legacy(self)
                    }
                    }
                    @available(*, deprecated)
                    var old: any Store {
                    get {
                        _trellis_storage.values.old
                    }
                    }
                    var pair: any PairProtocol {
                    get {
                        _trellis_Builders.pair(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 4)
                        typealias legacy =
                                    any Store
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        typealias old =
                                 any Store
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                        typealias pair =
                                  any PairProtocol
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 5)
                        let legacy: _trellis_Types.legacy?
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 8)
                        let old: _trellis_Types.old
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let pair: _trellis_Types.pair?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 2)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                           legacy: (any Store)? = nil,


                           old: (any Store)? = nil,

                           pair: (any PairProtocol)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(legacy: legacy, old: old, pair: pair)
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                        // Each parameter on the line of its member's type
                        // (generated code):
                    legacy: __owned _trellis_Types.legacy? = nil,


                    old: __owned _trellis_Types.old? = nil,

                    pair: __owned _trellis_Types.pair? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 8)
                        let old: any Store = if let old { old } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                                                   LegacyStore()
                    #sourceLocation()
                        }
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            legacy: legacy,
                            old: old,
                            pair: pair
                        ))
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make()
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'legacy' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 5)
                    static func legacy(_ container: AppContainer) -> any Store { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = container._trellis_storage.values.legacy { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 4)
                                                      LegacyStore()
                    #sourceLocation()
                        }
                        }()
                        }

                        // Builds 'pair' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 10)
                    static func pair(_ container: AppContainer) -> any PairProtocol { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = container._trellis_storage.values.pair { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 9)
                                                      { (legacy: any Store, old: any Store) in Pair(legacy, old) }(_trellis_Builders.legacy(container), container._trellis_storage.values.old)
                    #sourceLocation()
                        }
                        }()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {}
                """
            }
        }
    }
}
