import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing
import TrellisMacros

/// With errors, `assertMacro` shows diagnostics but no expansion, so the placeholder members are
/// checked here by calling the member role directly and comparing its whole output.
@Suite("Placeholder expansion when the container has errors")
struct PlaceholderExpansionTests {
    /// The members `@DIContainer` adds to the first type declaration of `source`, and the IDs of
    /// the diagnostics it reports.
    /// With `fileName`, the context knows the source file, as the compiler's does, so that what the
    /// macro places on the user's lines has places.
    static func expandMembers(_ source: String, fileName: String? = nil) throws -> (members: String, diagnostics: [MessageID]) {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.asProtocol(DeclGroupSyntax.self))
        let attribute = try #require(
            declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }.first {
                $0.attributeName.trimmedDescription == "DIContainer"
            })
        let context = BasicMacroExpansionContext(
            sourceFiles: fileName.map { [file: .init(moduleName: "App", fullFilePath: $0)] } ?? [:])
        // The peer role reports the issues; the member role writes the members.
        _ = try DIContainerMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        let members = try DIContainerMacro.expansion(
            of: attribute, providingMembersOf: declaration, conformingTo: [], in: context)
        return (
            members.map(\.description).joined(separator: "\n"),
            context.diagnostics.map(\.diagMessage.diagnosticID)
        )
    }

    @Test("keeps storage and signatures of every member and stops in each body")
    func placeholderMembers() throws {
        let (members, diagnostics) = try Self.expandMembers(
            """
            @DIContainer
            public struct AppContainer {
                @Provide(.input)
                var baseURL: String

                @Provide(.shared, factory: { (sesion: any SessionProtocol) in Client(session: sesion) })
                var client: any ClientProtocol

                @Provide(.transient, factory: { () throws in try ViewModel() })
                var viewModel: any ViewModelProtocol

                @Provide(.transient, factory: { () in [1] })
                var numbers: some Collection<Int>

                @Provide(.shared, asyncFactory: { () async throws in try await Database.connect() })
                var database: any DatabaseProtocol

                @Provide(.input)
                var host, port: String
            }
            """)
        #expect(diagnostics == [trellisID("multiple-bindings"), trellisID("unknown-member")])
        #expect(
            members == """
                /// The stored values, one per member that keeps one.
                private struct _trellis_StoredValues {
                    // One value per member, each on its member's line:
                    let baseURL: String
                    let client: any ClientProtocol
                    let viewModel: (any ViewModelProtocol)?
                    let database: Trellis.AsyncShared<any DatabaseProtocol, any Error>
                }
                private let _trellis_storage: Trellis.ContainerStorage<_trellis_StoredValues>
                public init(baseURL: String, client: (any ClientProtocol)? = nil, viewModel: (any ViewModelProtocol)? = nil, database: (any DatabaseProtocol)? = nil) {
                    fatalError("Trellis: 'AppContainer' has compile-time errors")
                }
                /// The values `AppContainer` is created from: its inputs, and those of the children it forwards.
                public struct Inputs {
                    let baseURL: String
                    /// Reads every value from `dependencies`.
                    public init(from dependencies: some AppContainerDependencies) {
                        self.baseURL = dependencies.baseURL
                    }
                }
                public init(dependencies: some AppContainerDependencies) {
                    fatalError("Trellis: 'AppContainer' has compile-time errors")
                }
                public init(inputs: Inputs) {
                    fatalError("Trellis: 'AppContainer' has compile-time errors")
                }
                /// Builds the members that are built after the container exists.
                private enum _trellis_Builders {
                    // Builds 'viewModel' from its declaration:
                    static func viewModel(_ container: AppContainer) throws -> any ViewModelProtocol {
                        // (generated code)
                        fatalError("Trellis: 'AppContainer' has compile-time errors")
                    }

                    // Builds 'numbers' from its declaration:
                    static func numbers(_ container: AppContainer) -> some Collection<Int> {
                        // (generated code)
                        return Trellis.unbuilt(resultOf: { () in [1] })
                    }

                    // Builds 'database' from its declaration:
                    static func database(_ container: AppContainer) async throws -> any DatabaseProtocol {
                        // (generated code)
                        fatalError("Trellis: 'AppContainer' has compile-time errors")
                    }
                }
                """)
    }

    @Test("is empty for a declaration that cannot be a container")
    func unsupportedKind() throws {
        let (members, diagnostics) = try Self.expandMembers(
            """
            @DIContainer
            actor AppContainer {
                @Provide(.input)
                var baseURL: String
            }
            """)
        #expect(diagnostics == [trellisID("unsupported-container-kind")])
        #expect(members == "")
    }
}

private func trellisID(_ rule: String) -> MessageID {
    MessageID(domain: "Trellis", id: "trellis.\(rule)")
}
