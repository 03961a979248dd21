import Testing
import Trellis

// Swift type-checks a macro's arguments before other types' member macros expand, so a factory
// closure cannot call another container's generated initializer. These forms put the call outside
// the attribute, where it compiles: AutoWiring (the call is generated), and a function.
@DIContainer
struct InnerContainer {
    @Provide(.input)
    var value: Int
}

func makeInnerContainer(value: Int) -> InnerContainer { InnerContainer(value: value * 10) }

@DIContainer
struct OuterContainer {
    @Provide(.input)
    var value: Int

    @Provide(.shared, InnerContainer.self, with: [\Self.value], concrete: true)
    var autoWired: InnerContainer

    @Provide(.shared, factory: { (value: Int) in makeInnerContainer(value: value) }, concrete: true)
    var fromFunction: InnerContainer
}

@Suite("Containers built by containers")
struct NestedContainerTests {
    @Test("a container can AutoWire another container or build it through a function")
    func builtOutsideTheAttribute() {
        let outer = OuterContainer(value: 4)
        #expect(outer.autoWired.value == 4)
        #expect(outer.fromFunction.value == 40)
    }
}
