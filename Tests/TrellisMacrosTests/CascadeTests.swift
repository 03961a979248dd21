import MacroTesting
import Testing
import TrellisMacros

/// Where `@DIContainer` generates nothing, `@Provide` reads nothing of it either (a getter that
/// stops, or none where Swift needs none), so the user sees the one diagnostic that matters instead
/// of follow-on "cannot find '_trellis_...'" errors.
@Suite(.macros(["DIContainer": DIContainerMacro.self, "Provide": ProvideMacro.self], record: .missing))
struct CascadeTests {
    @Test("an actor container reports its kind only; its members get getters that read nothing")
    func actorContainer() {
        assertMacro {
            """
            @DIContainer
            actor Registry {
                @Provide(.input)
                var name: String
            }
            """
        } diagnostics: {
            """
            @DIContainer
            ┬───────────
            ╰─ 🛑 @DIContainer applies to a struct or a final class, not to an actor 'Registry'
            actor Registry {
                @Provide(.input)
                var name: String
            }
            """
        }
    }

    @Test("a static member is reported, with a fix-it; it gets a getter that reads nothing")
    func staticMember() {
        assertMacro {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.input)
                static var name: String
            }
            """
        } diagnostics: {
            """
            @DIContainer
            struct AppContainer {
                @Provide(.input)
                static var name: String
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
                var name: String
            }
            """
        }
    }
}
