import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Writes the container's designated initializer and the initializer of its stored values, which
/// builds the members.
///
/// The stored values' initializer builds the members in dependency order, each straight into its
/// field (`self.a = ...`), and reads them back from there (`B(a: self.a)`). The container's
/// initializer only passes it the overrides, then starts the async members' tasks.
///
/// The members used to be locals of the container's initializer. The compiler finds a local by
/// walking back over every local declared before it in the body, so a container of N members cost
/// N² steps of name lookup: for 250 members, a third of the compiler's work on the expanded code
/// (Benchmarks/results/analysis.md). Fields are found through one member lookup. A member that a
/// closure in that initializer reads is still kept in a local, because a closure cannot capture
/// `self` before every field is set; see ``FactoryExpressionGenerator/initializerLocals``.
struct InitializerGenerator {
    let generator: ContainerGenerator
    private var plan: BuildPlan { generator.plan }
    private var container: Container { generator.container }
    private var expressions: FactoryExpressionGenerator { generator.expressions }

    /// The container's designated initializer: every override (and forwarded snapshot) handed to
    /// the stored values' initializer.
    func initializer() -> DeclSyntax {
        let hierarchy = HierarchyGenerator(container: container)
        // Declaration order, then the snapshots of the forwarding children (see HierarchyGenerator).
        let parameters =
            container.members.compactMap(ContainerGenerator.initializerParameter(for:)) + hierarchy.forwardedParameters
        let arguments =
            storedMembers.map { "    \(MemberName.bare($0.name)): \($0.name)" }
            + container.forwardingChildren.map {
                "    \(GeneratedNames.forwardedInputs($0.name)): \(GeneratedNames.forwardedInputs($0.name))"
            }
        let attempt = plan.initializerThrows ? "try " : ""
        let allValues =
            arguments.isEmpty
            ? "\(GeneratedNames.storedValuesType)()"
            : "\(GeneratedNames.storedValuesType)(\n\(arguments.joined(separator: ",\n"))\n)"
        var lines: [String] = []
        if generator.keepsStorageTogether {
            lines.append("self.\(GeneratedNames.storageReference) = \(GeneratedNames.storageType)(\(attempt)\(allValues))")
        } else {
            lines.append("self.\(GeneratedNames.valuesProperty) = \(attempt)\(allValues)")
        }
        for member in plan.order where member.scope == .shared && member.isAsync {
            let storage = "self.\(GeneratedNames.storedValue(member.name))"
            let call = "\(expressions.effectPrefix(for: member))\(GeneratedNames.builderCall(member.name, on: "self"))"
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

    /// The initializer of the stored values (see ``GeneratedNames/storedValuesType``), as the text
    /// to place inside that struct: the overrides in, every field set, the members built in
    /// dependency order.
    func storedValuesInitializer() -> String {
        let parameters =
            storedMembers.map { member in
                let type = member.scope == .input ? member.type.text : optional(member.type.text)
                return "\(MemberName.parameterLabel(member.name)): \(type)"
            }
            + HierarchyGenerator(container: container).forwardedParameters
        var lines: [String] = []
        for member in plan.order {
            lines += statements(building: member)
        }
        for child in container.forwardingChildren {
            let inputs = GeneratedNames.forwardedInputs(child.name)
            lines.append("self.\(inputs) = \(inputs)")
        }
        let effects = plan.initializerThrows ? " throws" : ""
        return """
            \(isolation)init(\(parameters.joined(separator: ", ")))\(effects) {
            \(lines.map(GeneratedSource.indented).joined(separator: "\n"))
            }
            """
    }

    /// The members that have a field in the stored values (all but opaque `.transient` ones), in
    /// declaration order: the order of the initializers' parameters.
    private var storedMembers: [Member] {
        container.members.filter { ContainerGenerator.storedProperty(for: $0) != nil }
    }

    /// The global actors the stored values' initializer runs on: the container's, so that factories
    /// may call what is isolated to it (a nested type does not inherit its enclosing type's actor).
    private var isolation: String {
        var actors = container.globalActorAttributes
        if container.options.mainActor, !actors.contains("MainActor") {
            actors.append("MainActor")
        }
        return actors.map { "@\($0) " }.joined()
    }

    /// What the stored values' initializer does for `member`: sets its field (its value, its
    /// override or its empty cell) and, for a transient that members built here read, declares the
    /// local closure that builds it.
    private func statements(building member: Member) -> [String] {
        let name = member.name
        let field = "self.\(GeneratedNames.storage(name))"
        func build() -> String { overridden(by: name, else: expressions.expression(for: member, in: .initializer)) }
        switch member.scope {
        case .input:
            return ["\(field) = \(name)"]
        case .shared where !member.isAsync:
            if expressions.initializerLocals.contains(name) {
                return ["let \(name): \(member.type.text) = \(build())", "\(field) = \(name)"]
            }
            return ["\(field) = \(build())"]
        case .shared:
            return ["\(field) = \(GeneratedNames.asyncSharedType)(override: \(name))"]
        case .onDemand where plan.onDemandBuiltAtInitialization.contains(name):
            return [
                "let \(name): \(member.type.text) = \(build())", "\(field) = \(GeneratedNames.onDemandType)(override: \(name))",
            ]
        case .onDemand, .child, .forwardingChild:
            return ["\(field) = \(GeneratedNames.onDemandType)(override: \(name))"]
        case .transient:
            var lines = member.type.kind == .opaque ? [] : ["\(field) = \(name)"]
            if plan.transientsReadAtInitialization.contains(name) {
                let effects = plan.isThrowing(member) ? " throws" : ""
                let closure = GeneratedNames.initializationBuilder(name)
                if member.type.kind == .opaque {
                    let value = expressions.expression(for: member, in: .initializer)
                    lines.append("let \(closure) = { ()\(effects) in \(value) }")
                } else {
                    lines.append("let \(closure) = { ()\(effects) -> \(member.type.text) in \(build()) }")
                }
            }
            return lines
        }
    }
}
