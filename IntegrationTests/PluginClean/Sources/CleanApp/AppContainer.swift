import Trellis

protocol GreeterProtocol: Sendable {
    func greet() -> String
}

struct Greeter: GreeterProtocol {
    let name: String
    func greet() -> String { "Hello, \(name)" }
}

@DIContainer(root: true)
struct AppContainer {
    @Provide(.input)
    var name: String

    @Provide(.shared, factory: { (name: String) in Greeter(name: name) })
    var greeter: any GreeterProtocol
}
