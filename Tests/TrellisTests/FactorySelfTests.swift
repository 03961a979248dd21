import Testing
import Trellis

// A factory may name the container's own static members through `Self`. Members built after the
// container exists are built in a nested enum of the generated code, where `Self` would name that
// enum; the generator writes the container's name instead.
@DIContainer
struct SelfReadingContainer {
    static let prefix = "self"
    static func decorate(_ name: String) -> String { "<\(name)>" }

    @Provide(.input)
    var name: String

    @Provide(.shared, factory: { (name: String) in EnglishGreeter(name: Self.prefix + name) }, concrete: true)
    var shared: EnglishGreeter

    @Provide(.transient, factory: { (name: String) in EnglishGreeter(name: Self.decorate(name)) }, concrete: true)
    var transient: EnglishGreeter

    @Provide(.onDemand, factory: { (name: String) in EnglishGreeter(name: Self.prefix + Self.decorate(name)) }, concrete: true)
    var onDemand: EnglishGreeter

    @Provide(.transient, factory: { (c: Self) in EnglishGreeter(name: Self.prefix + c.name) }, concrete: true)
    var fromContainerClosure: EnglishGreeter
}

final class Label: Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}

@DIContainer
final class SelfReadingClassContainer {
    static let suffix = "!"

    @Provide(.transient, factory: { () in Label("class" + Self.suffix) }, concrete: true)
    var transient: Label

    @Provide(.shared, asyncFactory: { () async in Label("async" + Self.suffix) }, concrete: true)
    var asyncShared: Label
}

@Suite("Factories that name the container through Self")
struct FactorySelfTests {
    @Test("Self in a factory is the container in the initializer and in builders")
    func selfIsTheContainer() {
        let container = SelfReadingContainer(name: "x")
        #expect(container.shared.name == "selfx")
        #expect(container.transient.name == "<x>")
        #expect(container.onDemand.name == "self<x>")
        #expect(container.fromContainerClosure.name == "selfx")
    }

    @Test("Self in a final class container's transient and async factories")
    func selfInFinalClass() async {
        let container = SelfReadingClassContainer()
        #expect(container.transient.text == "class!")
        #expect(await container.asyncShared.text == "async!")
    }
}
