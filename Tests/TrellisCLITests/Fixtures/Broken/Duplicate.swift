import Trellis

@DIContainer
struct SessionContainer {
    @Provide(.input)
    var token: String
}

extension ShopContainer {
    init(defaultRegion: Void) {
        self.init(region: "eu")
    }
}
