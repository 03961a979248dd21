import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Writes what lets containers own each other:
/// - `<Name>Dependencies`, beside the container: its inputs, plus the needs of the children it
///   forwards (inherited protocols);
/// - `Inputs`, inside it: a snapshot of those values, taken from the owner when the container is
///   created, so that no container keeps a reference to its owner (which would be a retain cycle);
/// - `init(dependencies:)` and `init(inputs:)`, which create the container from its owner (or from
///   any value that provides the needs, such as a test double). A scope container's `.argument`
///   members are not needs: they are further parameters of both, passed by whoever creates the
///   scope (an `@Assisted(.scope)` function).
struct HierarchyGenerator {
    let container: Container
    /// Where the initializers and requirements go in the user's file (see ``SignaturePlaces``).
    var places = SignaturePlaces()
    /// Where each member's type is written in the user's file, by member name: the fields and
    /// requirements that spell a member's type are placed there, so that a type the compiler cannot
    /// find is reported where the user wrote it.
    var typePlaces: [String: SourceLocator.Place] = [:]
    private var isolation: String { ContainerGenerator.isolation(of: container) }
    private var inputs: [Member] { container.members.filter { $0.scope == .input } }
    /// The `.argument` members, which both initializers take after their first parameter.
    private var arguments: [Member] { container.members.filter { $0.scope == .argument } }

    /// An initializer's head, `init(` after `prefix`, its `parameters` and `tail`, each member's
    /// parameter on its type's line (see ``SignaturePlaces/initializerHead(preamble:head:parameters:tail:)``).
    func initializerHead(
        _ prefix: String, comment: String? = nil, first: String, members: [Member], tail: String
    ) -> String {
        places.initializerHead(
            preamble: comment.map { [$0] } ?? [], head: "\(prefix)init(",
            parameters: [SignatureParameter(text: first)]
                + members.compactMap { ContainerGenerator.signatureParameter(for: $0, place: typePlaces[$0.name]) },
            tail: tail)
    }
    private var forwarded: [Member] { container.forwardingChildren }
    private var publicModifier: String { container.accessLevel.initializerModifier.map { "\($0) " } ?? "" }

    /// The protocol declared beside the container.
    func dependenciesProtocol() -> DeclSyntax {
        let inherited = forwarded.map { Container.dependenciesProtocolName(of: $0.type.text) }
        let inheritance = inherited.isEmpty ? "" : ": \(inherited.joined(separator: ", "))"
        // The comment is what the compiler's "protocol requires property" note shows of the expansion.
        let requirements = inputs.map { input in
            let requirement = "var \(input.name): \(input.type.storableText) { get }"
            let comment =
                "// \(container.name) needs '\(input.name): \(input.type.text)': the container providing its needs must have a member '\(input.name)' of type '\(input.type.text)'."
            guard let place = typePlaces[input.name], place.line > 1 else {
                return places.requirement(requirement, comment: comment, member: input.name)
            }
            let offset = GeneratedSource.typeOffset(of: input.type.storableText, after: ": ", in: requirement)
            return GeneratedSource.placed(requirement, at: place, offset: offset, preamble: ["    \(comment)"])
        }
        let access = container.accessLevel.protocolModifier.map { "\($0) " } ?? ""
        let body = requirements.isEmpty ? "" : "\n" + requirements.joined(separator: "\n") + "\n"
        return GeneratedSource.declaration(
            """
            /// What `\(container.name)` needs from the container that owns it (or whoever creates it).
            \(isolation)\(access)protocol \(container.dependenciesProtocolName)\(inheritance) {\(body)}
            """)
    }

    /// The nested `Inputs` snapshot type.
    func inputsType() -> DeclSyntax {
        // The fields are read only by the container's own `init(inputs:)`: internal, so a public
        // snapshot does not publish the types of members the container keeps internal.
        var stored = inputs.map {
            GeneratedSource.placed(
                "let \($0.name): \($0.type.storableText)", spelling: $0.type.storableText, at: typePlaces[$0.name],
                indent: "    ")
        }
        stored += forwarded.map { "    let \($0.name): \($0.type.text).\(GeneratedNames.inputsType)" }
        var reads = inputs.map { "        self.\($0.name) = dependencies.\($0.name)" }
        reads += forwarded.map { "        self.\($0.name) = \($0.type.text).\(GeneratedNames.inputsType)(from: dependencies)" }
        let storedLines = stored.isEmpty ? "" : stored.joined(separator: "\n") + "\n"
        let readLines = reads.isEmpty ? "" : "\n" + reads.joined(separator: "\n") + "\n    "
        return GeneratedSource.declaration(
            """
            /// The values `\(container.name)` is created from: its inputs, and those of the children it forwards.
            \(publicModifier)struct \(GeneratedNames.inputsType) {
            \(storedLines)    /// Reads every value from `dependencies`.
                \(isolation)\(publicModifier)init(from dependencies: some \(container.dependenciesProtocolName)) {\(readLines)}
            }
            """)
    }

    /// The stored snapshot each forwarding child is built from.
    var forwardedStoredProperties: [StoredProperty] {
        forwarded.map {
            StoredProperty(
                name: GeneratedNames.forwardedInputs($0.name), type: "\($0.type.text).\(GeneratedNames.inputsType)")
        }
    }

    /// The designated initializer's extra parameters, one snapshot per forwarding child.
    var forwardedParameters: [String] { forwardedParameters(owned: false) }

    /// ``forwardedParameters``, `__owned` when `owned` (see
    /// ``ContainerGenerator/initializerParameter(for:in:defaultValue:owned:)``).
    func forwardedParameters(owned: Bool) -> [String] {
        forwarded.map {
            "\(GeneratedNames.forwardedInputs($0.name)): \(owned ? "__owned " : "")\($0.type.text).\(GeneratedNames.inputsType)"
        }
    }

    /// Whether the designated initializer takes snapshots, so that only `init(inputs:)` and
    /// `init(dependencies:)` can create the container.
    var createdOnlyFromOwner: Bool { !forwarded.isEmpty }

    /// Whether `init(dependencies:)` takes the members' overrides: in a container with forwarding
    /// children, whose designated initializer is private, and in a scope container (one with
    /// `.argument` members), which its owner creates, so that a test's override of the owner's
    /// `@Assisted(.scope)` function can create the scope with members of its own.
    var dependenciesInitializerTakesOverrides: Bool { createdOnlyFromOwner || !arguments.isEmpty }

    /// `init(inputs:)` and `init(dependencies:)`. They take no overrides (owners pass none; tests use
    /// the designated initializer), which keeps the generated code small, except where
    /// ``dependenciesInitializerTakesOverrides``. Each builds the container as the designated
    /// initializer does, through `creating`'s static function (see
    /// ``InitializerGenerator/declarations()``), which defaults the overrides it does not take to nil.
    func initializers(throwing: Bool, creating: InitializerGenerator) -> [DeclSyntax] {
        let effects = throwing ? " throws" : ""
        let prefix = "\(isolation)\(publicModifier)\(creating.convenience)"
        // What init(dependencies:) may take: the overrides of members built by the container.
        let overridable = container.members.filter {
            !$0.scope.isSupplied && ContainerGenerator.initializerParameter(for: $0) != nil
        }
        let takesOverrides = dependenciesInitializerTakesOverrides
        // The designated initializer's arguments, members as declared, then the forwarded
        // snapshots: each input read from `source`, each argument and override taken passed on
        // (the others are nil by default: a `nil` argument would have no type where the
        // function's signature names a type that does not exist).
        func designatedArguments(inputs source: String, overrides: Bool) -> [String] {
            container.members.compactMap { member -> String? in
                let label = "\(MemberName.bare(member.name)): "
                switch member.scope {
                case .input: return label + "\(source).\(member.name)"
                case .argument: return label + member.name
                default: return overrides && overridable.contains(member) ? label + member.name : nil
                }
            }
        }
        let fromInputs =
            designatedArguments(inputs: "inputs", overrides: false)
            + forwarded.map { "\(GeneratedNames.forwardedInputs($0.name)): inputs.\($0.name)" }
        var dependenciesMembers = self.arguments
        var fromDependencies: [String]? = nil
        if takesOverrides {
            dependenciesMembers += overridable
            fromDependencies =
                designatedArguments(inputs: "dependencies", overrides: true)
                + forwarded.map {
                    "\(GeneratedNames.forwardedInputs($0.name)): \($0.type.text).\(GeneratedNames.inputsType)(from: dependencies)"
                }
        }
        let inputsHead = initializerHead(
            prefix, comment: "/// Creates the container from a snapshot of what it needs.",
            first: "inputs: \(GeneratedNames.inputsType)", members: self.arguments, tail: ")\(effects) {")
        let dependenciesHead = initializerHead(
            prefix, comment: "/// Creates the container from what its owner (or any provider of its needs) gives it.",
            first: "dependencies: some \(container.dependenciesProtocolName)", members: dependenciesMembers,
            tail: ")\(effects) {")
        func body(_ arguments: [String]) -> String {
            creating.creation(storing: [creating.storing(creating.makeCall(arguments))])
                .map { GeneratedSource.indented($0) }.joined(separator: "\n")
        }
        // Without overrides or arguments, init(dependencies:) takes a snapshot and delegates to
        // init(inputs:), which takes nothing else, so has no parameter of a type that may not exist:
        // one call that passes every member fewer for the compiler to check.
        let fromSnapshot = "    \(throwing ? "try " : "")self.init(inputs: \(GeneratedNames.inputsType)(from: dependencies))"
        return [
            GeneratedSource.declaration("\(inputsHead)\n\(body(fromInputs))\n}"),
            GeneratedSource.declaration("\(dependenciesHead)\n\(fromDependencies.map(body) ?? fromSnapshot)\n}"),
        ]
    }
}
