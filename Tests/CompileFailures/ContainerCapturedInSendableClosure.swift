// A factory that takes the container and hands it to a '@Sendable' closure, in a container that is
// not 'Sendable': the compiler's error is on the user's 'c', in the user's words ('capture of 'c''),
// never naming the parameter of the code Trellis generates. (Taking `c.screen` as a value instead
// compiles: Trellis then makes the container 'Sendable'; AssistedTests runs it.)
import Trellis

struct Screen: Sendable {}
struct Opener: Sendable { let open: @Sendable (Int) -> Screen }

@DIContainer
struct NestedClosure {
    @Provide(.transient, factory: { (c: Self) in Opener(open: { id in c.screen(id: id) }) }, concrete: true)
    var opener: Opener
    @Assisted(factory: { (id: Int) in Screen() })
    func screen(id: Int) -> Screen
}
