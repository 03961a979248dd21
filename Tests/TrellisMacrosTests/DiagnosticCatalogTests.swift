import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing
import TrellisGraph
import TrellisMacros

/// Every rule of the catalog that the macro owns is raised by the macro under its stable ID. A code
/// added to `IssueCode` without a source here makes `everyCodeHasASource` fail, so the family
/// snapshot files cannot silently fall behind the catalog.
@Suite("Diagnostic catalog")
struct DiagnosticCatalogTests {
    /// The codes only the `trellis` tool can raise, from the whole program.
    static let wholeProgramCodes: Set<IssueCode> = [
        .containerCycle, .ambiguousContainer, .crossFileInitializer, .missingChildDependency, .scopeArgumentMismatch,
        .childTakesArguments, .unusedMember, .inaccessibleParentMember,
    ]

    /// A smallest source raising each code the macro owns.
    static let sources: [IssueCode: String] = [
        .unsupportedContainerKind: "@DIContainer enum C {}",
        .userDefinedInitializer: "@DIContainer struct C { init() {} }",
        .mainActorConflict: "@DIContainer(mainActor: true) @OtherActor struct C {}",
        .invalidArgument: "@DIContainer(strict: true) struct C {}",
        .genericContainer: "@DIContainer struct C<T> { @Provide(.input) var a: T }",
        .localContainer: "@DIContainer struct C {}",
        .memberTypeLessVisible: "@DIContainer public struct C { struct S {}; @Provide(.input) public var a: S }",
        .memberIsolationMismatch: "@DIContainer struct C { @MainActor @Provide(.shared, factory: A()) var a: any P }",
        .uninitializedStoredProperty: "@DIContainer struct C { var a: Int }",
        .reservedName: "@DIContainer struct C { struct Inputs {} }",
        .conditionalMember: "@DIContainer struct C {\n#if DEBUG\n@Provide(.input) var a: any P\n#endif\n}",
        .provideOutsideContainer: "struct C { @Provide(.input) var a: Int }",
        .repeatedAttribute: "@DIContainer struct C { @Provide(.input) @Provide(.input) var a: Int }",
        .invalidMemberDeclaration: "@DIContainer struct C { @Provide(.input) let a: any P }",
        .multipleBindings: "@DIContainer struct C { @Provide(.input) var a, b: any P }",
        .missingTypeAnnotation: "@DIContainer struct C { @Provide(.shared, factory: A()) var a }",
        .missingFactory: "@DIContainer struct C { @Provide(.shared) var a: any P }",
        .inputWithFactory: "@DIContainer struct C { @Provide(.input, factory: A()) var a: any P }",
        .asyncFactoryOnInput: "@DIContainer struct C { @Provide(.input, asyncFactory: { () async in A() }) var a: any P }",
        .conflictingFactories: "@DIContainer struct C { @Provide(.shared, A.self, factory: A()) var a: any P }",
        .asyncFactoryNotAsync: "@DIContainer struct C { @Provide(.shared, asyncFactory: { A() }) var a: any P }",
        .asyncClosureInFactory: "@DIContainer struct C { @Provide(.shared, factory: { () async in A() }) var a: any P }",
        .factoryResultType:
            "@DIContainer struct C { @Provide(.shared, factory: { () in if x { return A() }; return B() }) var a: any P }",
        .withWithoutType:
            "@DIContainer struct C { @Provide(.input) var b: any P; @Provide(.shared, with: [\\Self.b], factory: A()) var a: any P }",
        .invalidWithEntry:
            "@DIContainer struct C { @Provide(.input) var b: any P; @Provide(.shared, A.self, with: [\\.b]) var a: any P }",
        .concreteTypeWithoutOptIn: "@DIContainer struct C { @Provide(.shared, factory: A()) var a: A }",
        .opaqueTypeRequiresTransient: "@DIContainer struct C { @Provide(.shared, factory: A()) var a: some P }",
        .unknownMember: "@DIContainer struct C { @Provide(.shared, factory: { (b: any P) in A(b) }) var a: any P }",
        .unnamedClosureParameter: "@DIContainer struct C { @Provide(.shared, factory: { (_: Int) in A() }) var a: any P }",
        .memberReadInExpression:
            "@DIContainer struct C { @Provide(.input) var b: any P; @Provide(.shared, factory: A(b)) var a: any P }",
        .dependencyCycle: "@DIContainer struct C { @Provide(.shared, factory: { (a: any P) in A(a) }) var a: any P }",
        .synchronousReadsAsynchronous:
            "@DIContainer struct C { @Provide(.shared, asyncFactory: { () async in B() }) var b: any P; @Provide(.shared, factory: { (b: any P) in A(b) }) var a: any P }",
        .readsThrowingWithoutThrows:
            "@DIContainer struct C { @Provide(.transient, factory: { () throws in try B() }) var b: any P; @Provide(.shared, factory: { (b: any P) in A(b) }) var a: any P }",
        .containerParameterEscapes: "@DIContainer struct C { @Provide(.shared, factory: { (c: Self) in A(c) }) var a: any P }",
        .containerParameterShadowed:
            "@DIContainer struct C { @Provide(.input) var b: any P; @Provide(.shared, factory: { (c: Self) in let b = B(); return A(b, c.b) }) var a: any P }",
        .childWithFactory: "@DIContainer struct C: FDependencies { @Provide(.child, factory: F()) var f: F }",
        .invalidChildType: "@DIContainer struct C { @Provide(.child) var f: any P }",
        .containerOwnsItself: "@DIContainer struct C { @Provide(.forwardingChild) var again: C }",
        .childNeedsNotDeclared: "@DIContainer struct C { @Provide(.child) var f: F }",
        .eagerReadsChild:
            "@DIContainer struct C: FDependencies { @Provide(.child) var f: F; @Provide(.shared, factory: { (f: F) in A(f) }) var a: any P }",
        .serviceNotSingleInstance: "@DIContainer struct C { @Provide(.transient, factory: A(), service: true) var a: any P }",
        .providerTypeMismatch:
            "@DIContainer struct C { @Provide(.input) var b: any P; @Provide(.shared, factory: { (b: Provider<Int>) in A(b) }) var a: any P }",
        .unsupportedProvider:
            "@DIContainer struct C { @Provide(.shared, asyncFactory: { () async in B() }) var b: any P; @Provide(.shared, factory: { (b: Provider<any P>) in A(b) }) var a: any P }",
        .invalidCollectionType:
            "@DIContainer struct C { @Provide(.shared, factory: A(), into: \\Self.a) var b: any P; @Provide(.collection) var a: any P }",
        .collectionWithFactory:
            "@DIContainer struct C { @Provide(.shared, factory: A(), into: \\Self.a) var b: any P; @Provide(.collection, factory: []) var a: [any P] }",
        .emptyCollection: "@DIContainer struct C { @Provide(.collection) var a: [any P] }",
        .unknownCollection: "@DIContainer struct C { @Provide(.shared, factory: A(), into: \\Self.a) var b: any P }",
        .contributionKey:
            "@DIContainer struct C { @Provide(.shared, factory: A(), into: \\Self.a) var b: any P; @Provide(.collection) var a: [String: any P] }",
        .duplicateContributionKey:
            "@DIContainer struct C { @Provide(.shared, factory: A(), into: \\Self.a, key: 1) var b: any P; @Provide(.shared, factory: A(), into: \\Self.a, key: 1) var c: any P; @Provide(.collection) var a: [Int: any P] }",
        .unsupportedContribution:
            "@DIContainer struct C { @Provide(.shared, asyncFactory: { () async in A() }, into: \\Self.a) var b: any P; @Provide(.collection) var a: [any P] }",
        .argumentShadowsMember:
            "@DIContainer struct C { @Provide(.input) var b: Int; @Assisted(factory: { (b: Int) in A(b) }) func a(b: Int) -> A }",
        .unusedArgument: "@DIContainer struct C { @Assisted(factory: { A() }) func a(b: Int) -> A }",
        .assistedEffectNotDeclared:
            "@DIContainer struct C { @Assisted(factory: { (b: Int) throws in try A(b) }) func a(b: Int) -> A }",
        .readsAssistedMember:
            "@DIContainer struct C { @Assisted(factory: { (b: Int) in A(b) }) func a(b: Int) -> A; @Provide(.shared, factory: { (a: A) in a }, concrete: true) var d: A }",
        .weakContainerLink:
            "@DIContainer struct C { @Provide(.transient, factory: B(), concrete: true) var b: B; @Provide(.shared, factory: { (b: Provider<B>) in A(b) }, concrete: true, service: true) var a: A }",
    ]

    /// The declaration enclosing a code's source, where the rule is about the container's place.
    static let enclosingDeclarations: [IssueCode: String] = [.localContainer: "func make() {}"]

    /// The IDs of the diagnostics reported for `source`: by `@DIContainer` (its peer role) when the type has it,
    /// otherwise by each `@Provide` of its members (which then sees no enclosing container).
    static func diagnosticIDs(_ source: String, enclosedBy enclosing: String? = nil) throws -> [MessageID] {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.asProtocol(DeclGroupSyntax.self))
        let outer = enclosing.flatMap { Parser.parse(source: $0).statements.first.map { Syntax($0.item) } }
        let context = BasicMacroExpansionContext(lexicalContext: [Syntax(declaration)] + (outer.map { [$0] } ?? []))
        if let attribute = declaration.attributes.first?.as(AttributeSyntax.self) {
            _ = try DIContainerMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        } else {
            for item in declaration.memberBlock.members {
                guard let variable = item.decl.as(VariableDeclSyntax.self),
                    let provide = variable.attributes.first?.as(AttributeSyntax.self)
                else { continue }
                _ = try ProvideMacro.expansion(of: provide, providingAccessorsOf: variable, in: context)
            }
        }
        return context.diagnostics.map(\.diagMessage.diagnosticID)
    }

    @Test("every code but the whole-program ones has a source here")
    func everyCodeHasASource() {
        let owned = Set(IssueCode.allCases).subtracting(Self.wholeProgramCodes)
        #expect(Set(Self.sources.keys) == owned)
    }

    @Test(
        "the macro reports the code under its stable ID",
        arguments: IssueCode.allCases.filter { !wholeProgramCodes.contains($0) }.sorted { $0.rawValue < $1.rawValue })
    func reportsUnderStableID(_ code: IssueCode) throws {
        let source = try #require(Self.sources[code])
        #expect(
            try Self.diagnosticIDs(source, enclosedBy: Self.enclosingDeclarations[code])
                == [MessageID(domain: "Trellis", id: code.rawValue)])
    }
}
