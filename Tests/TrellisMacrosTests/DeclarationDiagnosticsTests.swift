import MacroTesting
import Testing
import TrellisMacros

@Suite(
    "Declaration diagnostics",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct DeclarationDiagnosticsTests {
    @Suite("Container kind")
    struct ContainerKind {
        @Test("an enum is rejected and nothing is generated")
        func enumeration() {
            assertMacro {
                """
                @DIContainer
                enum AppContainer {
                    case main
                }
                """
            } diagnostics: {
                """
                @DIContainer
                ┬───────────
                ╰─ 🛑 @DIContainer applies to a struct or a final class, not to an enum 'AppContainer'
                enum AppContainer {
                    case main
                }
                """
            }
        }

        @Test("a protocol is rejected and nothing is generated")
        func protocolDeclaration() {
            assertMacro {
                """
                @DIContainer
                protocol AppContainer {
                    var baseURL: String { get }
                }
                """
            } diagnostics: {
                """
                @DIContainer
                ┬───────────
                ╰─ 🛑 @DIContainer applies to a struct or a final class, not to a protocol 'AppContainer'
                protocol AppContainer {
                    var baseURL: String { get }
                }
                """
            }
        }

        @Test("an actor is rejected and nothing is generated")
        func actor() {
            assertMacro {
                """
                @DIContainer
                actor AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                ┬───────────
                ╰─ 🛑 @DIContainer applies to a struct or a final class, not to an actor 'AppContainer'
                actor AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }

        @Test("a non-final class is rejected with a fix-it that makes it final")
        func nonFinalClass() {
            assertMacro {
                """
                @DIContainer
                public class AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                ┬───────────
                ╰─ 🛑 @DIContainer applies to a struct or a final class, not to an open (non-final) class 'AppContainer'
                   ✏️ make the class 'final'
                public class AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } fixes: {
                """
                @DIContainer
                public final class AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }
    }

    @Suite("User-defined initializer")
    struct UserDefinedInitializer {
        @Test("an init in the body is reported with a fix-it that removes it")
        func initializerInBody() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    init() {
                        self.init(baseURL: "https://example.com")
                    }
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    init() {
                    ╰─ 🛑 @DIContainer generates the initializer of 'AppContainer'; remove this init and pass overrides to the generated one, or make it a static function that calls it ('static func make(...) -> AppContainer')
                       ✏️ remove the initializer
                        self.init(baseURL: "https://example.com")
                    }
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }
    }

    @Suite("@Provide placement")
    struct ProvidePlacement {
        @Test("@Provide in a type without @DIContainer is reported on the attribute")
        func outsideContainer() {
            assertMacro {
                """
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                struct AppContainer {
                    @Provide(.input)
                    ┬───────────────
                    ╰─ 🛑 @Provide declares a member of a @DIContainer; add @DIContainer to the enclosing type or remove @Provide
                    var baseURL: String
                }
                """
            }
        }

        @Test("@Provide in an extension is reported on the attribute, saying where members go")
        func inExtension() {
            assertMacro {
                """
                extension AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                extension AppContainer {
                    @Provide(.input)
                    ┬───────────────
                    ╰─ 🛑 @Provide members are declared in the @DIContainer type's own body, which is all the macro sees, not in an extension; move it there or remove @Provide
                    var baseURL: String
                }
                """
            }
        }

        @Test("@Provide written twice is reported on the second, which the fix-it removes")
        func repeatedProvide() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    @Provide(.input)
                    ┬───────────────
                    ╰─ 🛑 @Provide is written twice on 'baseURL'; remove this one
                       ✏️ remove this '@Provide'
                    var baseURL: String
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }

        @Test("@DIContainer written twice is reported on the second, which the fix-it removes; it adds nothing")
        func repeatedContainer() {
            assertMacro {
                """
                @DIContainer @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer @DIContainer
                             ┬───────────
                             ╰─ 🛑 @DIContainer is written twice on 'AppContainer'; remove this one
                                ✏️ remove this '@DIContainer'
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }

        @Test("@Provide on a global variable is reported on the attribute")
        func globalVariable() {
            assertMacro {
                """
                @Provide(.input)
                var baseURL: String
                """
            } diagnostics: {
                """
                @Provide(.input)
                ┬───────────────
                ╰─ 🛑 @Provide declares a member of a @DIContainer; add @DIContainer to the enclosing type or remove @Provide
                var baseURL: String
                """
            }
        }
    }

    @Suite("Member shape")
    struct MemberShape {
        @Test("two bindings in one declaration are reported on the bindings")
        func multipleBindings() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var host, path: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    ╰─ 🛑 accessor macro can only be applied to a single variable
                    var host, path: String
                        ┬─────────────────
                        ╰─ 🛑 @Provide declares one member per 'var'; split 'host, path' into separate declarations
                }
                """
            }
        }

        @Test("a member without a type annotation is reported on its name")
        func missingTypeAnnotation() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { () in APIClient() })
                    var apiClient
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: { () in APIClient() })
                    var apiClient
                        ┬────────
                        ╰─ 🛑 @Provide member 'apiClient' needs a type annotation ('var apiClient: SomeType')
                }
                """
            }
        }

        @Test("'let' is reported on the keyword")
        func letInsteadOfVar() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    let baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    let baseURL: String
                    ┬──
                    ╰─ 🛑 @Provide members are declared with 'var' (the macro makes them read-only); change 'let' to 'var'
                }
                """
            }
        }

        @Test("'static' is reported on the modifier")
        func staticMember() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    static var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    static var baseURL: String
                    ┬─────
                    ╰─ 🛑 @Provide members are stored instance properties; remove 'static'
                       ✏️ remove 'static'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }

        @Test("'weak' is reported on the modifier, which the fix-it removes: the container keeps every member strongly")
        func weakMember() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) weak var delegate: AnyObject?
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) weak var delegate: AnyObject?
                                     ┬───
                                     ╰─ 🛑 the container keeps 'delegate' strongly, as it keeps every member; remove 'weak' (a value that must not keep another holds it weakly itself)
                                        ✏️ remove 'weak'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input) var delegate: AnyObject?
                }
                """
            }
        }

        @Test("an initial value on a member that is not an input is reported on the initializer clause")
        func initialValue() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: "https://example.com", concrete: true)
                    var baseURL: String = "https://example.com"
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: "https://example.com", concrete: true)
                    var baseURL: String = "https://example.com"
                                        ┬──────────────────────
                                        ╰─ 🛑 'baseURL' is built by its @Provide arguments; remove the initial value and use 'factory:' (only an '.input' or '.argument' takes an initial value, as its default)
                }
                """
            }
        }

        @Test("an initial value that alone builds a member is moved into 'factory:', as a closure where it reads members")
        func initialValueAsFactory() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared)
                    var client: any APIClientProtocol = APIClient(baseURL: baseURL)

                    @Provide(.shared) var cache: any CacheProtocol = MemoryCache() // in memory
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared)
                    var client: any APIClientProtocol = APIClient(baseURL: baseURL)
                                                      ┬────────────────────────────
                                                      ╰─ 🛑 'client' is built by its @Provide arguments; remove the initial value and use 'factory:' (only an '.input' or '.argument' takes an initial value, as its default)
                                                         ✏️ move the initial value into 'factory:'

                    @Provide(.shared) var cache: any CacheProtocol = MemoryCache() // in memory
                                                                   ┬──────────────
                                                                   ╰─ 🛑 'cache' is built by its @Provide arguments; remove the initial value and use 'factory:' (only an '.input' or '.argument' takes an initial value, as its default)
                                                                      ✏️ move the initial value into 'factory:'
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String

                    @Provide(.shared, factory: { (baseURL: String) in APIClient(baseURL: baseURL) })
                    var client: any APIClientProtocol

                    @Provide(.shared, factory: MemoryCache()) var cache: any CacheProtocol // in memory
                }
                """
            }
        }

        @Test("an accessor block is reported on the block")
        func accessorBlock() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String { "https://example.com" }
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String { "https://example.com" }
                                        ┬────────────────────────
                                        ╰─ 🛑 'baseURL' gets its accessor from @Provide; remove the accessor block
                }
                """
            }
        }
    }

    @Suite("Invalid arguments")
    struct InvalidArguments {
        @Test("arguments out of the macro's order, as a design document writes them, get a fix-it that orders them")
        func argumentsOutOfOrder() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, concrete: true, factory: APIClient())
                    var apiClient: APIClient

                    @Provide(
                        .shared,
                        service: true,
                        factory: Database(),
                        concrete: true
                    )
                    var database: Database
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, concrete: true, factory: APIClient())
                                                      ┬───────────────────
                                                      ╰─ 🛑 @Provide takes 'factory:' before 'concrete:'; Swift takes a macro's arguments in the order of its declaration
                                                         ✏️ put the arguments in order
                    var apiClient: APIClient

                    @Provide(
                        .shared,
                        service: true,
                        factory: Database(),
                        ┬───────────────────
                        ╰─ 🛑 @Provide takes 'factory:' before 'service:'; Swift takes a macro's arguments in the order of its declaration
                           ✏️ put the arguments in order
                        concrete: true
                    )
                    var database: Database
                }
                """
            } fixes: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient(), concrete: true)
                    var apiClient: APIClient

                    @Provide(
                        .shared,
                        factory: Database(),
                        concrete: true,
                        service: true
                    )
                    var database: Database
                }
                """
            }
        }

        @Test("an unknown @DIContainer label is reported on the argument")
        func unknownContainerLabel() {
            assertMacro {
                """
                @DIContainer(strict: true)
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer(strict: true)
                             ┬───────────
                             ╰─ 🛑 @DIContainer has no argument 'strict:'
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }

        @Test("a @DIContainer option that is not a literal is reported on the argument")
        func containerOptionNotLiteral() {
            assertMacro {
                """
                @DIContainer(mainActor: isMainActor)
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer(mainActor: isMainActor)
                             ┬─────────────────────
                             ╰─ 🛑 'mainActor:' takes the literal 'true' or 'false', which the macro reads at compile time
                struct AppContainer {
                    @Provide(.input)
                    var baseURL: String
                }
                """
            }
        }

        @Test("an unknown @Provide label is reported on the argument")
        func unknownProvideLabel() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input, lazy: true)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.input, lazy: true)
                                     ┬─────────
                                     ╰─ 🛑 @Provide has no argument 'lazy:'
                    var baseURL: String
                }
                """
            }
        }

        @Test("a first unlabelled @Provide argument that is neither a scope nor a type is reported")
        func invalidScope() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.singleton)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.singleton)
                             ┬─────────
                             ╰─ 🛑 '.singleton' is not a Trellis scope; write '.shared' (scopes: '.input', '.argument', '.shared', '.transient', '.onDemand', '.child', '.forwardingChild' or '.collection')
                    var baseURL: String
                                 ┬─────
                        │        ╰─ 🛑 'baseURL' has the concrete type 'String'; opt in with 'concrete: true', or depend on a protocol
                        │           ✏️ add 'concrete: true'
                        ┬──────
                        ╰─ 🛑 '.shared' member 'baseURL' needs a way to be built: add 'factory:', 'asyncFactory:' or 'Type.self, with: [...]'
                }
                """
            }
        }

        @Test("a first unlabelled @Provide argument that names no known scope lists every scope")
        func unknownScope() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.eternal, factory: { "x" }, concrete: true)
                    var baseURL: String
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.eternal, factory: { "x" }, concrete: true)
                             ┬────────
                             ╰─ 🛑 expected a scope ('.input', '.argument', '.shared', '.transient', '.onDemand', '.child', '.forwardingChild' or '.collection') here
                    var baseURL: String
                }
                """
            }
        }

        @Test("a second unlabelled @Provide argument that is not 'Type.self' is reported")
        func invalidType() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, APIClient, factory: APIClient())
                    var apiClient: any APIClientProtocol
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, APIClient, factory: APIClient())
                                      ┬─────────
                                      ╰─ 🛑 expected 'Type.self' here, naming the type AutoWiring builds
                    var apiClient: any APIClientProtocol
                }
                """
            }
        }

        @Test("'concrete:' that is not a literal is reported on its value")
        func concreteNotLiteral() {
            assertMacro {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient(), concrete: isConcrete)
                    var apiClient: APIClient
                }
                """
            } diagnostics: {
                """
                @DIContainer
                struct AppContainer {
                    @Provide(.shared, factory: APIClient(), concrete: isConcrete)
                                                                      ┬─────────
                                                                      ╰─ 🛑 'concrete:' takes the literal 'true' or 'false'
                    var apiClient: APIClient
                                   ┬────────
                                   ╰─ 🛑 'apiClient' has the type 'APIClient', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any APIClient' if 'APIClient' is a protocol
                                      ✏️ add 'concrete: true'
                                      ✏️ write 'any' before the type (if it is a protocol)
                }
                """
            }
        }
    }
}
