import SwiftParser
import SwiftSyntax
import Testing

@testable import TrellisMacros

/// The aliases through which a container's storage names its members' types: one per member whose
/// type an alias can stand for, none where the alias would change what the type means.
@Suite("Member type aliases")
struct MemberTypeAliasesTests {
    /// The names of the aliases `@DIContainer` declares for the first container of `source`.
    static func aliasNames(_ source: String) throws -> [String] {
        // The aliases are placed on the types: the context knows the file.
        let (members, diagnostics) = try PlaceholderExpansionTests.expandMembers(source, fileName: "App.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let file = Parser.parse(source: "struct Wrapper {\n\(members)\n}")
        let wrapper = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
        guard
            let aliases = wrapper.memberBlock.members.lazy.compactMap({ $0.decl.as(EnumDeclSyntax.self) })
                .first(where: { $0.name.text == GeneratedNames.memberTypesType })
        else { return [] }
        return aliases.memberBlock.members.compactMap { $0.decl.as(TypeAliasDeclSyntax.self)?.name.text }
    }

    @Test("values of plain, optional, existential, function and keyword-named members get an alias, in declaration order")
    func aliasedMembers() throws {
        let names = try Self.aliasNames(
            """
            @DIContainer(concrete: true)
            struct AppContainer {
                @Provide(.input) var config: Config
                @Provide(.shared, factory: MemoryStore()) var store: (any Store)?
                @Provide(.transient, factory: { (config: Config) in Page(config) }) var page: Page
                @Provide(.onDemand, factory: Cache()) var cache: Cache<String, Int>
                @Provide(.input) var handler: @Sendable (Int) -> Void
                @Provide(.shared, factory: Config()) var `default`: Config
            }
            """)
        #expect(names == ["config", "store", "page", "cache", "handler", "`default`"])
    }

    @Test(
        "no alias where it would name another thing: Self, a member's name, an opaque or implicitly unwrapped type, a collection, an @Assisted function's argument naming a member"
    )
    func membersWithoutAlias() throws {
        let names = try Self.aliasNames(
            """
            @DIContainer(concrete: true)
            struct AppContainer {
                @Provide(.input) var config: Config
                @Provide(.shared, factory: { (config: Config) in [Box(config)] }) var boxes: [Self.Box]
                @Provide(.shared, factory: Holder()) var holder: Holder<config>
                @Provide(.transient, factory: Page()) var page: some View
                @Provide(.input) var legacy: Legacy!
                @Provide(.collection, allowsEmpty: true) var routes: [any Route]
                @Assisted(factory: { (id: Int) in Detail(id: id) }) func detail(id: Int) -> Detail
                @Assisted(factory: { (c: config) in Screen(c) }) func screen(for c: config) -> Screen
            }
            """)
        // The first function's alias is its override's type, `(AppContainer, Int) -> Detail`.
        #expect(names == ["config", "detail"])
    }

    @Test("a frozen container's stored values are usable from inlinable code: no private aliases")
    func frozenContainer() throws {
        let names = try Self.aliasNames(
            """
            @frozen @DIContainer(concrete: true)
            public struct AppContainer {
                @Provide(.input) public var config: Config
            }
            """)
        #expect(names.isEmpty)
    }
}
