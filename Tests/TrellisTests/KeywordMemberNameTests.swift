import Testing
import Trellis

final class Setting {
    let value: Int
    init(value: Int) { self.value = value }
}

final class Panel {
    let setting: Setting
    init(class: Setting) { self.setting = `class` }
}

// Members named with Swift keywords: declared with backticks, named without them by factory
// parameters, `with:` entries and container-closure reads.
@DIContainer
struct KeywordContainer {
    @Provide(.input)
    var `default`: Int

    @Provide(.shared, factory: { (default: Int) in Setting(value: `default`) }, concrete: true)
    var `class`: Setting

    @Provide(.transient, Panel.self, with: [\Self.class], concrete: true)
    var `func`: Panel

    @Provide(.transient, factory: { (c: Self) in Setting(value: c.default + c.class.value) }, concrete: true)
    var `return`: Setting

    @Provide(
        .shared, factory: { (class: Setting, return: Setting) in Setting(value: `class`.value * 10 + `return`.value) },
        concrete: true)
    var `logger`: Setting

    @Provide(.onDemand, factory: { (logger: Setting) in Setting(value: logger.value + 1) }, concrete: true)
    var `var`: Setting
}

@Suite("Members named with Swift keywords")
struct KeywordMemberNameTests {
    @Test("factory parameters, with: entries and container reads find keyword-named members")
    func keywordNames() {
        let container = KeywordContainer(default: 2)
        #expect(container.class.value == 2)
        #expect(container.func.setting === container.class)
        #expect(container.return.value == 4)
        #expect(container.logger.value == 24)
        #expect(container.var.value == 25)
        let overridden = KeywordContainer(default: 1, class: Setting(value: 7))
        #expect(overridden.func.setting.value == 7)
        #expect(overridden.logger.value == 78)
    }
}
