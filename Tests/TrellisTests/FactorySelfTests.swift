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

protocol NamedStore: Sendable { var name: String { get } }
struct DiskStore: NamedStore {
    let name: String
    func prepared() -> String { "prepared \(name)" }
}

// A local may take a member's name where it does not hide a read of that member: in its own
// initializer (`let store = c.store`), in an `if let` or `guard let` that casts the member, and in a
// nested closure's parameter that no read follows. The copied code reads the member by its bare
// name, so each of these must still reach the member, in the initializer and in builders alike.
@DIContainer(concrete: true)
struct LocalNamedLikeMemberContainer {
    @Provide(.input)
    var store: any NamedStore

    @Provide(
        .shared,
        factory: { (c: Self) in
            var text = "none"
            if let store = c.store as? DiskStore { text = store.prepared() }
            let store = c.store
            return Label(text + ", " + store.name)
        })
    var shared: Label

    @Provide(
        .transient,
        factory: { (c: Self) in
            guard let store = c.store as? DiskStore else { return Label("not on disk") }
            return Label(store.prepared())
        })
    var transient: Label

    @Provide(
        .shared,
        asyncFactory: { (c: Self) async in
            let names = [c.store, c.store].map { store in store.name }
            return Label(names.joined(separator: "+") + " " + c.store.name)
        })
    var asyncShared: Label
}

struct MemoryStore: NamedStore { let name = "memory" }

@Suite("A factory's locals named like the members it reads")
struct LocalNamedLikeMemberTests {
    @Test("a local in scope after the read it is named after leaves the read to the member")
    func localsAfterTheirRead() async {
        let onDisk = LocalNamedLikeMemberContainer(store: DiskStore(name: "a"))
        #expect(onDisk.shared.text == "prepared a, a")
        #expect(onDisk.transient.text == "prepared a")
        #expect(await onDisk.asyncShared.text == "a+a a")
        let inMemory = LocalNamedLikeMemberContainer(store: MemoryStore())
        #expect(inMemory.shared.text == "none, memory")
        #expect(inMemory.transient.text == "not on disk")
    }
}
