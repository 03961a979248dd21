// An initializer for a container, written in another file: the macro cannot see it, the plugin does.
extension AppContainer {
    init() {
        self.init(name: "default")
    }
}
