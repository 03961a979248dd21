import Testing
import Trellis

protocol TodoStore: Sendable { var address: String { get } }
struct PostgresTodoStore: TodoStore {
    let address: String
    init(url: String, poolSize: Int) { address = "\(url)#\(poolSize)" }
}
enum StoreFactories {
    static func store(url: String) -> any TodoStore { PostgresTodoStore(url: url, poolSize: 1) }
}

// A function named with its argument labels is a factory whose labels name the members it takes,
// as a closure's parameters would.
@DIContainer
struct FunctionReferenceContainer {
    @Provide(.input)
    var url: String

    @Provide(.input)
    var poolSize: Int

    @Provide(.shared, factory: StoreFactories.store(url:))
    var store: any TodoStore

    @Provide(.transient, factory: PostgresTodoStore.init(url:poolSize:))
    var pooled: any TodoStore
}

@Suite("Functions named with their labels as factories")
struct FunctionReferenceFactoryTests {
    @Test("a static function and an initializer named with their labels receive the members of those names")
    func labelsNameMembers() {
        let container = FunctionReferenceContainer(url: "postgres://db", poolSize: 4)
        #expect(container.store.address == "postgres://db#1")
        #expect(container.pooled.address == "postgres://db#4")
    }
}
