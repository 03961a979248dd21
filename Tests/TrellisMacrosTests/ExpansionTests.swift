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
                        _trellis_apiClient
                    }
                    }
                    var config: AppConfig {
                    get {
                        _trellis_config
                    }
                    }
                    var logger: Logger {
                    get {
                        _trellis_logger
                    }
                    }

                    private let _trellis_apiClient: any APIClientProtocol

                    private let _trellis_config: AppConfig

                    private let _trellis_logger: Logger

                    init(apiClient: (any APIClientProtocol)? = nil, config: AppConfig, logger: Logger? = nil) {
                        let logger: Logger = logger ?? Logger(label: "app")
                        let apiClient: any APIClientProtocol = apiClient ?? APIClient(config: config, logger: logger)
                        self._trellis_apiClient = apiClient
                        self._trellis_config = config
                        self._trellis_logger = logger
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        let config: AppConfig
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.config = dependencies.config
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self.init(config: inputs.config)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                    // AppContainer needs 'config: AppConfig': the container providing its needs must have a member 'config' of type 'AppConfig'.
                    var config: AppConfig { get }
                }
                """
            }
        }

        @Test("a struct with an on-demand member keeps its stored values in one reference")
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
                        _trellis_baseURL
                    }
                    }
                    var catalog: Catalog {
                    get {
                        if let value = _trellis_catalog.builtValue {
                            return value
                        }
                        return _trellis_catalog.value { self._trellis_make_catalog() }
                    }
                    }
                    var page: Page {
                    get {
                        _trellis_make_page()
                    }
                    }

                    /// The stored values, kept in one reference (see `Trellis.ContainerStorage`).
                    private struct _trellis_StoredValues {
                        let _trellis_baseURL: String
                        let _trellis_catalog: Trellis.OnDemand<Catalog>
                        let _trellis_page: Page?
                    }

                    private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                    private var _trellis_baseURL: String {
                        _trellis_storage.values._trellis_baseURL
                    }

                    private var _trellis_catalog: Trellis.OnDemand<Catalog> {
                        _trellis_storage.values._trellis_catalog
                    }

                    private var _trellis_page: Page? {
                        _trellis_storage.values._trellis_page
                    }

                    init(baseURL: String, catalog: Catalog? = nil, page: Page? = nil) {
                        self._trellis_storage = Trellis.ContainerStorage(_trellis_StoredValues(
                            _trellis_baseURL: baseURL,
                            _trellis_catalog: Trellis.OnDemand(override: catalog),
                            _trellis_page: page
                        ))
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        let baseURL: String
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.baseURL = dependencies.baseURL
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self.init(baseURL: inputs.baseURL)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_catalog() -> Catalog {
                        { (baseURL: String) in Catalog(url: baseURL) }(self.baseURL)
                    }

                    private func _trellis_make_page() -> Page {
                        _trellis_page ?? { (catalog: Catalog) in Page(catalog: catalog) }(self.catalog)
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                    // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                    var baseURL: String { get }
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
                        _trellis_make_greeter()
                    }
                    }

                    private let _trellis_greeter: (any Greeter)?

                    init(greeter: (any Greeter)? = nil) {
                        self._trellis_greeter = greeter
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self.init()
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_greeter() -> any Greeter {
                        _trellis_greeter ?? { () in EnglishGreeter() }()
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
                        _trellis_name
                    }
                    }
                    var names: some Collection<String> {
                    get {
                        _trellis_make_names()
                    }
                    }

                    private let _trellis_name: String

                    init(name: String) {
                        self._trellis_name = name
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        let name: String
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.name = dependencies.name
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self.init(name: inputs.name)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_names() -> some Collection<String> {
                        { (name: String) in [name, name] }(self.name)
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                    // AppContainer needs 'name: String': the container providing its needs must have a member 'name' of type 'String'.
                    var name: String { get }
                }
                """
            }
        }

        @Test("a container closure reads through 'self' in builders and through locals in the initializer")
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
                        _trellis_session
                    }
                    }
                    var networkService: any NetworkServiceProtocol {
                    get {
                        _trellis_networkService
                    }
                    }
                    var homeViewModel: HomeViewModel {
                    get {
                        _trellis_make_homeViewModel()
                    }
                    }

                    private let _trellis_session: any URLSessionProtocol

                    private let _trellis_networkService: any NetworkServiceProtocol

                    private let _trellis_homeViewModel: HomeViewModel?

                    init(session: (any URLSessionProtocol)? = nil, networkService: (any NetworkServiceProtocol)? = nil, homeViewModel: HomeViewModel? = nil) {
                        let session: any URLSessionProtocol = session ?? StandInURLSession.shared
                        let networkService: any NetworkServiceProtocol = networkService ?? { () in NetworkService(session: session) }()
                        self._trellis_session = session
                        self._trellis_networkService = networkService
                        self._trellis_homeViewModel = homeViewModel
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self.init()
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_homeViewModel() -> HomeViewModel {
                        _trellis_homeViewModel ?? { () in HomeViewModel(service: self.networkService) }()
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
                        _trellis_make_freshGreeter()
                    }
                    }
                    var greeters: [any Greeter] {
                    get {
                        _trellis_greeters
                    }
                    }

                    private let _trellis_freshGreeter: (any Greeter)?

                    private let _trellis_greeters: [any Greeter]

                    init(freshGreeter: (any Greeter)? = nil, greeters: [any Greeter]? = nil) {
                        let _trellis_build_freshGreeter = { () -> any Greeter in freshGreeter ?? { () in EnglishGreeter() }() }
                        let greeters: [any Greeter] = greeters ?? { (freshGreeter: any Greeter) in [freshGreeter] }(_trellis_build_freshGreeter())
                        self._trellis_freshGreeter = freshGreeter
                        self._trellis_greeters = greeters
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self.init()
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_freshGreeter() -> any Greeter {
                        _trellis_freshGreeter ?? { () in EnglishGreeter() }()
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
                        _trellis_config
                    }
                    }
                    var database: any DatabaseProtocol {
                    get async throws {
                        try await _trellis_database.value
                    }
                    }
                    var cache: any CacheProtocol {
                    get async {
                        await _trellis_cache.value
                    }
                    }

                    private let _trellis_config: AppConfig

                    private let _trellis_database: Trellis.AsyncShared<any DatabaseProtocol, any Error>

                    private let _trellis_cache: Trellis.AsyncShared<any CacheProtocol, Never>

                    init(config: AppConfig, database: (any DatabaseProtocol)? = nil, cache: (any CacheProtocol)? = nil) {
                        self._trellis_config = config
                        self._trellis_database = Trellis.AsyncShared(override: database)
                        self._trellis_cache = Trellis.AsyncShared(override: cache)
                        if self._trellis_database.needsBuild {
                            self._trellis_database.start(Task { [self] in try await self._trellis_make_database() })
                        }
                        if self._trellis_cache.needsBuild {
                            self._trellis_cache.start(Task { [self] in await self._trellis_make_cache() })
                        }
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        let config: AppConfig
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.config = dependencies.config
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self.init(config: inputs.config)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_database() async throws -> any DatabaseProtocol {
                        try await { (config: AppConfig) async throws in try await Database.connect(config: config) }(self.config)
                    }

                    private func _trellis_make_cache() async -> any CacheProtocol {
                        await { () async in Cache(label: "cache") }()
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                    // AppContainer needs 'config: AppConfig': the container providing its needs must have a member 'config' of type 'AppConfig'.
                    var config: AppConfig { get }
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
                        await _trellis_cache.value
                    }
                    }
                    var repository: Repository {
                    get async {
                        await _trellis_make_repository()
                    }
                    }

                    private let _trellis_cache: Trellis.AsyncShared<any CacheProtocol, Never>

                    private let _trellis_repository: Repository?

                    init(cache: (any CacheProtocol)? = nil, repository: Repository? = nil) {
                        self._trellis_cache = Trellis.AsyncShared(override: cache)
                        self._trellis_repository = repository
                        if self._trellis_cache.needsBuild {
                            self._trellis_cache.start(Task { [self] in await self._trellis_make_cache() })
                        }
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) {
                        self.init()
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_cache() async -> any CacheProtocol {
                        await { () async in Cache(label: "cache") }()
                    }

                    private func _trellis_make_repository() async -> Repository {
                        if let override = _trellis_repository {
                            return override
                        }
                        return await { () async in Repository(cache: await self.cache) }()
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
                        _trellis_port
                    }
                    }
                    var address: Address {
                    get {
                        _trellis_address
                    }
                    }
                    var nextPort: Port {
                    get throws {
                        try _trellis_make_nextPort()
                    }
                    }

                    private let _trellis_port: Int

                    private let _trellis_address: Address

                    private let _trellis_nextPort: Port?

                    init(port: Int, address: Address? = nil, nextPort: Port? = nil) throws {
                        let address: Address = try address ?? { (port: Int) throws in try Address(port: port) }(port)
                        self._trellis_port = port
                        self._trellis_address = address
                        self._trellis_nextPort = nextPort
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        let port: Int
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.port = dependencies.port
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) throws {
                        try self.init(port: inputs.port)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) throws {
                        try self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_nextPort() throws -> Port {
                        try _trellis_nextPort ?? { (port: Int) throws in try Port(port + 1) }(self.port)
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                    // AppContainer needs 'port: Int': the container providing its needs must have a member 'port' of type 'Int'.
                    var port: Int { get }
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
                        _trellis_address
                    }
                    }
                    var label: String {
                    get {
                        _trellis_make_label()
                    }
                    }

                    private let _trellis_address: Address

                    private let _trellis_label: String?

                    init(address: Address? = nil, label: String? = nil) throws {
                        let address: Address = try address ?? { () throws in try Address.load() }()
                        self._trellis_address = address
                        self._trellis_label = label
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {}
                    }

                    /// Creates the container from a snapshot of what it needs.
                    init(inputs: Inputs) throws {
                        try self.init()
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    init(dependencies: some AppContainerDependencies) throws {
                        try self.init(inputs: Inputs(from: dependencies))
                    }

                    private func _trellis_make_label() -> String {
                        _trellis_label ?? { (address: Address) in "\(address)" }(self.address)
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
                        _trellis_baseURL
                    }
                    }
                    @MainActor
                    var viewModel: ViewModel {
                    get {
                        _trellis_make_viewModel()
                    }
                    }

                    @MainActor
                    var apiClient: any APIClientProtocol {
                    get {
                        _trellis_apiClient
                    }
                    }

                    var notProvided: Int { 1 }

                    private let _trellis_baseURL: String

                    private let _trellis_viewModel: ViewModel?

                    private let _trellis_apiClient: any APIClientProtocol

                    @MainActor init(baseURL: String, viewModel: ViewModel? = nil, apiClient: (any APIClientProtocol)? = nil) {
                        let apiClient: any APIClientProtocol = apiClient ?? APIClient(baseURL: baseURL)
                        self._trellis_baseURL = baseURL
                        self._trellis_viewModel = viewModel
                        self._trellis_apiClient = apiClient
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        let baseURL: String
                        /// Reads every value from `dependencies`.
                        @MainActor init(from dependencies: some AppContainerDependencies) {
                            self.baseURL = dependencies.baseURL
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    @MainActor init(inputs: Inputs) {
                        self.init(baseURL: inputs.baseURL)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    @MainActor init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }

                    @MainActor private func _trellis_make_viewModel() -> ViewModel {
                        _trellis_viewModel ?? { (baseURL: String) in ViewModel(baseURL: baseURL) }(self.baseURL)
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                @MainActor protocol AppContainerDependencies {
                    // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                    var baseURL: String { get }
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
                        _trellis_baseURL
                    }
                    }

                    private let _trellis_baseURL: String

                    public init(baseURL: String) {
                        self._trellis_baseURL = baseURL
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    public struct Inputs {
                        public let baseURL: String
                        /// Reads every value from `dependencies`.
                        public init(from dependencies: some AppContainerDependencies) {
                            self.baseURL = dependencies.baseURL
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    public init(inputs: Inputs) {
                        self.init(baseURL: inputs.baseURL)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    public init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                public protocol AppContainerDependencies {
                    // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                    var baseURL: String { get }
                }
                """
            }
        }

        @Test("a final class gets the same members as a struct")
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
                        _trellis_baseURL
                    }
                    }
                    var apiClient: any APIClientProtocol {
                    get {
                        _trellis_apiClient
                    }
                    }

                    private let _trellis_baseURL: String

                    private let _trellis_apiClient: any APIClientProtocol

                    init(baseURL: String, apiClient: (any APIClientProtocol)? = nil) {
                        let apiClient: any APIClientProtocol = apiClient ?? APIClient(baseURL: baseURL)
                        self._trellis_baseURL = baseURL
                        self._trellis_apiClient = apiClient
                    }

                    /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                    struct Inputs {
                        let baseURL: String
                        /// Reads every value from `dependencies`.
                        init(from dependencies: some AppContainerDependencies) {
                            self.baseURL = dependencies.baseURL
                        }
                    }

                    /// Creates the container from a snapshot of what it needs.
                    convenience init(inputs: Inputs) {
                        self.init(baseURL: inputs.baseURL)
                    }

                    /// Creates the container from what its owner (or any provider of its needs) gives it.
                    convenience init(dependencies: some AppContainerDependencies) {
                        self.init(inputs: Inputs(from: dependencies))
                    }
                }

                /// What `AppContainer` needs from the container that owns it (or whoever creates it).
                protocol AppContainerDependencies {
                    // AppContainer needs 'baseURL: String': the container providing its needs must have a member 'baseURL' of type 'String'.
                    var baseURL: String { get }
                }
                """
            }
        }
    }
}
