import Trellis

@DIContainer
struct GenericContainer<Value: Sendable> {
    @Provide(.input)
    var value: Value
}

@DIContainer
struct StoredPropertyContainer {
    @Provide(.input)
    var name: String

    var retries: Int
}

@DIContainer
struct ConditionalContainer {
    #if DEBUG
    @Provide(.shared, factory: DebugStore())
    var store: any Store
    #endif
}

func makeLocalContainer() {
    @DIContainer
    struct LocalContainer {
        @Provide(.input)
        var name: String
    }
}

struct GenericOwner<Element> {
    @DIContainer
    struct NestedInGeneric {
        @Provide(.input)
        var name: String
    }
}

@DIContainer
struct IsolatedMemberContainer {
    @MainActor
    @Provide(.shared, factory: ScreenModel(), concrete: true)
    var model: ScreenModel
}

@DIContainer
public struct VisibilityContainer {
    struct Internal: Sendable {}

    @Provide(.input)
    var hidden: Internal
}

@DIContainer
struct ReservedNameContainer {
    struct Inputs {}

    @Provide(.input)
    var name: String
}
