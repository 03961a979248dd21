import Trellis

// Each @Assisted rule, once. This file is never compiled; the `trellis` tool reads it.
@DIContainer
struct AssistedContainer {
    @Provide(.input)
    var itemID: Int

    @Assisted(factory: { (itemID: Int) in Detail(itemID) })
    func shadowing(itemID: Int) -> Detail

    @Assisted(factory: { (title: String) in Detail(title) })
    func unused(title: String, page: Int) -> Detail

    @Provide(.transient, factory: { () throws in try Detail.load() }, concrete: true)
    var loaded: Detail

    @Assisted(factory: { (title: String, loaded: Detail) in Detail(title, loaded) })
    func careless(title: String) -> Detail

    @Provide(.shared, factory: { (careless: Detail) in careless }, concrete: true)
    var reader: Detail
}

struct NotAContainer {
    @Assisted(factory: { (title: String) in Detail(title) })
    func stray(title: String) -> Detail
}
