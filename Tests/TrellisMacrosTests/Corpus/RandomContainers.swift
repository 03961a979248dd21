import TrellisGraph

/// Declarations every corpus program may use, compiled once with them.
/// Public, as the types of a public or package container's members must be (its initializer
/// takes each of them).
let corpusPrelude = """
    import Trellis

    public protocol Service: Sendable { var id: Int { get } }
    public struct ServiceImpl: Service {
        public var id = 0
        public init() {}
    }
    public struct Box: Sendable {
        public var value = 0
        public init() {}
    }
    public actor Counter {
        public init() {}
    }
    public enum Helpers {
        @Sendable public static func identity(_ value: Int) -> Int { value }
    }
    /// Returns `value`; `reads` only makes a factory read the members it names.
    func use<T>(_ reads: Any?..., value: T) -> T { value }
    /// Returns `value` after a suspension point: a closure that awaits it is async without saying so.
    func settled<T: Sendable>(_ value: T) async -> T { value }
    /// Returns `value`, and may throw: a factory that calls it throws.
    func attempt<T>(_ value: T) throws -> T { value }
    /// Declared outside every container: the macro cannot see that these are a function type, a
    /// class without `init()`, or a type that is not `Sendable`.
    public typealias EventHandler = @Sendable (Int) -> Void
    open class NamedBase { public init(name: String) {} }
    open class PlainBase { public init() {} }
    public final class UnsafeCache { public init() {} }
    /// Internal, unlike the rest: too private for a public container's initializer.
    struct HiddenSettings: Sendable { init() {} }
    """

/// A program of the corpus: its source and what compiling it must give.
struct CorpusProgram {
    /// What the program is, for failure messages.
    let name: String
    let source: String
    /// `nil`: it compiles without any error or warning. Otherwise the code its misuse must get.
    let expectedCode: IssueCode?
}

/// The shapes a member's type takes in generated containers, each with a value to build it from.
enum TypeShape: CaseIterable {
    case existential, concrete, nestedStruct, nestedAlias, collection, optional, tuple, function, actor

    var text: String {
        switch self {
        case .existential: "any Service"
        case .concrete: "Box"
        case .nestedStruct: "Settings"
        case .nestedAlias: "Count"
        case .collection: "any Collection<Int>"
        case .optional: "Box?"
        case .tuple: "(Int, String)"
        case .function: "@Sendable (Int) -> Int"
        case .actor: "Counter"
        }
    }

    var value: String {
        switch self {
        case .existential: "ServiceImpl()"
        case .concrete, .optional: "Box()"
        case .nestedStruct: "Settings()"
        case .nestedAlias: "7"
        case .collection: "[1, 2]"
        case .tuple: "(1, \"one\")"
        case .function: "Helpers.identity"
        case .actor: "Counter()"
        }
    }

    /// Whether a built member of this type needs `concrete: true`.
    var needsConcrete: Bool { self != .existential && self != .collection }

    /// The type as a closure parameter: a function parameter must be `@escaping` to be kept.
    var parameterText: String { self == .function ? "@escaping \(text)" : text }
}

/// One way to break a generated container, and the code the break must be reported under.
enum Mutation: CaseIterable {
    case conditional, generic, storedProperty, dropConcrete, misspelledRead, selfRead, letMember, userInitializer
    case missingFactory, unusedArgument, shadowingArgument, transientService
    /// The design documents' spellings Swift rejects in an attribute: a factory expression reading
    /// members, an initial value in place of `factory:`, `concrete:` written before `factory:`.
    case expressionFactory, initialValue, argumentOrder

    var code: IssueCode {
        switch self {
        case .conditional: .conditionalMember
        case .generic: .genericContainer
        case .storedProperty: .uninitializedStoredProperty
        case .dropConcrete: .concreteTypeWithoutOptIn
        case .misspelledRead: .unknownMember
        case .selfRead: .dependencyCycle
        case .letMember: .invalidMemberDeclaration
        case .userInitializer: .userDefinedInitializer
        case .missingFactory: .missingFactory
        case .unusedArgument: .unusedArgument
        case .shadowingArgument: .argumentShadowsMember
        case .transientService: .serviceNotSingleInstance
        case .expressionFactory: .memberReadInExpression
        case .initialValue: .invalidMemberDeclaration
        case .argumentOrder: .invalidArgument
        }
    }
}

/// A random valid container (named `Random<index>`), written as a user would: members of every
/// scope and type shape, reading earlier members by closure parameter or through the container,
/// with doc comments, access levels, deprecations, Unicode and backticked names, and the other
/// declarations a container body holds. ``render(_:)`` writes it whole or with one ``Mutation``.
struct RandomContainer {
    struct GeneratedMember {
        var name: String
        var scope: MemberScope
        var shape: TypeShape
        var reads: [Int]
        var throughContainer: Bool
        var decoration: String
        var deprecated: Bool
        var defaultValue: Bool
        /// Built by an `asyncFactory` (only `.shared` and `.transient`; read only by async members).
        var isAsync: Bool
        /// Marked `service: true` (only `.input`, `.shared` and `.onDemand`).
        var isService = false
        /// Built by AutoWiring, `Wired<position>.self, with: [\Self.read, ...]`: the member's type is
        /// then a struct the container declares, whose initializer takes the members it reads by
        /// name. Only in the whole container (``render(_:)`` without a mutation), so that the
        /// mutants stay those of earlier corpora.
        var isAutoWired = false
        /// Built by a factory that throws: a `.shared` or `.transient` member that no other member or
        /// function reads (so that no reader has to throw too). Only in the whole container, as
        /// ``isAutoWired``.
        var isThrowing = false
        /// The reads its factory takes as a `Provider` or a `Lazy` of the member instead of its value
        /// (by position in ``reads``), in a container that may have providers. Only in the whole
        /// container, as ``isAutoWired``.
        var providedReads: [Int: String] = [:]
    }

    /// An `@Assisted` function: its arguments (`a0: Int`, `a1: String`), the members its factory
    /// reads, and what it returns. `async` when it reads an async member.
    struct GeneratedFunction {
        var name: String
        var argumentCount: Int
        var reads: [Int]
        var shape: TypeShape
        var isAsync: Bool
    }

    static let functionArguments = [("a0", "Int"), ("a1", "String")]

    /// A scope the container creates per unit of work, `Random<index>Scope`, declared
    /// `@DIContainer(parent: Random<index>.self)`: an `.argument` `id: Int`, a member built from it
    /// and some of the container's members (read from the parent by closure parameter), and a member
    /// reading that one and the parent's through the scope. The container creates it with
    /// `@Assisted(.scope) func openScope(id: Int)`.
    struct GeneratedScope {
        var isClass: Bool
        /// The scope of the member built from the argument (`.shared`, `.transient` or `.onDemand`).
        var scope: MemberScope
        /// The container's members the first member reads, by position.
        var reads: [Int]
        /// A container's member the second member reads through the scope, by position.
        var readThroughScope: Int?
    }

    let index: Int
    let isClass: Bool
    let isPackage: Bool
    let mainActor: Bool
    var members: [GeneratedMember] = []
    var functions: [GeneratedFunction] = []
    var extras: [String] = []
    /// The container collects its `Count` members built with it (`.shared` and `.transient`, neither
    /// async nor throwing) into `@Provide(.collection, allowsEmpty: true) var counts: [Int]`. Only
    /// in the whole container, as ``GeneratedMember/isAutoWired``.
    var collectsCounts = false
    /// The members of this container an owned child (`@Provide(.child) var feature:
    /// Random<index>Feature`) takes as its `.input` members, by position; `nil`: no child. The
    /// container declares `: Random<index>FeatureDependencies`. Rendered as ``scope``.
    var childInputs: [Int]?
    /// The scope this container creates, if any (see ``GeneratedScope``). Rendered only by
    /// ``render(_:scoped:)`` with `scoped`, in the whole container, as
    /// ``GeneratedMember/isAutoWired``: the slip and misuse corpora leave it out.
    var scope: GeneratedScope?

    init<Generator: RandomNumberGenerator>(index: Int, using generator: inout Generator) {
        self.index = index
        isClass = Bool.random(using: &generator)
        isPackage = Int.random(in: 0..<4, using: &generator) == 0
        mainActor = Int.random(in: 0..<5, using: &generator) == 0
        let count = Int.random(in: 1...7, using: &generator)
        // A container with async members is Sendable, so every member's type must be.
        let mayBeAsync = Int.random(in: 0..<3, using: &generator) == 0
        let shapes = TypeShape.allCases.filter { !mayBeAsync || $0 != .collection }
        var usedSpecialNames = Set<String>()
        for position in 0..<count {
            let scope = [MemberScope.input, .shared, .transient, .onDemand].randomElement(using: &generator)!
            var name = "m\(position)"
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: name = "größe\(position)"
            case 1 where usedSpecialNames.insert("default").inserted: name = "`default`"
            case 2 where usedSpecialNames.insert("class").inserted: name = "`class`"
            default: break
            }
            let isAsync =
                mayBeAsync && (scope == .shared || scope == .transient) && Int.random(in: 0..<2, using: &generator) == 0
            let readable = members.indices.filter { !members[$0].deprecated && (isAsync || !members[$0].isAsync) }
            let reads =
                scope == .input
                ? [] : Array(readable.shuffled(using: &generator).prefix(Int.random(in: 0...2, using: &generator)))
            let decorations = [
                "", "", "/// The member's documentation.\n    ", "internal ", "fileprivate ", "private ",
                mainActor ? "" : "nonisolated ",
            ]
            members.append(
                GeneratedMember(
                    name: name, scope: scope, shape: shapes.randomElement(using: &generator)!, reads: reads,
                    throughContainer: !isAsync && Int.random(in: 0..<3, using: &generator) == 0,
                    decoration: decorations.randomElement(using: &generator)!,
                    deprecated: Int.random(in: 0..<8, using: &generator) == 0,
                    defaultValue: scope == .input && Int.random(in: 0..<3, using: &generator) == 0, isAsync: isAsync))
        }
        let possibleExtras = [
            "let constant = 1", "static let shared = 2", "var computed: Int { 3 }", "func helper() -> Int { 4 }",
            "enum Mode { case first, second }", "var optionalStored: Int?", "#if DEBUG\n    func debugOnly() {}\n    #endif",
            "// A comment between members.", "@available(*, deprecated) var oldComputed: Int { 0 }",
            "subscript(position: Int) -> Int { position }", "typealias Identifier = String",
        ]
        extras = possibleExtras.filter { extra in
            // A Sendable class has no mutable stored property (the compiler says so on that line).
            Int.random(in: 0..<3, using: &generator) == 0 && !(mayBeAsync && isClass && extra.hasPrefix("var optional"))
        }
        // Generators of their own, so that the members above stay those of earlier corpora.
        var serviceGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x7365_7276)
        for position in members.indices where [.input, .shared, .onDemand].contains(members[position].scope) {
            members[position].isService = Int.random(in: 0..<4, using: &serviceGenerator) == 0
        }
        // About a third of the inputs are scope arguments instead: passed beside the needs.
        var argumentGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x6172_67)
        for position in members.indices where members[position].scope == .input {
            if Int.random(in: 0..<3, using: &argumentGenerator) == 0 { members[position].scope = .argument }
        }
        // A quarter of the members built without an async factory are AutoWired instead.
        var wiringGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x7769_7265)
        for position in members.indices
        where [.shared, .transient, .onDemand].contains(members[position].scope) && !members[position].isAsync {
            members[position].isAutoWired = Int.random(in: 0..<4, using: &wiringGenerator) == 0
        }
        var collectionGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x636F_6C6C)
        collectsCounts = Int.random(in: 0..<3, using: &collectionGenerator) == 0
        var functionGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x61_7373)
        for position in 0..<Int.random(in: 0...2, using: &functionGenerator) {
            let readable = members.indices.filter { !members[$0].deprecated }
            let reads = Array(
                readable.shuffled(using: &functionGenerator).prefix(Int.random(in: 0...2, using: &functionGenerator)))
            functions.append(
                GeneratedFunction(
                    name: "make\(position)", argumentCount: Int.random(in: 0...2, using: &functionGenerator), reads: reads,
                    shape: shapes.randomElement(using: &functionGenerator)!,
                    isAsync: reads.contains { members[$0].isAsync }))
        }
        // After the functions, which read members too.
        chooseThrowingMembers()
        chooseProvidedReads()
        chooseScope()
        chooseChild()
    }

    /// A third of the containers that are neither package nor main-actor own a child. Its inputs are
    /// members that satisfy its needs protocol's requirements (`var name: Type { get }`): read
    /// without `await` or `try`, visible to the protocol, not deprecated.
    private mutating func chooseChild() {
        var childGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x6368_696C)
        guard !isPackage, !mainActor, Int.random(in: 0..<3, using: &childGenerator) == 0 else { return }
        let providable = members.indices.filter {
            !members[$0].isAsync && !members[$0].isThrowing && !members[$0].deprecated
                && !members[$0].decoration.hasPrefix("private") && !members[$0].decoration.hasPrefix("fileprivate")
                && members[$0].shape != .collection  // not `Sendable`, as the child is
        }
        guard !providable.isEmpty else { return }
        childInputs = Array(providable.shuffled(using: &childGenerator).prefix(Int.random(in: 1...2, using: &childGenerator)))
    }

    /// A third of the containers create a scope. It reads, from its parent, members whose read
    /// neither awaits nor throws (a scope reads its parent synchronously: the rule of
    /// `trellis.synchronous-reads-asynchronous`), that are not deprecated, and not private.
    private mutating func chooseScope() {
        var scopeGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x7363_6F70)
        guard Int.random(in: 0..<3, using: &scopeGenerator) == 0 else { return }
        // A private member is the container's own: its scope, another type, cannot read it.
        let readable = members.indices.filter {
            !members[$0].isAsync && !members[$0].isThrowing && !members[$0].deprecated
                && !members[$0].decoration.hasPrefix("private")
        }
        scope = GeneratedScope(
            isClass: Bool.random(using: &scopeGenerator),
            scope: [MemberScope.shared, .transient, .onDemand].randomElement(using: &scopeGenerator)!,
            reads: Array(readable.shuffled(using: &scopeGenerator).prefix(Int.random(in: 0...2, using: &scopeGenerator))),
            readThroughScope: Bool.random(using: &scopeGenerator) ? readable.randomElement(using: &scopeGenerator) : nil)
    }

    /// A fifth of the `.shared` and `.transient` members nobody reads (no reader has to throw too)
    /// build with a throwing factory.
    private mutating func chooseThrowingMembers() {
        var throwingGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x7468_726F)
        let read = Set(members.flatMap(\.reads) + functions.flatMap(\.reads))
        for position in members.indices
        where [.shared, .transient].contains(members[position].scope) && !members[position].isAutoWired
            && !read.contains(position)
        {
            members[position].isThrowing = Int.random(in: 0..<5, using: &throwingGenerator) == 0
        }
    }

    /// Some reads taken as a `Provider` or a `Lazy` of the member. Providers make the container
    /// `Sendable` and are refused in one isolated to an actor: only where every stored type is
    /// `Sendable`, and of members whose read neither awaits nor throws.
    private mutating func chooseProvidedReads() {
        let mayProvide =
            !mainActor && !members.contains { $0.shape == .collection } && !functions.contains { $0.shape == .collection }
            && !(isClass && extras.contains { $0.hasPrefix("var optional") })
        guard mayProvide else { return }
        var providerGenerator = CorpusGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 0x7072_6F76)
        for position in members.indices where !members[position].isAutoWired {
            for (offset, read) in members[position].reads.enumerated()
            where [.shared, .transient, .onDemand].contains(members[read].scope) && !members[read].isAsync
                && !members[read].isThrowing
            {
                switch Int.random(in: 0..<6, using: &providerGenerator) {
                case 0: members[position].providedReads[offset] = "Provider"
                case 1: members[position].providedReads[offset] = "Lazy"
                default: break
                }
            }
        }
    }

    /// The container's name; each mutant gets its own, so that all compile in one module.
    func name(_ mutation: Mutation? = nil) -> String { "Random\(index)" + (mutation.map { "_\($0)" } ?? "") }

    /// The members ``Mutation`` `mutation` can apply to (nil: it applies to the container).
    func targets(of mutation: Mutation) -> [Int?] {
        switch mutation {
        case .generic, .storedProperty, .userInitializer:
            return [nil]
        case .conditional, .letMember:
            return members.indices.map { $0 }
        case .dropConcrete:
            return members.indices.filter { !members[$0].scope.isSupplied && members[$0].shape.needsConcrete }
        case .misspelledRead:
            return members.indices.filter { !members[$0].reads.isEmpty }
        case .selfRead:
            return members.indices.filter { !members[$0].scope.isSupplied && !members[$0].throughContainer }
        case .missingFactory:
            return members.indices.filter { members[$0].scope == .shared }
        case .unusedArgument:
            // Functions are numbered after the members.
            return functions.indices.filter { functions[$0].argumentCount > 0 }.map { members.count + $0 }
        case .shadowingArgument:
            return functions.indices.filter { functions[$0].argumentCount > 0 }.map { members.count + $0 }
        case .transientService:
            return members.indices.filter { members[$0].scope == .transient }
        case .expressionFactory:
            return members.indices.filter {
                !members[$0].reads.isEmpty && !members[$0].throughContainer && !members[$0].isAsync
                    && !members[$0].scope.isSupplied
            }
        case .initialValue:
            return members.indices.filter { members[$0].scope == .shared && !members[$0].isAsync }
        case .argumentOrder:
            return members.indices.filter { !members[$0].scope.isSupplied && members[$0].shape.needsConcrete }
        }
    }

    /// The container's source, with `mutation` applied to member `target` (or to the container);
    /// with `scoped`, the whole container creates its scope, declared after it.
    func render(_ mutation: (kind: Mutation, target: Int?)? = nil, scoped: Bool = false) -> String {
        func mutated(_ kind: Mutation, _ position: Int? = nil) -> Bool {
            mutation?.kind == kind && mutation?.target == position
        }
        var lines: [String] = []
        // A container with services says whether it is permanent (its test keeps it): otherwise a
        // kept member holding a provider of it gets `trellis.weak-container-link`, a warning.
        let permanent = members.contains(where: \.isService) ? "permanent: false" : nil
        let options = (mainActor ? ["mainActor: true"] : []) + (permanent.map { [$0] } ?? [])
        let attribute = options.isEmpty ? "@DIContainer" : "@DIContainer(\(options.joined(separator: ", ")))"
        let access = isPackage ? "package " : ""
        let generic = mutated(.generic) ? "<Value>" : ""
        let name = name(mutation?.kind)
        let whole = mutation == nil
        let needs = whole && scoped && childInputs != nil ? ": \(name)FeatureDependencies" : ""
        lines.append("\(attribute)\n\(access)\(isClass ? "final class" : "struct") \(name)\(generic)\(needs) {")
        lines.append("    \(access)struct Settings: Sendable {\n        var retries = 3\n        \(access)init() {}\n    }")
        lines.append("    \(access)typealias Count = Int")
        if whole {
            for (position, member) in members.enumerated() where member.isAutoWired {
                let parameters = member.reads.map { "\(members[$0].name): \(parameterText(of: members[$0], whole: true))" }
                lines.append(
                    "    \(access)struct Wired\(position): Sendable { \(access)init(\(parameters.joined(separator: ", "))) {} }")
            }
        }
        for (position, member) in members.enumerated() {
            var text = renderMember(member, at: position, whole: whole, mutated: { mutated($0, position) })
            if mutated(.conditional, position) { text = "    #if DEBUG\n\(text)\n    #endif" }
            lines.append(text)
        }
        for (offset, function) in functions.enumerated() {
            lines.append(renderFunction(function, whole: whole, mutated: { mutated($0, members.count + offset) }))
        }
        if whole && collectsCounts {
            lines.append("    @Provide(.collection, allowsEmpty: true)\n    var counts: [Int]")
        }
        if whole && scoped && childInputs != nil {
            lines.append("    @Provide(.child)\n    var feature: \(name)Feature")
        }
        if whole && scoped && scope != nil {
            lines.append("    @Assisted(.scope)\n    \(access)func openScope(id: Int) -> \(name)Scope")
        }
        lines += extras.map { "    \($0)" }
        if mutated(.storedProperty) { lines.append("    var unset: Int") }
        if mutated(.userInitializer) { lines.append("    init(unused: Int) { fatalError() }") }
        lines.append("}")
        lines.append("extension \(name) {\n    var describedCount: Int { 1 }\n}")
        if whole && scoped, let scope {
            lines.append(renderScope(scope, parent: name, access: access))
        }
        if whole && scoped, let childInputs {
            lines.append(renderChild(inputs: childInputs, owner: name))
        }
        return lines.joined(separator: "\n")
    }

    /// The member's type as a parameter, named from outside the container (`parent`).
    private func qualifiedParameterText(of member: GeneratedMember, in parent: String) -> String {
        let type = parameterText(of: member, whole: true)
        return member.isAutoWired || [.nestedStruct, .nestedAlias].contains(member.shape) ? "\(parent).\(type)" : type
    }

    /// The declaration of the child the container owns (see ``childInputs``): an `.input` of each
    /// member it takes, and a member built from them. `Sendable`, as the child of a container that
    /// is (one with async members or providers) must be: the compiler says so on the member.
    private func renderChild(inputs: [Int], owner: String) -> String {
        let taken = inputs.map { members[$0] }
        let inputLines = taken.map { member -> String in
            let type = qualifiedParameterText(of: member, in: owner)
            return "    @Provide(.input) var \(member.name): \(type.hasPrefix("@escaping ") ? String(type.dropFirst(10)) : type)"
        }
        let parameters = taken.map { "\($0.name): \(qualifiedParameterText(of: $0, in: owner))" }.joined(separator: ", ")
        let values = taken.map(\.name).joined(separator: ", ")
        return """
            @DIContainer
            \(isClass ? "struct" : "final class") \(owner)Feature: Sendable {
            \(inputLines.joined(separator: "\n"))
                @Provide(.onDemand, factory: { (\(parameters)) in use(\(values), value: Box()) }, concrete: true)
                var unit: Box
            }
            """
    }

    /// The declaration of the container's scope (see ``GeneratedScope``).
    private func renderScope(_ scope: GeneratedScope, parent: String, access: String) -> String {
        let reads = scope.reads.map { members[$0] }
        let parameters = (["id: Int"] + reads.map { "\($0.name): \(qualifiedParameterText(of: $0, in: parent))" })
            .joined(separator: ", ")
        let values = (["id"] + reads.map(\.name)).joined(separator: ", ")
        let options = mainActor ? "parent: \(parent).self, mainActor: true" : "parent: \(parent).self"
        let through = (["c.unit"] + (scope.readThroughScope.map { ["c.\(members[$0].name)"] } ?? [])).joined(separator: ", ")
        return """
            @DIContainer(\(options))
            \(access)\(scope.isClass ? "final class" : "struct") \(parent)Scope {
                @Provide(.argument) var id: Int
                @Provide(.\(scope.scope.rawValue), factory: { (\(parameters)) in use(\(values), value: Box()) }, concrete: true)
                var unit: Box
                @Provide(.transient, factory: { (c: Self) in use(\(through), value: 7) }, concrete: true)
                var summary: Int
            }
            """
    }

    /// The member's type as declared: its shape's, or its struct's when it is AutoWired.
    private func typeText(of member: GeneratedMember, whole: Bool) -> String {
        whole && member.isAutoWired ? "Wired\(members.firstIndex { $0.name == member.name }!)" : member.shape.text
    }

    /// The member's type as a closure's or an initializer's parameter.
    private func parameterText(of member: GeneratedMember, whole: Bool) -> String {
        whole && member.isAutoWired ? typeText(of: member, whole: whole) : member.shape.parameterText
    }

    private func renderMember(
        _ member: GeneratedMember, at position: Int, whole: Bool, mutated: (Mutation) -> Bool
    ) -> String {
        if whole && member.isAutoWired {
            let keyPaths = member.reads.map { "\\Self.\(members[$0].name)" }
            let with = keyPaths.isEmpty ? "" : ", with: [\(keyPaths.joined(separator: ", "))]"
            let service = member.isService ? ", service: true" : ""
            let deprecation = member.deprecated ? "    @available(*, deprecated, message: \"kept for old callers\")\n" : ""
            return """
                \(deprecation)    @Provide(.\(member.scope.rawValue), Wired\(position).self\(with), concrete: true\(service))
                    \(member.decoration)var \(member.name): Wired\(position)
                """
        }
        var arguments = [".\(member.scope.rawValue)"]
        if !member.scope.isSupplied && member.shape.needsConcrete && mutated(.argumentOrder) {
            arguments.append("concrete: true")
        }
        if !member.scope.isSupplied && !mutated(.missingFactory) && !mutated(.initialValue) {
            let label = member.isAsync ? "asyncFactory" : "factory"
            arguments.append("\(label): \(factory(for: member, at: position, whole: whole, mutated: mutated))")
        }
        if !member.scope.isSupplied && member.shape.needsConcrete && !mutated(.dropConcrete) && !mutated(.argumentOrder) {
            arguments.append("concrete: true")
        }
        if member.isService || mutated(.transientService) {
            arguments.append("service: true")
        }
        if whole && collectsCounts && member.shape == .nestedAlias && [.shared, .transient].contains(member.scope)
            && !member.isAsync && !member.isThrowing
        {
            arguments.append("into: \\Self.counts")
        }
        let deprecation = member.deprecated ? "    @available(*, deprecated, message: \"kept for old callers\")\n" : ""
        let specifier = mutated(.letMember) ? "let" : "var"
        let initial =
            mutated(.initialValue)
            ? " = \(factory(for: member, at: position, mutated: { $0 == .expressionFactory }))"
            : member.defaultValue ? " = \(member.shape.value)" : ""
        return """
            \(deprecation)    @Provide(\(arguments.joined(separator: ", ")))
                \(member.decoration)\(specifier) \(member.name): \(typeText(of: member, whole: whole))\(initial)
            """
    }

    private func renderFunction(_ function: GeneratedFunction, whole: Bool, mutated: (Mutation) -> Bool) -> String {
        var arguments = Self.functionArguments.prefix(function.argumentCount).map { (name: $0.0, type: $0.1) }
        if mutated(.shadowingArgument), let member = members.first {
            arguments[0].name = member.name
        }
        let received = mutated(.unusedArgument) ? Array(arguments.dropFirst()) : arguments
        let reads = function.reads.map { members[$0] }
        let parameters =
            received.map { "\($0.name): \($0.type)" } + reads.map { "\($0.name): \(parameterText(of: $0, whole: whole))" }
        let values = received.map(\.name) + reads.map(\.name)
        let body =
            values.isEmpty ? function.shape.value : "use(\(values.joined(separator: ", ")), value: \(function.shape.value))"
        let effect = function.isAsync ? " async" : ""
        let signature = arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        return """
                @Assisted(factory: { (\(parameters.joined(separator: ", ")))\(effect) in \(body) })
                func \(function.name)(\(signature))\(effect) -> \(function.shape.text)
            """
    }

    private func factory(
        for member: GeneratedMember, at position: Int, whole: Bool = false, mutated: (Mutation) -> Bool
    ) -> String {
        var reads = member.reads.map { members[$0] }
        if mutated(.selfRead) { reads.append(member) }
        // Every other async member leaves 'async' out and awaits in its body, as Swift allows: the
        // effect is inferred, by Swift and by Trellis alike.
        let inferred = member.isAsync && position % 2 == 1
        let throwing = whole && member.isThrowing
        // A closure that writes `throws` is not async unless it writes that too: an inferred async
        // one leaves both out (and Swift and Trellis infer both from `try` and `await`).
        let effect = inferred ? "" : (member.isAsync ? " async" : "") + (throwing ? " throws" : "")
        func body(_ value: String) -> String {
            let awaited = inferred ? "await settled(\(value))" : value
            return throwing ? "try attempt(\(awaited))" : awaited
        }
        guard !reads.isEmpty else {
            return member.isAsync || throwing ? "{ ()\(effect) in \(body(member.shape.value)) }" : member.shape.value
        }
        func readName(_ read: GeneratedMember, _ offset: Int) -> String {
            mutated(.misspelledRead) && offset == 0 ? "\(read.name.replacingOccurrences(of: "`", with: ""))Typo" : read.name
        }
        if mutated(.expressionFactory) {
            return "use(\(reads.map(\.name).joined(separator: ", ")), value: \(member.shape.value))"
        }
        if member.throughContainer {
            let values = reads.enumerated().map { "c.\(readName($1, $0))" }
            return "{ (c: Self)\(effect) in \(body("use(\(values.joined(separator: ", ")), value: \(member.shape.value))")) }"
        }
        let parameters = reads.enumerated().map { offset, read in
            if whole, let wrapper = member.providedReads[offset] {
                return "\(readName(read, offset)): \(wrapper)<\(typeText(of: read, whole: whole))>"
            }
            return "\(readName(read, offset)): \(parameterText(of: read, whole: whole))"
        }
        let values = reads.enumerated().map { readName($1, $0) }
        return
            "{ (\(parameters.joined(separator: ", ")))\(effect) in \(body("use(\(values.joined(separator: ", ")), value: \(member.shape.value))")) }"
    }
}

/// SplitMix64: seeded, so every run checks the same programs and a failure can be replayed.
struct CorpusGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
