import Trellis

@DIContainer
struct FeatureContainer {
    @Provide(.input)
    var greeter: any GreeterProtocol
}

extension FeatureContainer {
    /// Members in an extension in another file are fine; only initializers are not.
    var greeting: String { greeter.greet() }
}
