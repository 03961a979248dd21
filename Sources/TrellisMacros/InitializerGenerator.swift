import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Writes the container's designated initializer: members built in dependency order as locals,
/// then stored, then the async members' build tasks started.
struct InitializerGenerator {
    let generator: ContainerGenerator
    private var plan: BuildPlan { generator.plan }
    private var container: Container { generator.container }

    func initializer() -> DeclSyntax {
        let hierarchy = HierarchyGenerator(container: container)
        // Declaration order, then the snapshots of the forwarding children (see HierarchyGenerator).
        let parameters =
            container.members.compactMap(ContainerGenerator.initializerParameter(for:)) + hierarchy.forwardedParameters
        let linked = ContainerGenerator.hasProviders(container)
        var lines = linked ? ["let \(GeneratedNames.link) = \(ContainerGenerator.linkType(of: container))()"] : []
        lines += localDeclarations()
        // The same order as the fields (the memberwise initializer of the stored values).
        let values =
            storedValues()
            + container.forwardingChildren.map {
                (GeneratedNames.forwardedInputs($0.name), GeneratedNames.forwardedInputs($0.name))
            }
            + (linked ? [(GeneratedNames.link, GeneratedNames.link)] : [])
        let arguments = values.map { "    \(MemberName.bare($0.name)): \($0.value)" }.joined(separator: ",\n")
        let allValues =
            values.isEmpty ? "\(GeneratedNames.storedValuesType)()" : "\(GeneratedNames.storedValuesType)(\n\(arguments)\n)"
        if ContainerGenerator.keepsStorageTogether(container.kind) {
            lines.append("self.\(GeneratedNames.storageReference) = \(GeneratedNames.storageType)(\(allValues))")
        } else {
            lines.append("self.\(GeneratedNames.valuesProperty) = \(allValues)")
        }
        if linked {
            // Before the build tasks start: their factories may hold providers too.
            lines.append(
                "\(GeneratedNames.link).bind(\(ContainerGenerator.linkTarget(of: container))) { \(ContainerGenerator.linkedContainer(of: container)) }"
            )
        }
        for member in plan.order where member.scope == .shared && member.isAsync {
            let storage = "self.\(GeneratedNames.storedValue(member.name, in: container.kind))"
            let call = "\(generator.expressions.effectPrefix(for: member))\(GeneratedNames.builderCall(member.name, on: "self"))"
            lines.append("if \(storage).needsBuild {\n    \(storage).start(Task { [self] in \(call) })\n}")
        }
        // A container with forwarding children is created from its owner, through init(dependencies:).
        let access =
            hierarchy.createdOnlyFromOwner ? "private " : container.accessLevel.initializerModifier.map { "\($0) " } ?? ""
        let effects = plan.initializerThrows ? " throws" : ""
        let body = lines.map(GeneratedSource.indented)
        return GeneratedSource.declaration(
            """
            \(generator.isolation)\(access)init(\(parameters.joined(separator: ", ")))\(effects) {
            \(body.joined(separator: "\n"))
            }
            """)
    }

    /// The members built while the container is created, as locals in dependency order.
    private func localDeclarations() -> [String] {
        var lines: [String] = []
        for member in plan.order {
            let builtHere =
                (member.scope == .shared && !member.isAsync)
                || (member.scope == .onDemand && plan.onDemandBuiltAtInitialization.contains(member.name))
            if builtHere {
                let build = generator.expressions.expression(for: member, in: .initializer)
                lines.append("let \(member.name): \(member.type.text) = \(overridden(by: member.name, else: build))")
            } else if member.scope == .transient && plan.transientsReadAtInitialization.contains(member.name) {
                let build = generator.expressions.expression(for: member, in: .initializer)
                let effects = plan.isThrowing(member) ? " throws" : ""
                let name = GeneratedNames.initializationBuilder(member.name)
                if member.type.kind == .opaque {
                    lines.append("let \(name) = { ()\(effects) in\(enclosed(build))}")
                } else {
                    lines.append(
                        "let \(name) = { ()\(effects) -> \(member.type.text) in \(overridden(by: member.name, else: build)) }"
                    )
                }
            }
        }
        return lines
    }

    /// Each member's field of the stored values and the value the initializer stores in it, in
    /// declaration order.
    private func storedValues() -> [(name: String, value: String)] {
        container.members.compactMap { member -> (name: String, value: String)? in
            guard !member.isAssisted else { return nil }
            let storage = member.name
            switch member.scope {
            case .input, .argument:
                return (storage, member.name)
            case .shared where !member.isAsync:
                return (storage, member.name)
            case .shared:
                return (storage, "\(GeneratedNames.asyncSharedType)(override: \(member.name))")
            case .transient where member.type.kind == .opaque:
                return nil
            case .transient:
                return (storage, member.name)
            case .onDemand, .child, .forwardingChild:
                return (storage, "\(GeneratedNames.onDemandType)(override: \(member.name))")
            }
        }
    }
}
