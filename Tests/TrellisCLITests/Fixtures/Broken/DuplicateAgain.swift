import Trellis

@DIContainer
struct SessionContainer {
    @Provide(.input)
    var user: String
}

extension CheckoutContainer {
    var label: String { "checkout" }
}

extension CheckoutContainer {
    init() { self.init(region: "us") }
    init(test: Bool) { self.init(region: "test") }
}

// Declared twice too, but left out of the whole-program rules.
@DIContainer(validateDAG: false)
struct LegacyContainer {
}
