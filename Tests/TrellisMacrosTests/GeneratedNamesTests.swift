import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import TrellisMacros

/// `@DIContainer` declares the names of the members it adds (no `names: arbitrary`, which made the
/// compiler's lookups into a container quadratic in its members). These tests keep the declaration,
/// the generator and the list in `GeneratedNames` in step.
@Suite("Names of the generated members")
struct GeneratedNamesTests {
    /// The names of the members `@DIContainer` adds to the first type of `source`.
    static func generatedMemberNames(_ source: String) throws -> Set<String> {
        let (members, _) = try PlaceholderExpansionTests.expandMembers(source)
        let file = Parser.parse(source: "struct Wrapper {\n\(members)\n}")
        let wrapper = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
        var names: Set<String> = []
        for item in wrapper.memberBlock.members {
            let declaration = item.decl
            if declaration.is(InitializerDeclSyntax.self) {
                names.insert("init")
            } else if let variable = declaration.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    names.insert(try #require(binding.pattern.as(IdentifierPatternSyntax.self)).identifier.text)
                }
            } else if let named = declaration.asProtocol(NamedDeclSyntax.self) {
                names.insert(named.name.text)
            } else {
                Issue.record("unexpected generated member: \(declaration.trimmedDescription.prefix(60))")
            }
        }
        return names
    }

    static let containers = [
        // A struct with every scope, async and throwing members.
        """
        @DIContainer
        struct AppContainer {
            @Provide(.input) var baseURL: String
            @Provide(.shared, factory: { (baseURL: String) in Client(url: baseURL) }, concrete: true) var client: Client
            @Provide(.transient, factory: { () throws in try Page() }, concrete: true) var page: Page
            @Provide(.shared, asyncFactory: { () async in await Database() }, concrete: true) var database: Database
            @Provide(.transient, factory: { () in [1] }) var numbers: some Collection<Int>
        }
        """,
        // A struct whose values are kept in one reference, with owned and forwarding children.
        """
        @DIContainer
        struct AppContainer {
            @Provide(.input) var baseURL: String
            @Provide(.onDemand, factory: { (baseURL: String) in Catalog(url: baseURL) }, concrete: true) var catalog: Catalog
            @Provide(.child) var settings: SettingsContainer
            @Provide(.forwardingChild) var profile: ProfileContainer
        }
        """,
        // A final class isolated to the main actor.
        """
        @DIContainer(mainActor: true)
        final class AppContainer {
            @Provide(.input) var baseURL: String
            @Provide(.transient, factory: { (baseURL: String) in Page(url: baseURL) }, concrete: true) var page: Page
        }
        """,
        // Services add their start order, in a valid container and in one with errors.
        """
        @DIContainer
        struct AppContainer {
            @Provide(.shared, factory: { Pool() }, concrete: true, service: true) var pool: Pool
        }
        """,
        """
        @DIContainer
        struct AppContainer {
            @Provide(.shared, factory: { (missing: String) in Pool(missing) }, concrete: true, service: true) var pool: Pool
        }
        """,
        // A container with errors gets placeholder members.
        """
        @DIContainer
        struct AppContainer {
            @Provide(.shared, factory: { (missing: String) in Client(url: missing) }, concrete: true) var client: Client
            @Provide(.transient, factory: { () in Page() }, concrete: true) var page: Page
        }
        """,
    ]

    @Test("every member the macro adds has a name the macro declares", arguments: containers)
    func generatedNamesAreDeclared(source: String) throws {
        let names = try Self.generatedMemberNames(source)
        let undeclared = names.subtracting(GeneratedNames.memberRoleNames)
        #expect(undeclared.isEmpty, "generated members the macro does not declare: \(undeclared)")
        #expect(names.contains(GeneratedNames.storedValuesType))
    }

    @Test("the macro declarations in Trellis name exactly the generated members, and nothing arbitrary")
    func declarationsListTheNames() throws {
        let macros = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources/Trellis/Macros.swift")
        let file = Parser.parse(source: try String(contentsOf: macros, encoding: .utf8))
        var checked = 0
        for statement in file.statements {
            guard let macro = statement.item.as(MacroDeclSyntax.self), macro.name.text == "DIContainer" else { continue }
            let memberRole = try #require(
                macro.attributes.compactMap { $0.as(AttributeSyntax.self) }.first {
                    $0.arguments?.as(LabeledExprListSyntax.self)?.first?.expression.trimmedDescription == "member"
                })
            let arguments = try #require(memberRole.arguments?.as(LabeledExprListSyntax.self))
            let declared = arguments.dropFirst().map(\.expression.trimmedDescription)
            #expect(!declared.contains("arbitrary"))
            // A container with a parent has no `Inputs` and is built by its one initializer; any
            // other has no parent.
            let hasParent = macro.signature.parameterClause.parameters.contains { $0.firstName.text == "parent" }
            let expected = GeneratedNames.memberRoleNames.filter {
                hasParent ? $0 != GeneratedNames.inputsType && $0 != GeneratedNames.make : $0 != GeneratedNames.parent
            }
            #expect(Set(declared) == Set(expected.map { "named(\($0))" }))
            checked += 1
        }
        #expect(checked == 4)
    }

    @Test(
        "a free name is a whole identifier that no dot reaches",
        arguments: [
            ("container.token", true), ("(container)", true), ("`container`", true),
            ("link.container(providing: \"a\", to: \"b\")", false), ("_trellis_container.token", false),
            ("containers", false), ("let c = x", false),
        ])
    func freeNames(code: String, free: Bool) {
        #expect(GeneratedNames.namesFreely("container", in: code) == free)
    }

    /// A builder reading a provider through the container's link (a `.transient` kept by a
    /// `.shared` member) names its receiver `container`: the excerpt the compiler quotes under an
    /// error in the builder's head names no generated type.
    @Test("a builder whose provider reaches the container through its link still names it 'container'")
    func providerLinkKeepsTheReadableReceiver() throws {
        let (members, _) = try PlaceholderExpansionTests.expandMembers(
            """
            @DIContainer
            final class D: Sendable {
                @Provide(.transient, factory: HI()) var handler: any H
                @Provide(.transient, factory: { (handler: Provider<any H>) in R(handler) }, concrete: true) var runner: R
                @Provide(.shared, factory: { (runner: R) in W(runner) }, concrete: true) var kept: W
            }
            """)
        let builder = try #require(members.split(separator: "\n").first { $0.contains("static func runner(") })
        #expect(builder.contains("static func runner(_ container: D)"))
        #expect(members.contains("let container = _trellis_link.container(providing: \"handler\", to: \"runner\")"))
    }
}
