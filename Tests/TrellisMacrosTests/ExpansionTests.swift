import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "Expansion",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct ExpansionTests {
    @Suite("Scopes")
    struct Scopes {
        @Test("input, shared and AutoWiring with two keys give storage, parameters and an ordered initializer")
        func inputSharedAutoWiring() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, APIClient.self, with: [\\Self.config, \\AppContainer.logger])
                    var apiClient: any APIClientProtocol

                    @Provide(.input)
                    var config: AppConfig

                    @Provide(.shared, factory: Logger(label: "app"), concrete: true)
                    var logger: Logger
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var apiClient: any APIClientProtocol {
                    get {
                        _trellis_storage.values.apiClient
                    }
                    }
                    var config: AppConfig {
                    get {
                        _trellis_storage.values.config
                    }
                    }
                    var logger: Logger {
                    get {
                        _trellis_storage.values.logger
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias apiClient =
                                       any APIClientProtocol
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias config =
                                    AppConfig
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                        typealias logger =
                                    Logger
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let apiClient: _trellis_Types.apiClient
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let config: _trellis_Types.config
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let logger: _trellis_Types.logger
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                           apiClient: (any APIClientProtocol)? = nil,


                            config: AppConfig,


                            logger: Logger? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(apiClient: apiClient, config: config, logger: logger)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    apiClient: __owned _trellis_Types.apiClient? = nil,


                    config: __owned _trellis_Types.config,


                    logger: __owned _trellis_Types.logger? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let logger: Logger = if let logger { logger } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                                                   Logger(label: "app")
                    #sourceLocation()
                        }
                    #sourceLocation(file: "Test.swift", line: 4)
                        let apiClient: any APIClientProtocol = if let apiClient { apiClient } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                                          APIClient(config: config, logger: logger) // AutoWiring passes each 'with:' member labelled with its name; for other labels, write factory: { (config: AppConfig, logger: Logger) in APIClient(...) }
                    #sourceLocation()
                        }
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            apiClient: apiClient,


                            config: config,


                            logger: logger
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 7)
                        let config: AppConfig
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.config = dependencies.config
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(config: inputs.config)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 6)
                    // AppContainer needs 'config: AppConfig': the container providing its needs must have a member 'config' of type 'AppConfig'.
                    var config: AppConfig { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("a struct keeps its stored values in one reference, which getters and builders read through")
        func structWithOnDemandMember() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.onDemand, factory: { (baseURL: String) in Catalog(url: baseURL) }, concrete: true)
                    var catalog: Catalog

                    @Provide(.transient, factory: { (catalog: Catalog) in Page(catalog: catalog) }, concrete: true)
                    var page: Page
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var baseURL: String {
                    get {
                        _trellis_storage.values.baseURL
                    }
                    }
                    var catalog: Catalog {
                    get {
                        if let value = _trellis_storage.values.catalog.builtValue {
                            return value
                        }
                        return _trellis_storage.values.catalog.value { _trellis_Builders.catalog(self) }
                    }
                    }
                    var page: Page {
                    get {
                        _trellis_Builders.page(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias baseURL =
                                     String
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias catalog =
                                     Catalog
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                        typealias page =
                                  Page
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let baseURL: _trellis_Types.baseURL
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                    let catalog: Trellis.OnDemand<_trellis_Types.catalog>
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let page: _trellis_Types.page?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            baseURL: String,


                            catalog: Catalog? = nil,


                            page: Page? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(baseURL: baseURL, catalog: catalog, page: page)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    baseURL: __owned _trellis_Types.baseURL,


                    catalog: __owned _trellis_Types.catalog? = nil,


                    page: __owned _trellis_Types.page? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                    let _trellis_cell_catalog = Trellis.OnDemand<_trellis_Types.catalog>(override: catalog)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            baseURL: baseURL,


                            catalog: _trellis_cell_catalog,


                            page: page
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let baseURL: String
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.baseURL = dependencies.baseURL
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(baseURL: inputs.baseURL)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'catalog' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 7)
                    static func catalog(_ container: AppContainer) -> Catalog { return { () in
                    #sourceLocation()
                            // (generated code)
                        #sourceLocation(file: "Test.swift", line: 6)
                                                     { (baseURL: String) in Catalog(url: baseURL) }(container.baseURL)
                    #sourceLocation()
                        }()
                        }

                        // Builds 'page' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 10)
                    static func page(_ container: AppContainer) -> Page { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = container._trellis_storage.values.page { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 9)
                                                      { (catalog: Catalog) in Page(catalog: catalog) }(container.catalog)
                    #sourceLocation()
                        }
                        }()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                    var baseURL: String { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("a transient of an existential type stores its override as '(any P)?'")
        func existentialTransient() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: { () in EnglishGreeter() })
                    var greeter: any Greeter
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var greeter: any Greeter {
                    get {
                        _trellis_Builders.greeter(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias greeter =
                                     any Greeter
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let greeter: _trellis_Types.greeter?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                           greeter: (any Greeter)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(greeter: greeter)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    greeter: __owned _trellis_Types.greeter? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            greeter: greeter
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
                        // Builds 'greeter' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 4)
                    static func greeter(_ container: AppContainer) -> any Greeter { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = container._trellis_storage.values.greeter { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 3)
                                                              EnglishGreeter()
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

        @Test("a transient of an opaque type has no storage and no override parameter")
        func opaqueTransient() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var name: String

                    @Provide(.transient, factory: { (name: String) in [name, name] })
                    var names: some Collection<String>
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var name: String {
                    get {
                        _trellis_storage.values.name
                    }
                    }
                    var names: some Collection<String> {
                    get {
                        _trellis_Builders.names(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias name =
                                  String
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let name: _trellis_Types.name
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            name: String) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(name: name)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    name: __owned _trellis_Types.name) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            name: name
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let name: String
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.name = dependencies.name
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(name: inputs.name)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'names' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 7)
                    static func names(_ container: AppContainer) -> some Collection<String> { return { () in
                    #sourceLocation()
                            // (generated code)
                        #sourceLocation(file: "Test.swift", line: 6)
                                                      { (name: String) in [name, name] }(container.name)
                    #sourceLocation()
                        }()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // AppContainer needs 'name: String': the container providing its needs must have a member 'name' of type 'String'.
                    var name: String { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("a container closure reads through the given container in builders and through locals in the initializer")
        func containerClosure() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: StandInURLSession.shared)
                    var session: any URLSessionProtocol

                    @Provide(.shared, factory: { (c: Self) in NetworkService(session: c.session) })
                    var networkService: any NetworkServiceProtocol

                    @Provide(.transient, factory: { (c: AppContainer) in HomeViewModel(service: c.networkService) }, concrete: true)
                    var homeViewModel: HomeViewModel
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var session: any URLSessionProtocol {
                    get {
                        _trellis_storage.values.session
                    }
                    }
                    var networkService: any NetworkServiceProtocol {
                    get {
                        _trellis_storage.values.networkService
                    }
                    }
                    var homeViewModel: HomeViewModel {
                    get {
                        _trellis_Builders.homeViewModel(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias session =
                                     any URLSessionProtocol
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias networkService =
                                            any NetworkServiceProtocol
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                        typealias homeViewModel =
                                           HomeViewModel
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let session: _trellis_Types.session
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let networkService: _trellis_Types.networkService
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let homeViewModel: _trellis_Types.homeViewModel?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                           session: (any URLSessionProtocol)? = nil,


                           networkService: (any NetworkServiceProtocol)? = nil,


                            homeViewModel: HomeViewModel? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(session: session, networkService: networkService, homeViewModel: homeViewModel)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    session: __owned _trellis_Types.session? = nil,


                    networkService: __owned _trellis_Types.networkService? = nil,


                    homeViewModel: __owned _trellis_Types.homeViewModel? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                        let session: any URLSessionProtocol = if let session { session } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                                                   StandInURLSession.shared
                    #sourceLocation()
                        }
                    #sourceLocation(file: "Test.swift", line: 7)
                        let networkService: any NetworkServiceProtocol = if let networkService { networkService } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                                                                  NetworkService(session: session)
                    #sourceLocation()
                        }
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            session: session,
                            networkService: networkService,
                            homeViewModel: homeViewModel
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
                        // Builds 'homeViewModel' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 10)
                    static func homeViewModel(_ c: AppContainer) -> HomeViewModel { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = c._trellis_storage.values.homeViewModel { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 9)
                                                                             HomeViewModel(service: c.networkService)
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

        @Test("a shared member reading a transient builds it through a local closure in the initializer")
        func sharedReadsTransient() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.transient, factory: { () in EnglishGreeter() })
                    var freshGreeter: any Greeter

                    @Provide(.shared, factory: { (freshGreeter: any Greeter) in [freshGreeter] }, concrete: true)
                    var greeters: [any Greeter]
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var freshGreeter: any Greeter {
                    get {
                        _trellis_Builders.freshGreeter(self)
                    }
                    }
                    var greeters: [any Greeter] {
                    get {
                        _trellis_storage.values.greeters
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias freshGreeter =
                                          any Greeter
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias greeters =
                                      [any Greeter]
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let freshGreeter: _trellis_Types.freshGreeter?
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let greeters: _trellis_Types.greeters
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                           freshGreeter: (any Greeter)? = nil,


                            greeters: [any Greeter]? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(freshGreeter: freshGreeter, greeters: greeters)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    freshGreeter: __owned _trellis_Types.freshGreeter? = nil,


                    greeters: __owned _trellis_Types.greeters? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 1)
                    let _trellis_build_freshGreeter = { () -> 
                        // Each type on the line it is written on
                        // (generated code):
                                          any Greeter in if let freshGreeter { freshGreeter } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                                                              EnglishGreeter()
                    #sourceLocation()
                        } }
                    #sourceLocation(file: "Test.swift", line: 7)
                        let greeters: [any Greeter] = if let greeters { greeters } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                                                   { (freshGreeter: any Greeter) in [freshGreeter] }(_trellis_build_freshGreeter())
                    #sourceLocation()
                        }
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            freshGreeter: freshGreeter,
                            greeters: greeters
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
                        // Builds 'freshGreeter' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 4)
                    static func freshGreeter(_ container: AppContainer) -> any Greeter { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = container._trellis_storage.values.freshGreeter { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 3)
                                                              EnglishGreeter()
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

    @Suite("Effects")
    struct Effects {
        @Test("async shared members get a cell started by the initializer and an awaiting accessor")
        func asyncShared() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var config: AppConfig

                    @Provide(.shared, asyncFactory: { (config: AppConfig) async throws in try await Database.connect(config: config) })
                    var database: any DatabaseProtocol

                    @Provide(.shared, asyncFactory: { () async in Cache(label: "cache") })
                    var cache: any CacheProtocol
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var config: AppConfig {
                    get {
                        _trellis_storage.values.config
                    }
                    }
                    var database: any DatabaseProtocol {
                    get async throws {
                        // Reads 'database' from the container
                        // (generated code)
                        try await _trellis_storage.values.database.value { try await _trellis_Builders.database(self) }
                    }
                    }
                    var cache: any CacheProtocol {
                    get async {
                        // Reads 'cache' from the container
                        // (generated code)
                        await _trellis_storage.values.cache.value { await _trellis_Builders.cache(self) }
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias config =
                                    AppConfig
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias database =
                                      any DatabaseProtocol
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                        typealias cache =
                                   any CacheProtocol
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let config: _trellis_Types.config
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                    let database: Trellis.AsyncShared<_trellis_Types.database, any Error>
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                    let cache: Trellis.AsyncShared<_trellis_Types.cache, Never>
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            config: AppConfig,


                           database: (any DatabaseProtocol)? = nil,


                           cache: (any CacheProtocol)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(config: config, database: database, cache: cache)
                        let _trellis_starter = Trellis.AsyncStart.starter(for: self)
                        _trellis_starter.start(self._trellis_storage.values.database) { try await _trellis_Builders.database($0) }
                        _trellis_starter.start(self._trellis_storage.values.cache) { await _trellis_Builders.cache($0) }
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    config: __owned _trellis_Types.config,


                    database: __owned _trellis_Types.database? = nil,


                    cache: __owned _trellis_Types.cache? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                    let _trellis_cell_database = Trellis.AsyncShared<_trellis_Types.database, any Error>(override: database)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                    let _trellis_cell_cache = Trellis.AsyncShared<_trellis_Types.cache, Never>(override: cache)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            config: config,


                            database: _trellis_cell_database,


                            cache: _trellis_cell_cache
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let config: AppConfig
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.config = dependencies.config
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(config: inputs.config)
                        let _trellis_starter = Trellis.AsyncStart.starter(for: self)
                        _trellis_starter.start(self._trellis_storage.values.database) { try await _trellis_Builders.database($0) }
                        _trellis_starter.start(self._trellis_storage.values.cache) { await _trellis_Builders.cache($0) }
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'database' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 7)
                    static func database(_ container: AppContainer) async throws -> any DatabaseProtocol {
                    #sourceLocation()
                            // (generated code)
                        #sourceLocation(file: "Test.swift", line: 6)
                                              try await { (config: AppConfig) async throws in try await Database.connect(config: config) }(container.config)
                    #sourceLocation()
                        }

                        // Builds 'cache' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 10)
                    static func cache(_ container: AppContainer) async -> any CacheProtocol {
                    #sourceLocation()
                            // (generated code)
                        #sourceLocation(file: "Test.swift", line: 9)
                                                  await { () async in Cache(label: "cache") }()
                    #sourceLocation()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // AppContainer needs 'config: AppConfig': the container providing its needs must have a member 'config' of type 'AppConfig'.
                    var config: AppConfig { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("an async transient gets an async builder that returns the override first")
        func asyncTransient() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, asyncFactory: { () async in Cache(label: "cache") })
                    var cache: any CacheProtocol

                    @Provide(.transient, asyncFactory: { (c: Self) async in Repository(cache: await c.cache) }, concrete: true)
                    var repository: Repository
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var cache: any CacheProtocol {
                    get async {
                        // Reads 'cache' from the container
                        // (generated code)
                        await _trellis_storage.values.cache.value { await _trellis_Builders.cache(self) }
                    }
                    }
                    var repository: Repository {
                    get async {
                        // Reads 'repository' from the container
                        // (generated code)
                        await _trellis_Builders.repository(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias cache =
                                   any CacheProtocol
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias repository =
                                        Repository
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                    let cache: Trellis.AsyncShared<_trellis_Types.cache, Never>
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let repository: _trellis_Types.repository?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                           cache: (any CacheProtocol)? = nil,


                            repository: Repository? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(cache: cache, repository: repository)
                        let _trellis_starter = Trellis.AsyncStart.starter(for: self)
                        _trellis_starter.start(self._trellis_storage.values.cache) { await _trellis_Builders.cache($0) }
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    cache: __owned _trellis_Types.cache? = nil,


                    repository: __owned _trellis_Types.repository? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                    let _trellis_cell_cache = Trellis.AsyncShared<_trellis_Types.cache, Never>(override: cache)
                    #sourceLocation()
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            cache: _trellis_cell_cache,
                            repository: repository
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
                        let _trellis_starter = Trellis.AsyncStart.starter(for: self)
                        _trellis_starter.start(self._trellis_storage.values.cache) { await _trellis_Builders.cache($0) }
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'cache' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 4)
                    static func cache(_ container: AppContainer) async -> any CacheProtocol {
                    #sourceLocation()
                            // (generated code)
                        #sourceLocation(file: "Test.swift", line: 3)
                                                  await { () async in Cache(label: "cache") }()
                    #sourceLocation()
                        }

                        // Builds 'repository' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 7)
                    static func repository(_ c: AppContainer) async -> Repository {
                    #sourceLocation()
                            // (generated code)
                            if let override = c._trellis_storage.values.repository {
                                return override
                            }
                        #sourceLocation(file: "Test.swift", line: 6)
                                              return await { () async in Repository(cache: await c.cache) }()
                    #sourceLocation()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {}
                """
            }
        }

        @Test("a throwing shared member makes the initializer throw; a throwing transient makes its accessor throw")
        func throwingShared() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var port: Int

                    @Provide(.shared, factory: { (port: Int) throws in try Address(port: port) }, concrete: true)
                    var address: Address

                    @Provide(.transient, factory: { (port: Int) throws in try Port(port + 1) }, concrete: true)
                    var nextPort: Port
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    var port: Int {
                    get {
                        _trellis_storage.values.port
                    }
                    }
                    var address: Address {
                    get {
                        _trellis_storage.values.address
                    }
                    }
                    var nextPort: Port {
                    get throws {
                        // Reads 'nextPort' from the container
                        // (generated code)
                        try _trellis_Builders.nextPort(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias port =
                                  Int
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias address =
                                     Address
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 9)
                        typealias nextPort =
                                      Port
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let port: _trellis_Types.port
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let address: _trellis_Types.address
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        let nextPort: _trellis_Types.nextPort?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            port: Int,


                            address: Address? = nil,


                            nextPort: Port? = nil) throws {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = try Self._trellis_make(port: port, address: address, nextPort: nextPort)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    port: __owned _trellis_Types.port,


                    address: __owned _trellis_Types.address? = nil,


                    nextPort: __owned _trellis_Types.nextPort? = nil) throws -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return try { () throws -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let address: Address = if let address { address } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                                               try { (port: Int) throws in try Address(port: port) }(port)
                    #sourceLocation()
                        }
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            port: port,


                            address: address,


                            nextPort: nextPort
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let port: Int
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.port = dependencies.port
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) throws {
                        self._trellis_storage = try Self._trellis_make(port: inputs.port)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) throws {
                        try self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'nextPort' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 10)
                    static func nextPort(_ container: AppContainer) throws -> Port { return try { () throws in
                    #sourceLocation()
                            // (generated code)
                            if let value = container._trellis_storage.values.nextPort { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 9)
                                                  try { (port: Int) throws in try Port(port + 1) }(container.port)
                    #sourceLocation()
                        }
                        }()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // AppContainer needs 'port: Int': the container providing its needs must have a member 'port' of type 'Int'.
                    var port: Int { get }
                #sourceLocation()
                }
                """
            }
        }
    }

    @Suite("Reads of throwing shared members")
    struct ReadsOfThrowingShared {
        @Test("a transient reading a throwing shared member reads its stored value without 'try'")
        func transientReadsThrowingShared() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { () throws in try Address.load() }, concrete: true)
                    var address: Address

                    @Provide(.transient, factory: { (address: Address) in "\\(address)" }, concrete: true)
                    var label: String
                }
                """
            } expansion: {
                #"""
                struct AppContainer {
                    var address: Address {
                    get {
                        _trellis_storage.values.address
                    }
                    }
                    var label: String {
                    get {
                        _trellis_Builders.label(self)
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias address =
                                     Address
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias label =
                                   String
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let address: _trellis_Types.address
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let label: _trellis_Types.label?
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            address: Address? = nil,


                            label: String? = nil) throws {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = try Self._trellis_make(address: address, label: label)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    address: __owned _trellis_Types.address? = nil,


                    label: __owned _trellis_Types.label? = nil) throws -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return try { () throws -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                        let address: Address = if let address { address } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                                               try { () throws in try Address.load() }()
                    #sourceLocation()
                        }
                        return Trellis.ContainerStorage(_trellis_StoredValues(
                            address: address,
                            label: label
                        ))
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) throws {
                        self._trellis_storage = try Self._trellis_make()
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) throws {
                        try self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'label' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 7)
                    static func label(_ container: AppContainer) -> String { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = container._trellis_storage.values.label { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 6)
                                                      { (address: Address) in "\(address)" }(container.address)
                    #sourceLocation()
                        }
                        }()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {}
                """#
            }
        }
    }

    @Suite("Declarations")
    struct Declarations {
        @Test("'mainActor: true' isolates the initializer and adds '@MainActor' to each member")
        func mainActor() {
            assertMacro {
                """
                @DIContainer(mainActor: true)
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.transient, factory: { (baseURL: String) in ViewModel(baseURL: baseURL) }, concrete: true)
                    var viewModel: ViewModel

                    @MainActor
                    @Provide(.shared, APIClient.self, with: [\\Self.baseURL])
                    var apiClient: any APIClientProtocol

                    var notProvided: Int { 1 }
                }
                """
            } expansion: {
                """
                struct AppContainer {
                    @MainActor
                    var baseURL: String {
                    get {
                        _trellis_storage.values.baseURL
                    }
                    }
                    @MainActor
                    var viewModel: ViewModel {
                    get {
                        _trellis_Builders.viewModel(self)
                    }
                    }

                    @MainActor
                    var apiClient: any APIClientProtocol {
                    get {
                        _trellis_storage.values.apiClient
                    }
                    }

                    var notProvided: Int { 1 }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias baseURL =
                                     String
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias viewModel =
                                       ViewModel
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                        typealias apiClient =
                                       any APIClientProtocol
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let baseURL: _trellis_Types.baseURL
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let viewModel: _trellis_Types.viewModel?
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 11)
                        let apiClient: _trellis_Types.apiClient
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    @MainActor init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            baseURL: String,


                            viewModel: ViewModel? = nil,



                           apiClient: (any APIClientProtocol)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(baseURL: baseURL, viewModel: viewModel, apiClient: apiClient)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) @MainActor private static func _trellis_make(
                    baseURL: __owned _trellis_Types.baseURL,


                    viewModel: __owned _trellis_Types.viewModel? = nil,



                    apiClient: __owned _trellis_Types.apiClient? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                    return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 11)
                        let apiClient: any APIClientProtocol = if let apiClient { apiClient } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 10)
                                          APIClient(baseURL: baseURL) // AutoWiring passes each 'with:' member labelled with its name; for other labels, write factory: { (baseURL: String) in APIClient(...) }
                    #sourceLocation()
                        }
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                            baseURL: baseURL,


                            viewModel: viewModel,



                            apiClient: apiClient
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let baseURL: String
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        @MainActor init(from dependencies: some AppContainerDependencies) {
                            self.baseURL = dependencies.baseURL
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    @MainActor init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(baseURL: inputs.baseURL)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    @MainActor init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    /// Builds the members that are built after the container exists.
                    private enum _trellis_Builders {
                        // Builds 'viewModel' from its declaration:
                    #sourceLocation(file: "Test.swift", line: 7)
                    @MainActor static func viewModel(_ container: AppContainer) -> ViewModel { return { () in
                    #sourceLocation()
                            // (generated code)
                            if let value = container._trellis_storage.values.viewModel { value } else {
                        // Not overridden: the member's factory, as written.
                    #sourceLocation(file: "Test.swift", line: 6)
                                                      { (baseURL: String) in ViewModel(baseURL: baseURL) }(container.baseURL)
                    #sourceLocation()
                        }
                        }()
                        }
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                @MainActor protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                    var baseURL: String { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("a public struct gets a public initializer")
        func publicStruct() {
            assertMacro {
                """
                @DIContainer
                public struct AppContainer {
                    @Provide(.input)
                    public var baseURL: String
                }
                """
            } expansion: {
                """
                public struct AppContainer {
                    public var baseURL: String {
                    get {
                        _trellis_storage.values.baseURL
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias baseURL =
                                            String
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                               let baseURL: _trellis_Types.baseURL
                    #sourceLocation()
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    #sourceLocation(file: "Test.swift", line: 1)
                    public init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                                   baseURL: String) {
                    #sourceLocation()
                        // (generated code)
                        self._trellis_storage = Self._trellis_make(baseURL: baseURL)
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                           baseURL: __owned _trellis_Types.baseURL) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                           return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                                   baseURL: baseURL
                    ))
                    #sourceLocation()
                    }()
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    public struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                               let baseURL: String
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        public init(from dependencies: some AppContainerDependencies) {
                            self.baseURL = dependencies.baseURL
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    public init(inputs: Inputs) {
                        self._trellis_storage = Self._trellis_make(baseURL: inputs.baseURL)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    public init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                public protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                           var baseURL: String { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test(
            "signatures that may name a type the macro cannot see are placed on the user's lines: a public container's initializers and its internal member's requirement, a superclass's implicit init()"
        )
        func placedSignatures() {
            assertMacro {
                """
                @DIContainer
                public final class Services: Base {
                    @Provide(.input)
                    var settings: Settings
                }
                """
            } expansion: {
                """
                public final class Services: Base {
                    var settings: Settings {
                    get {
                        _trellis_values.settings
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias settings =
                                      Settings
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let settings: _trellis_Types.settings
                    #sourceLocation()
                    }

                    private let _trellis_values: _trellis_StoredValues

                    #sourceLocation(file: "Test.swift", line: 2)
                    public convenience init(

                            settings: Settings) {
                    #sourceLocation()
                        // (generated code)
                        self.init(_trellis_values: Self._trellis_make(settings: settings))
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    settings: __owned _trellis_Types.settings) -> _trellis_StoredValues {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                                return { () -> _trellis_StoredValues in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 3)
                    return _trellis_StoredValues(
                            settings: settings
                    )
                    #sourceLocation()
                    }()
                    }

                    private init(_trellis_values: _trellis_StoredValues) {
                        self._trellis_values = _trellis_values
                    #sourceLocation(file: "Test.swift", line: 2)
                                                 }
                    #sourceLocation()

                    /// The values `Services` is created from: its inputs, and those of the children it forwards.
                    public struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let settings: Settings
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        public init(from dependencies: some ServicesDependencies) {
                            self.settings = dependencies.settings
                        }
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Creates the container from a snapshot of what it needs.
                    public convenience init(inputs: Inputs) {
                    #sourceLocation()
                        self.init(_trellis_values: Self._trellis_make(settings: inputs.settings))
                    }

                    #sourceLocation(file: "Test.swift", line: 1)
                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    public convenience init(dependencies: some ServicesDependencies) {
                    #sourceLocation()
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `Services` needs from the container that owns it (or whoever creates it).
                public protocol ServicesDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // Services needs 'settings: Settings': the container providing its needs must have a member 'settings' of type 'Settings'.
                    var settings: Settings { get }
                #sourceLocation()
                }
                """
            }
        }

        @Test("a final class gets the same members as a struct, its stored values held directly")
        func finalClass() {
            assertMacro {
                """
                @DIContainer
                final class AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, APIClient.self, with: [\\Self.baseURL])
                    var apiClient: any APIClientProtocol
                }
                """
            } expansion: {
                """
                final class AppContainer {
                    var baseURL: String {
                    get {
                        _trellis_values.baseURL
                    }
                    }
                    var apiClient: any APIClientProtocol {
                    get {
                        _trellis_values.apiClient
                    }
                    }

                    /// Each member's type, as declared: the storage below names it through its alias, so that a
                    /// type Swift cannot find is reported where it is written, and once.
                    private enum _trellis_Types {
                    #sourceLocation(file: "Test.swift", line: 3)
                        typealias baseURL =
                                     String
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                        typealias apiClient =
                                       any APIClientProtocol
                    #sourceLocation()
                    }

                    /// The stored values, one per member that keeps one.
                    private struct _trellis_StoredValues {
                        // One value per member, each on its member's line:
                    #sourceLocation(file: "Test.swift", line: 4)
                        let baseURL: _trellis_Types.baseURL
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let apiClient: _trellis_Types.apiClient
                    #sourceLocation()
                    }

                    private let _trellis_values: _trellis_StoredValues

                    #sourceLocation(file: "Test.swift", line: 1)
                    convenience init(
                        // Each parameter on the line of its member's type
                        // (generated code):
                            baseURL: String,


                           apiClient: (any APIClientProtocol)? = nil) {
                    #sourceLocation()
                        // (generated code)
                        self.init(_trellis_values: Self._trellis_make(baseURL: baseURL, apiClient: apiClient))
                    }

                    #sourceLocation(file: "Test.swift", line: 2)
                    /// Builds the members created with the container, and returns what it stores.
                    @inline(__always) private static func _trellis_make(
                    baseURL: __owned _trellis_Types.baseURL,


                    apiClient: __owned _trellis_Types.apiClient? = nil) -> _trellis_StoredValues {
                    #sourceLocation()
                        // (generated code)
                    #sourceLocation(file: "Test.swift", line: 2)
                         return { () -> _trellis_StoredValues in
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                        let apiClient: any APIClientProtocol = if let apiClient { apiClient } else {
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 6)
                                          APIClient(baseURL: baseURL) // AutoWiring passes each 'with:' member labelled with its name; for other labels, write factory: { (baseURL: String) in APIClient(...) }
                    #sourceLocation()
                        }
                    #sourceLocation(file: "Test.swift", line: 3)
                    return _trellis_StoredValues(
                            baseURL: baseURL,


                            apiClient: apiClient
                    )
                    #sourceLocation()
                    }()
                    }

                    private init(_trellis_values: _trellis_StoredValues) {
                        self._trellis_values = _trellis_values
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                    #sourceLocation(file: "Test.swift", line: 4)
                        let baseURL: String
                    #sourceLocation()
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.baseURL = dependencies.baseURL
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    convenience init(inputs: Inputs) {
                        self.init(_trellis_values: Self._trellis_make(baseURL: inputs.baseURL))
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    convenience init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                #sourceLocation(file: "Test.swift", line: 3)
                    // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                    var baseURL: String { get }
                #sourceLocation()
                }
                """
            }
        }
    }
}
