import Trellis

@DIContainer(root: true)
struct AppContainer {
    @Provide(.input)
    var name: String
}
