import Trellis

@DIContainer
actor ActorContainer {
}

@DIContainer(colour: true)
struct ArgumentContainer {
    init() {}
}

@DIContainer(mainActor: true)
@DatabaseActor
struct IsolationContainer {
}

struct NotAContainer {
    @Provide(.input)
    var stray: String
}

@DIContainer
struct ShapeContainer {
    @Provide(.input)
    let constant: String

    @Provide(.input)
    var first, second: String

    @Provide(.input)
    var untyped
}

@DIContainer
struct RepeatedContainer {
    @Provide(.input) @Provide(.input)
    var twice: String
}
