import Trellis

@DIContainer(root: true)
struct ShopContainer {
    @Provide(.input)
    var region: String

    @Provide(.transient, factory: { (region: String) in CheckoutContainer(region: region) }, concrete: true)
    var checkout: CheckoutContainer
}

@DIContainer
struct CheckoutContainer {
    @Provide(.input)
    var region: String

    @Provide(.transient, factory: { (region: String) in ShopContainer(region: region) }, concrete: true)
    var backToShop: ShopContainer
}

// Left out of the whole-program rules: its cycle with itself is not reported.
@DIContainer(validateDAG: false)
struct LegacyContainer {
    @Provide(.transient, factory: { LegacyContainer() }, concrete: true)
    var again: LegacyContainer
}

extension CheckoutContainer {
    init(sameFile: Void) { self.init(region: "same file") }
}
