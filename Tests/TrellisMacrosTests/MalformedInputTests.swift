import MacroTesting
import Testing
import TrellisMacros

/// Broken sources, as an editor sends them while the user types: the macro must answer with
/// diagnostics (the parser's or its own) and never crash.
@Suite(
    "Malformed input",
    .macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct MalformedInputTests {
    @Test("empty @DIContainer and @Provide argument lists")
    func emptyArguments() {
        assertMacro {
            """
            @DIContainer()
            struct AppContainer {
                @Provide()
                var baseURL: String
            }
            """
        } diagnostics: {
            """
            @DIContainer()
            struct AppContainer {
                @Provide()
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

    @Test("'factory:' with its expression missing")
    func missingFactoryExpression() {
        // Only the parser reports this; assertMacro applies only the macros' fix-its, so the
        // `fixes` snapshot is the source unchanged.
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory:)
                var client: any ClientProtocol
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory:)
                                          ╰─ 🛑 expected value in attribute
                                             ✏️ insert value
                var client: any ClientProtocol
            }
            """
        } fixes: {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory:)
                var client: any ClientProtocol
            }
            """
        }
    }

    @Test("a tuple pattern instead of a name")
    func tuplePattern() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.input)
                var (a, b): (Int, Int)
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.input)
                var (a, b): (Int, Int)
                    ┬─────
                    ╰─ 🛑 @Provide needs a plain name, not the pattern '(a, b)'
            }
            """
        }
    }

    @Test("an unbalanced brace in a factory closure")
    func unbalancedBraces() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory: { (c: Self) in Client(c.session )
                var client: any ClientProtocol

                @Provide(.input)
                var session: any SessionProtocol
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, factory: { (c: Self) in Client(c.session )
                var client: any ClientProtocol

                @Provide(.input)
                ┬───────────────
                ╰─ 🛑 @Provide declares a member of a @DIContainer; add @DIContainer to the enclosing type or remove @Provide
                var session: any SessionProtocol
            }
             ├─ 🛑 expected ')' to end attribute
             │  ✏️ insert ')'
             ╰─ 🛑 expected declaration and '}' after attribute
                ✏️ insert declaration and '}'
            """
        }
    }

    @Test("a closure signature with no parameter clause and a stray 'in'")
    func strayIn() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, asyncFactory: { async in Client() })
                var client: any ClientProtocol
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.shared, asyncFactory: { async in Client() })
                                                  ┬────
                                  │               ╰─ 🛑 'client' reads 'async', which is not a member of 'AppContainer'; factory closure parameters are resolved by member name
                                  ┬──────────────────────────────────
                                  ╰─ 🛑 asyncFactory of 'client' must be an async closure; write '{ (...) async in ... }' or use 'factory:'
                                     ✏️ add 'async'
                var client: any ClientProtocol
            }
            """
        }
    }

    @Test("an attribute with a missing closing parenthesis and no type")
    func missingParenthesis() {
        assertMacro {
            """
            @DIContainer(mainActor: true
            struct AppContainer {
                @Provide(.shared, Client.self, with: [\\Self.
                var client
            }
            """
        } diagnostics: {
            #"""
            @DIContainer(mainActor: true
                                        ╰─ 🛑 expected ')' to end attribute
                                           ✏️ insert ')'
            struct AppContainer {
                @Provide(.shared, Client.self, with: [\Self.
                                                            ├─ 🛑 expected identifier in key path property component
                                                            │  ✏️ insert identifier
                                                            ├─ 🛑 expected ']' to end array
                                                            │  ✏️ insert ']'
                                                            ╰─ 🛑 expected ')' to end attribute
                                                               ✏️ insert ')'
                var client
            }
            """#
        } fixes: {
            #"""
            @DIContainer(mainActor: true
            struct AppContainer {
                @Provide(.shared, Client.self, with: [\Self.
                var client
            }
            """#
        }
    }
}
