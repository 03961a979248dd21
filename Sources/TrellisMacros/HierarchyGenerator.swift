import SwiftSyntax
import TrellisGraph

/// Writes what lets containers own each other:
/// - `<Name>Dependencies`, beside the container: its inputs, plus the needs of the children it
///   forwards (inherited protocols);
/// - `Inputs`, inside it: a snapshot of those values, taken from the owner when the container is
///   created, so that no container keeps a reference to its owner (which would be a retain cycle);
/// - `init(dependencies:)` and `init(inputs:)`, which create the container from its owner (or from
///   any value that provides the needs, such as a test double).
struct HierarchyGenerator {
    let container: Container
    private var isolation: String { container.options.mainActor ? "@MainActor " : "" }
    private var inputs: [Member] { container.members.filter { $0.scope == .input } }
    private var forwarded: [Member] { container.forwardingChildren }
    private var publicModifier: String { container.accessLevel.initializerModifier.map { "\($0) " } ?? "" }

    /// The protocol declared beside the container.
    func dependenciesProtocol() -> DeclSyntax {
        let inherited = forwarded.map { Container.dependenciesProtocolName(of: $0.type.text) }
        let inheritance = inherited.isEmpty ? "" : ": \(inherited.joined(separator: ", "))"
        // The comment is what the compiler's "protocol requires property" note shows of the expansion.
        let requirements = inputs.map {
            "    // \(container.name) needs '\($0.name): \($0.type.text)': the container providing its needs must have a member '\($0.name)' of type '\($0.type.text)'.\n    var \($0.name): \($0.type.text) { get }"
        }
        let access = container.accessLevel.protocolModifier.map { "\($0) " } ?? ""
        let body = requirements.isEmpty ? "" : "\n" + requirements.joined(separator: "\n") + "\n"
        return """
            /// What `\(raw: container.name)` needs from the container that owns it (or whoever creates it).
            \(raw: isolation)\(raw: access)protocol \(raw: container.dependenciesProtocolName)\(raw: inheritance) {\(raw: body)}
            """
    }

    /// The nested `Inputs` snapshot type.
    func inputsType() -> DeclSyntax {
        var stored = inputs.map { "    \(publicModifier)let \($0.name): \($0.type.text)" }
        stored += forwarded.map { "    \(publicModifier)let \($0.name): \($0.type.text).\(GeneratedNames.inputsType)" }
        var reads = inputs.map { "        self.\($0.name) = dependencies.\($0.name)" }
        reads += forwarded.map { "        self.\($0.name) = \($0.type.text).\(GeneratedNames.inputsType)(from: dependencies)" }
        return """
            /// The values `\(raw: container.name)` is created from: its inputs, and those of the children it forwards.
            \(raw: publicModifier)struct \(raw: GeneratedNames.inputsType) {
            \(raw: stored.joined(separator: "\n"))
                /// Reads every value from `dependencies`.
                \(raw: isolation)\(raw: publicModifier)init(from dependencies: some \(raw: container.dependenciesProtocolName)) {
            \(raw: reads.joined(separator: "\n"))
                }
            }
            """
    }

    /// The stored snapshot each forwarding child is built from.
    func forwardedStorage() -> [DeclSyntax] {
        forwarded.map { "private let \(raw: GeneratedNames.forwardedInputs($0.name)): \(raw: $0.type.text).\(raw: GeneratedNames.inputsType)" }
    }

    /// The designated initializer's extra parameters, one snapshot per forwarding child.
    var forwardedParameters: [String] {
        forwarded.map { "\(GeneratedNames.forwardedInputs($0.name)): \($0.type.text).\(GeneratedNames.inputsType)" }
    }

    /// Whether the designated initializer takes snapshots, so that only `init(inputs:)` and
    /// `init(dependencies:)` can create the container.
    var createdOnlyFromOwner: Bool { !forwarded.isEmpty }

    /// `init(inputs:)` and `init(dependencies:)`, each passing the overrides on.
    func initializers(throwing: Bool) -> [DeclSyntax] {
        let overrides = container.members.filter { $0.scope != .input }.compactMap(ContainerGenerator.initializerParameter(for:))
        // The designated initializer's order: members as declared, then the forwarded snapshots.
        var arguments = container.members.compactMap { member -> String? in
            switch member.scope {
            case .input: "\(member.name): inputs.\(member.name)"
            case .transient where member.type.kind == .opaque: nil
            case .shared, .transient, .onDemand, .child, .forwardingChild: "\(member.name): \(member.name)"
            }
        }
        arguments += forwarded.map { "\(GeneratedNames.forwardedInputs($0.name)): inputs.\($0.name)" }
        let passOverrides = container.members.filter { $0.scope != .input }
            .compactMap { ContainerGenerator.initializerParameter(for: $0) == nil ? nil : "\($0.name): \($0.name)" }
        let convenience = container.kind == .finalClass ? "convenience " : ""
        let effects = throwing ? " throws" : ""
        let attempt = throwing ? "try " : ""
        let head = "\(isolation)\(publicModifier)\(convenience)init"
        let inputsParameters = (["inputs: \(GeneratedNames.inputsType)"] + overrides).joined(separator: ", ")
        let dependenciesParameters = (["dependencies: some \(container.dependenciesProtocolName)"] + overrides).joined(separator: ", ")
        let fromDependencies = (["inputs: \(GeneratedNames.inputsType)(from: dependencies)"] + passOverrides).joined(separator: ", ")
        return [
            """
            /// Creates the container from a snapshot of what it needs.
            \(raw: head)(\(raw: inputsParameters))\(raw: effects) {
                \(raw: attempt)self.init(\(raw: arguments.joined(separator: ", ")))
            }
            """,
            """
            /// Creates the container from what its owner (or any provider of its needs) gives it.
            \(raw: head)(\(raw: dependenciesParameters))\(raw: effects) {
                \(raw: attempt)self.init(\(raw: fromDependencies))
            }
            """,
        ]
    }
}
