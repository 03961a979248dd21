import MacroTesting
import Testing
import TrellisMacros

/// A factory closure is written as its body where calling it would bind each parameter to the local
/// of the same name and type anyway; every other closure keeps its call, so what it means never
/// changes.
@Suite(
    "Factory closures written as their body",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct FactoryBodyTests {
    @Test("parameters named and typed like their members, a 'return', and a container closure become the body")
    func writtenAsBody() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.input)
                var baseURL: String

                @Provide(.shared, factory: { (baseURL: String) in Catalog(url: baseURL) }, concrete: true)
                var catalog: Catalog

                @Provide(.shared, factory: { catalog, baseURL in Page(catalog: catalog, url: baseURL) }, concrete: true)
                var page: Page

                @Provide(.shared, factory: { (page: Page) in return Reader(page: page) }, concrete: true)
                var reader: Reader

                @Provide(.shared, factory: { (c: Self) in Index(page: c.page) }, concrete: true)
                var index: Index
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
                    _trellis_storage.values.catalog
                }
                }
                var page: Page {
                get {
                    _trellis_storage.values.page
                }
                }
                var reader: Reader {
                get {
                    _trellis_storage.values.reader
                }
                }
                var index: Index {
                get {
                    _trellis_storage.values.index
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
                #sourceLocation(file: "Test.swift", line: 12)
                    typealias reader =
                                Reader
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 15)
                    typealias index =
                               Index
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let baseURL: _trellis_Types.baseURL
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let catalog: _trellis_Types.catalog
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let page: _trellis_Types.page
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 13)
                    let reader: _trellis_Types.reader
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 16)
                    let index: _trellis_Types.index
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        baseURL: String,


                        catalog: Catalog? = nil,


                        page: Page? = nil,


                        reader: Reader? = nil,


                        index: Index? = nil) {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = Self._trellis_make(baseURL: baseURL, catalog: catalog, page: page, reader: reader, index: index)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                baseURL: __owned _trellis_Types.baseURL,


                catalog: __owned _trellis_Types.catalog? = nil,


                page: __owned _trellis_Types.page? = nil,


                reader: __owned _trellis_Types.reader? = nil,


                index: __owned _trellis_Types.index? = nil) -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return { () -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let catalog: Catalog = if let catalog { catalog } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                                                      Catalog(url: baseURL)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 10)
                    let page: Page = if let page { page } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                                                                     Page(catalog: catalog, url: baseURL)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 13)
                    let reader: Reader = if let reader { reader } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                                                                        Reader(page: page)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 16)
                    let index: Index = if let index { index } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 15)
                                                              Index(page: page)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 3)
                return Trellis.ContainerStorage(_trellis_StoredValues(
                        baseURL: baseURL,


                        catalog: catalog,


                        page: page,


                        reader: reader,


                        index: index
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

    @Test("a closure keeps its call for another parameter type or argument, statements, a capture, a result type or effects")
    func keptAsCall() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory: Session(), concrete: true)
                var session: Session

                @Provide(.shared, factory: { (session: any SessionProtocol) in Client(session: session) })
                var widened: any ClientProtocol

                @Provide(.transient, factory: Token(), concrete: true)
                var token: Token

                @Provide(.shared, factory: { (token: Token) in Signer(token: token) }, concrete: true)
                var signer: Signer

                @Provide(.shared, factory: { (session: Session) in
                    let client = Client(session: session)
                    return client
                })
                var statements: any ClientProtocol

                @Provide(.shared, factory: { [label = "x"] (session: Session) in Tagged(session, label) }, concrete: true)
                var captured: Tagged

                @Provide(.shared, factory: { (session: Session) -> Client in Client(session: session) }, concrete: true)
                var typedResult: Client

                @Provide(.shared, factory: { (session: Session) throws in try Client(validating: session) }, concrete: true)
                var throwing: Client

                @Provide(.shared, factory: { @Sendable (session: Session) in Client(session: session) }, concrete: true)
                var attributed: Client
            }
            """
        } expansion: {
            """
            struct AppContainer {
                var session: Session {
                get {
                    _trellis_storage.values.session
                }
                }
                var widened: any ClientProtocol {
                get {
                    _trellis_storage.values.widened
                }
                }
                var token: Token {
                get {
                    _trellis_Builders.token(self)
                }
                }
                var signer: Signer {
                get {
                    _trellis_storage.values.signer
                }
                }
                var statements: any ClientProtocol {
                get {
                    _trellis_storage.values.statements
                }
                }
                var captured: Tagged {
                get {
                    _trellis_storage.values.captured
                }
                }
                var typedResult: Client {
                get {
                    _trellis_storage.values.typedResult
                }
                }
                var throwing: Client {
                get {
                    _trellis_storage.values.throwing
                }
                }
                var attributed: Client {
                get {
                    _trellis_storage.values.attributed
                }
                }

                /// Each member's type, as declared: the storage below names it through its alias, so that a
                /// type Swift cannot find is reported where it is written, and once.
                private enum _trellis_Types {
                #sourceLocation(file: "Test.swift", line: 3)
                    typealias session =
                                 Session
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                    typealias widened =
                                 any ClientProtocol
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                    typealias token =
                               Token
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                    typealias signer =
                                Signer
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 18)
                    typealias statements =
                                    any ClientProtocol
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 21)
                    typealias captured =
                                  Tagged
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 24)
                    typealias typedResult =
                                     Client
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 27)
                    typealias throwing =
                                  Client
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 30)
                    typealias attributed =
                                    Client
                #sourceLocation()
                }

                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                #sourceLocation(file: "Test.swift", line: 4)
                    let session: _trellis_Types.session
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 7)
                    let widened: _trellis_Types.widened
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 10)
                    let token: _trellis_Types.token?
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 13)
                    let signer: _trellis_Types.signer
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 19)
                    let statements: _trellis_Types.statements
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 22)
                    let captured: _trellis_Types.captured
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 25)
                    let typedResult: _trellis_Types.typedResult
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 28)
                    let throwing: _trellis_Types.throwing
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 31)
                    let attributed: _trellis_Types.attributed
                #sourceLocation()
                }

                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>

                #sourceLocation(file: "Test.swift", line: 1)
                init(
                    // Each parameter on the line of its member's type
                    // (generated code):
                        session: Session? = nil,


                       widened: (any ClientProtocol)? = nil,


                        token: Token? = nil,


                        signer: Signer? = nil,





                       statements: (any ClientProtocol)? = nil,


                        captured: Tagged? = nil,


                        typedResult: Client? = nil,


                        throwing: Client? = nil,


                        attributed: Client? = nil) throws {
                #sourceLocation()
                    // (generated code)
                    self._trellis_storage = try Self._trellis_make(session: session, widened: widened, token: token, signer: signer, statements: statements, captured: captured, typedResult: typedResult, throwing: throwing, attributed: attributed)
                }

                #sourceLocation(file: "Test.swift", line: 2)
                /// Builds the members created with the container, and returns what it stores.
                @inline(__always) private static func _trellis_make(
                session: __owned _trellis_Types.session? = nil,


                widened: __owned _trellis_Types.widened? = nil,


                token: __owned _trellis_Types.token? = nil,


                signer: __owned _trellis_Types.signer? = nil,





                statements: __owned _trellis_Types.statements? = nil,


                captured: __owned _trellis_Types.captured? = nil,


                typedResult: __owned _trellis_Types.typedResult? = nil,


                throwing: __owned _trellis_Types.throwing? = nil,


                attributed: __owned _trellis_Types.attributed? = nil) throws -> Trellis.ContainerStorage<_trellis_StoredValues> {
                #sourceLocation()
                    // (generated code)
                #sourceLocation(file: "Test.swift", line: 2)
                return try { () throws -> Trellis.ContainerStorage<_trellis_StoredValues> in
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 4)
                    let session: Session = if let session { session } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 3)
                                               Session()
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 7)
                    let widened: any ClientProtocol = if let widened { widened } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 6)
                                               { (session: any SessionProtocol) in Client(session: session) }(session)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 7)
                let _trellis_build_token = { () -> 
                    // Each type on the line it is written on
                    // (generated code):
                               Token in if let token { token } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 9)
                                                  Token()
                #sourceLocation()
                    } }
                #sourceLocation(file: "Test.swift", line: 13)
                    let signer: Signer = if let signer { signer } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 12)
                                               { (token: Token) in Signer(token: token) }(_trellis_build_token())
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 19)
                    let statements: any ClientProtocol = if let statements { statements } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 15)
                                               { (session: Session) in
                        let client = Client(session: session)
                        return client
                    }(session)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 22)
                    let captured: Tagged = if let captured { captured } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 21)
                                               { [label = "x"] (session: Session) in Tagged(session, label) }(session)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 25)
                    let typedResult: Client = if let typedResult { typedResult } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 24)
                                               { (session: Session) -> Client in Client(session: session) }(session)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 28)
                    let throwing: Client = if let throwing { throwing } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 27)
                                           try { (session: Session) throws in try Client(validating: session) }(session)
                #sourceLocation()
                    }
                #sourceLocation(file: "Test.swift", line: 31)
                    let attributed: Client = if let attributed { attributed } else {
                #sourceLocation()
                #sourceLocation(file: "Test.swift", line: 30)
                                               { @Sendable (session: Session) in Client(session: session) }(session)
                #sourceLocation()
                    }
                    return Trellis.ContainerStorage(_trellis_StoredValues(
                        session: session,
                        widened: widened,
                        token: token,
                        signer: signer,
                        statements: statements,
                        captured: captured,
                        typedResult: typedResult,
                        throwing: throwing,
                        attributed: attributed
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
                    // Builds 'token' from its declaration:
                #sourceLocation(file: "Test.swift", line: 10)
                static func token(_ container: AppContainer) -> Token { return { () in
                #sourceLocation()
                        // (generated code)
                        if let value = container._trellis_storage.values.token { value } else {
                    // Not overridden: the member's factory, as written.
                #sourceLocation(file: "Test.swift", line: 9)
                                                  Token()
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
