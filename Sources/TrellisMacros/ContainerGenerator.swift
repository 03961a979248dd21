import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Writes the members `@DIContainer` adds to a valid container: storage, the initializer and the
/// builder methods. Model to syntax only; every check happened before.
struct ContainerGenerator {
    let plan: BuildPlan
    let extraction: ContainerExtraction
    private var expressions: FactoryExpressionGenerator { FactoryExpressionGenerator(plan: plan, extraction: extraction) }
    private var container: Container { plan.container }
    private var isolation: String { container.options.mainActor ? "@MainActor " : "" }

    init(plan: BuildPlan, extraction: ContainerExtraction) {
        self.plan = plan
        self.extraction = extraction
    }

    /// Storage, initializer and builders, in declaration order.
    func declarations() -> [DeclSyntax] {
        var declarations = container.members.compactMap(storage(for:))
        declarations.append(initializer())
        declarations += container.members.compactMap(builder(for:))
        return declarations
    }

    /// The stored property behind a member; none for an opaque `.transient` (nothing to override).
    static func storage(for member: Member) -> DeclSyntax? {
        let name = GeneratedNames.storage(member.name)
        switch member.scope {
        case .input:
            return "private let \(raw: name): \(raw: member.type.text)"
        case .shared where member.isAsync:
            let failure = member.asyncFactory?.isThrowing == true ? "any Error" : "Never"
            return "private let \(raw: name): \(raw: GeneratedNames.asyncSharedType)<\(raw: member.type.text), \(raw: failure)>"
        case .shared:
            return "private let \(raw: name): \(raw: member.type.text)"
        case .transient where member.type.kind == .opaque:
            return nil
        case .transient:
            return "private let \(raw: name): \(raw: optional(member.type.text))"
        }
    }

    private func storage(for member: Member) -> DeclSyntax? { Self.storage(for: member) }

    /// For a container with errors: its storage, and an initializer and builders with the right
    /// signatures whose bodies stop the program (the build fails before anything can run them).
    static func placeholderDeclarations(for extraction: ContainerExtraction) -> [DeclSyntax] {
        let container = extraction.container
        let members = container.members.filter { extraction.members[$0.name] != nil }
        let stop = "fatalError(\"Trellis: '\(container.name)' has compile-time errors\")"
        var declarations = members.compactMap(storage(for:))
        let parameters = members.compactMap(initializerParameter(for:))
        let isolation = container.options.mainActor ? "@MainActor " : ""
        let modifier = container.accessLevel.initializerModifier.map { "\($0) " } ?? ""
        declarations.append("\(raw: isolation)\(raw: modifier)init(\(raw: parameters.joined(separator: ", "))) {\n    \(raw: stop)\n}")
        for member in members where member.scope == .transient || (member.scope == .shared && member.isAsync) {
            let effects = (member.isAsync ? " async" : "") + (member.effectiveFactory?.isThrowing == true ? " throws" : "")
            let returnType = member.type.kind == .opaque ? "Never" : member.type.text
            declarations.append(
                "\(raw: isolation)private func \(raw: GeneratedNames.builder(member.name))()\(raw: effects) -> \(raw: returnType) {\n    \(raw: stop)\n}")
        }
        return declarations
    }

    /// The initializer parameter of a member: required for `.input`, an optional override otherwise.
    static func initializerParameter(for member: Member) -> String? {
        switch member.scope {
        case .input: "\(member.name): \(member.type.text)"
        case .transient where member.type.kind == .opaque: nil
        case .shared, .transient: "\(member.name): \(optional(member.type.text)) = nil"
        }
    }

    private func initializer() -> DeclSyntax {
        let parameters = container.members.compactMap(Self.initializerParameter(for:))
        var lines: [String] = []
        for member in plan.order {
            switch member.scope {
            case .input:
                continue
            case .shared where member.isAsync:
                continue
            case .shared:
                let build = expressions.expression(for: member, in: .initializer)
                lines.append("let \(member.name): \(member.type.text) = \(tryPrefix(build))\(member.name) ?? \(stripTry(build))")
            case .transient where plan.transientsReadAtInitialization.contains(member.name):
                let build = expressions.expression(for: member, in: .initializer)
                let effects = plan.isThrowing(member) ? " throws" : ""
                if member.type.kind == .opaque {
                    lines.append("let \(GeneratedNames.initializationBuilder(member.name)) = { ()\(effects) in \(build) }")
                } else {
                    lines.append(
                        "let \(GeneratedNames.initializationBuilder(member.name)) = { ()\(effects) -> \(member.type.text) in \(tryPrefix(build))\(member.name) ?? \(stripTry(build)) }"
                    )
                }
            case .transient:
                continue
            }
        }
        for member in container.members {
            let storage = "self.\(GeneratedNames.storage(member.name))"
            switch member.scope {
            case .input:
                lines.append("\(storage) = \(member.name)")
            case .shared where !member.isAsync:
                lines.append("\(storage) = \(member.name)")
            case .shared:
                lines.append("\(storage) = \(GeneratedNames.asyncSharedType)(override: \(member.name))")
            case .transient where member.type.kind != .opaque:
                lines.append("\(storage) = \(member.name)")
            case .transient:
                continue
            }
        }
        for member in plan.order where member.scope == .shared && member.isAsync {
            let storage = "self.\(GeneratedNames.storage(member.name))"
            let call = "\(expressions.effectPrefix(for: member))self.\(GeneratedNames.builder(member.name))()"
            lines.append("if \(storage).needsBuild {\n    \(storage).start(Task { [self] in \(call) })\n}")
        }
        let modifier = container.accessLevel.initializerModifier.map { "\($0) " } ?? ""
        let effects = plan.initializerThrows ? " throws" : ""
        let body = lines.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n") }
        return """
            \(raw: isolation)\(raw: modifier)init(\(raw: parameters.joined(separator: ", ")))\(raw: effects) {
            \(raw: body.joined(separator: "\n"))
            }
            """
    }

    /// The builder method of a `.transient` or async `.shared` member.
    private func builder(for member: Member) -> DeclSyntax? {
        guard member.scope == .transient || (member.scope == .shared && member.isAsync) else { return nil }
        let effects = (member.isAsync ? " async" : "") + (plan.isThrowing(member) ? " throws" : "")
        let build = expressions.expression(for: member, in: .member)
        let name = GeneratedNames.builder(member.name)
        let returnType = member.type.text
        let body: String
        if member.scope == .transient && member.type.kind != .opaque {
            if member.isAsync {
                body = "if let override = \(GeneratedNames.storage(member.name)) {\n        return override\n    }\n    return \(build)"
            } else {
                body = "\(tryPrefix(build))\(GeneratedNames.storage(member.name)) ?? \(stripTry(build))"
            }
        } else {
            body = build
        }
        return """
            \(raw: isolation)private func \(raw: name)()\(raw: effects) -> \(raw: returnType) {
                \(raw: body)
            }
            """
    }

    private func tryPrefix(_ expression: String) -> String { expression.hasPrefix("try ") ? "try " : "" }
    private func stripTry(_ expression: String) -> String {
        expression.hasPrefix("try ") ? String(expression.dropFirst(4)) : expression
    }
}

/// `T?`, parenthesised where the type needs it (`(any P)?`).
func optional(_ type: String) -> String {
    let simple = type.allSatisfy { $0.isLetter || $0.isNumber || "_.<>[]:, ".contains($0) }
        && !type.hasPrefix("any ") && !type.hasPrefix("some ") && !type.contains("&")
    return simple ? "\(type)?" : "(\(type))?"
}
