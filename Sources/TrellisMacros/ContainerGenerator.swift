import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Writes the members `@DIContainer` adds to a valid container: storage, initializers and builder
/// methods. Model to syntax only; every check happened before.
struct ContainerGenerator {
    let plan: BuildPlan
    let extraction: ContainerExtraction
    var expressions: FactoryExpressionGenerator { FactoryExpressionGenerator(plan: plan, extraction: extraction) }
    var container: Container { plan.container }
    var isolation: String { container.options.mainActor ? "@MainActor " : "" }

    /// Whether the stored values live in one ``GeneratedNames/storageType`` reference: in a struct
    /// with members built on first access, whose getters need the whole container (see
    /// `Trellis.ContainerStorage`). Classes are references already.
    var keepsStorageTogether: Bool {
        container.kind == .structure && container.members.contains { $0.scope == .onDemand || $0.scope.isChild }
    }

    /// Storage, initializers and builders, in declaration order.
    func declarations() -> [DeclSyntax] {
        let hierarchy = HierarchyGenerator(container: container)
        let stored = container.members.compactMap(Self.storedProperty(for:)) + hierarchy.forwardedStoredProperties
        var declarations = keepsStorageTogether ? storageTogether(stored) : stored.map(\.declaration)
        declarations.append(InitializerGenerator(generator: self).initializer())
        declarations.append(hierarchy.inputsType())
        declarations += hierarchy.initializers(throwing: plan.initializerThrows)
        declarations += container.members.compactMap(builder(for:))
        return declarations
    }

    /// The stored property behind a member; none for an opaque `.transient` (nothing to override).
    static func storedProperty(for member: Member) -> StoredProperty? {
        let name = GeneratedNames.storage(member.name)
        let type = member.type.text
        switch member.scope {
        case .input:
            return StoredProperty(name: name, type: type)
        case .shared where !member.isAsync:
            return StoredProperty(name: name, type: type)
        case .shared:
            let failure = member.asyncFactory?.isThrowing == true ? "any Error" : "Never"
            return StoredProperty(name: name, type: "\(GeneratedNames.asyncSharedType)<\(type), \(failure)>")
        case .transient where member.type.kind == .opaque:
            return nil
        case .transient:
            return StoredProperty(name: name, type: optional(type))
        case .onDemand, .child, .forwardingChild:
            return StoredProperty(name: name, type: "\(GeneratedNames.onDemandType)<\(type)>")
        }
    }

    /// The stored properties kept together: a nested struct of them, one reference to it, and a
    /// private property per value reading it, so the rest of the generated code is unchanged.
    private func storageTogether(_ stored: [StoredProperty]) -> [DeclSyntax] {
        let fields = stored.map { "    let \($0.name): \($0.type)" }.joined(separator: "\n")
        var declarations: [DeclSyntax] = [
            """
            /// The stored values, kept in one reference (see `Trellis.ContainerStorage`).
            private struct \(raw: GeneratedNames.storedValuesType) {
            \(raw: fields)
            }
            """,
            "private let \(raw: GeneratedNames.storageReference): \(raw: GeneratedNames.storageType)<\(raw: GeneratedNames.storedValuesType)>",
        ]
        for property in stored {
            declarations.append(
                "private var \(raw: property.name): \(raw: property.type) {\n    \(raw: GeneratedNames.storageReference).values.\(raw: property.name)\n}"
            )
        }
        return declarations
    }

    /// The initializer parameter of a member: required for `.input`, an optional override otherwise.
    static func initializerParameter(for member: Member) -> String? {
        switch member.scope {
        case .input: "\(member.name): \(member.type.text)"
        case .transient where member.type.kind == .opaque: nil
        case .shared, .transient, .onDemand, .child, .forwardingChild: "\(member.name): \(optional(member.type.text)) = nil"
        }
    }

    /// For a container with errors: its storage, and initializers and builders with the right
    /// signatures whose bodies stop the program (the build fails before anything can run them).
    static func placeholderDeclarations(for extraction: ContainerExtraction) -> [DeclSyntax] {
        let container = extraction.container
        let members = container.members.filter { extraction.members[$0.name] != nil }
        let stop = "fatalError(\"Trellis: '\(container.name)' has compile-time errors\")"
        var declarations = members.compactMap(storedProperty(for:)).map(\.declaration)
        let parameters = members.compactMap(initializerParameter(for:))
        let isolation = container.options.mainActor ? "@MainActor " : ""
        let modifier = container.accessLevel.initializerModifier.map { "\($0) " } ?? ""
        declarations.append(
            "\(raw: isolation)\(raw: modifier)init(\(raw: parameters.joined(separator: ", "))) {\n    \(raw: stop)\n}")
        var valid = container
        valid.members = members
        let hierarchy = HierarchyGenerator(container: valid)
        declarations.append(hierarchy.inputsType())
        let overrides = members.filter { $0.scope != .input }.compactMap(initializerParameter(for:))
        let dependencies =
            (["dependencies: some \(container.dependenciesProtocolName)"] + (hierarchy.createdOnlyFromOwner ? overrides : []))
        for parameters in [dependencies, ["inputs: \(GeneratedNames.inputsType)"]] {
            declarations.append(
                "\(raw: isolation)\(raw: modifier)init(\(raw: parameters.joined(separator: ", "))) {\n    \(raw: stop)\n}")
        }
        for member in members where member.scope != .input && (member.scope != .shared || member.isAsync) {
            let effects = (member.isAsync ? " async" : "") + (member.effectiveFactory?.isThrowing == true ? " throws" : "")
            let returnType = member.type.kind == .opaque ? "Never" : member.type.text
            declarations.append(
                "\(raw: isolation)private func \(raw: GeneratedNames.builder(member.name))()\(raw: effects) -> \(raw: returnType) {\n    \(raw: stop)\n}"
            )
        }
        return declarations
    }

    /// The builder method of a member built after the container exists: `.transient`, async
    /// `.shared`, `.onDemand` and child containers.
    private func builder(for member: Member) -> DeclSyntax? {
        let storage = GeneratedNames.storage(member.name)
        let body: String
        switch member.scope {
        case .input:
            return nil
        case .shared where !member.isAsync:
            return nil
        case .shared, .onDemand:
            body = expressions.expression(for: member, in: .member)
        case .transient where member.type.kind == .opaque:
            body = expressions.expression(for: member, in: .member)
        case .transient where member.isAsync:
            body =
                "if let override = \(storage) {\n        return override\n    }\n    return \(expressions.expression(for: member, in: .member))"
        case .transient:
            let build = expressions.expression(for: member, in: .member)
            body = "\(tryPrefix(build))\(storage) ?? \(stripTry(build))"
        case .child:
            body = "\(member.type.text)(dependencies: self)"
        case .forwardingChild:
            body = "\(member.type.text)(inputs: self.\(GeneratedNames.forwardedInputs(member.name)))"
        }
        let effects = (member.isAsync ? " async" : "") + (plan.isThrowing(member) ? " throws" : "")
        return """
            \(raw: isolation)private func \(raw: GeneratedNames.builder(member.name))()\(raw: effects) -> \(raw: member.type.text) {
                \(raw: body)
            }
            """
    }
}

/// A stored property the generated code declares: its name and type.
struct StoredProperty {
    let name: String
    let type: String

    /// `private let name: type`.
    var declaration: DeclSyntax { "private let \(raw: name): \(raw: type)" }
}

func tryPrefix(_ expression: String) -> String { expression.hasPrefix("try ") ? "try " : "" }

func stripTry(_ expression: String) -> String {
    expression.hasPrefix("try ") ? String(expression.dropFirst(4)) : expression
}

/// `T?`, parenthesised where the type needs it (`(any P)?`).
func optional(_ type: String) -> String {
    let simple =
        type.allSatisfy { $0.isLetter || $0.isNumber || "_.<>[]:, ".contains($0) }
        && !type.hasPrefix("any ") && !type.hasPrefix("some ") && !type.contains("&")
    return simple ? "\(type)?" : "(\(type))?"
}
