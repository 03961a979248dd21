import Testing
import Trellis

// The generated initializer builds the members read while the container is created in dependency
// order: through closures (container closures, transients built for a shared reader), from
// overrides, and on the main actor when the container's type is isolated to it.

final class Part: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

@DIContainer
struct AssemblyContainer {
    @Provide(.input)
    var prefix: String

    @Provide(.shared, factory: { (prefix: String) in Part(prefix + "-engine") }, concrete: true)
    var engine: Part

    // Read by `parts` while the container is created: built then, reading `engine`.
    @Provide(.transient, factory: { (engine: Part) in Part(engine.label + "-wheel") }, concrete: true)
    var wheel: Part

    // Read by `parts` while the container is created: built then, and kept.
    @Provide(.onDemand, factory: { (prefix: String) in Part(prefix + "-manual") }, concrete: true)
    var manual: Part

    // A closure taking the container reads a shared, a transient (twice) and an on-demand member.
    @Provide(.shared, factory: { (c: Self) in [c.engine, c.wheel, c.wheel, c.manual] }, concrete: true)
    var parts: [Part]

    // Reads a member declared before it and one declared after it.
    @Provide(.shared, factory: { (parts: [Part], label: String) in "\(label):\(parts.count)" }, concrete: true)
    var summary: String

    @Provide(.shared, factory: { (engine: Part) in engine.label.uppercased() }, concrete: true)
    var label: String
}

/// Isolated to the main actor: only code on the main actor can create it.
@MainActor
final class Screen {
    let title: String
    init(title: String) { self.title = title }
}

// A container on the main actor through its type's attribute (not `mainActor: true`): its
// members are built there too.
@MainActor
@DIContainer
struct ScreenContainer {
    @Provide(.input)
    var title: String

    @Provide(.shared, factory: { (title: String) in Screen(title: title) }, concrete: true)
    var screen: Screen
}

@Suite("The generated initializer")
struct InitializerTests {
    @Test("members read at creation through a closure are the ones the container keeps")
    func closuresReadKeptMembers() {
        let container = AssemblyContainer(prefix: "p")
        let parts = container.parts
        #expect(parts.map(\.label) == ["p-engine", "p-engine-wheel", "p-engine-wheel", "p-manual"])
        #expect(parts[0] === container.engine)
        #expect(parts[1] !== parts[2])
        #expect(parts[1] !== container.wheel)
        #expect(parts[3] === container.manual)
        #expect(container.summary == "P-ENGINE:4")
    }

    @Test("overrides reach the members built from them")
    func overridesReachReaders() {
        let engine = Part("custom")
        let container = AssemblyContainer(prefix: "p", engine: engine, wheel: Part("spare"))
        #expect(container.engine === engine)
        #expect(container.parts.map(\.label) == ["custom", "spare", "spare", "p-manual"])
        #expect(container.label == "CUSTOM")
    }

    // Calling a getter copies a struct, and a debug build retains every stored value of the copy:
    // one reference keeps that copy one pointer wide, whatever the members.
    @Test("a struct container is one reference wide, with or without on-demand members")
    func structContainerIsOneReference() throws {
        #expect(MemoryLayout<ThrowingContainer>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<AssemblyContainer>.size == MemoryLayout<AnyObject>.size)
        let container = try ThrowingContainer(port: 80)
        let copy = container
        #expect(copy.address == "localhost:80")
        #expect(try copy.nextPort == 81)
    }

    @Test("a container isolated by its type's attribute builds main-actor members")
    @MainActor
    func mainActorType() {
        let container = ScreenContainer(title: "Home")
        #expect(container.screen.title == "Home")
        #expect(container.screen === container.screen)
    }
}
