import SwiftSyntax
import TrellisGraph

/// Reads the arguments of `@Provide(...)`. The macro's accessor and the container extraction both
/// go through here, so the grammar is read in exactly one place.
public enum ProvideAttributeReader {
    /// The first argument written after one that `@Provide` declares after it (`factory:` after
    /// `concrete:`), with that one's role; nil when they are in order. Unknown labels are left to the
    /// reader's own diagnostics.
    public static func misplacedArgument(
        in attribute: AttributeSyntax, roles: [ProvideArgument: LabeledExprSyntax]
    ) -> (node: LabeledExprSyntax, role: ProvideArgument, after: ProvideArgument)? {
        guard case .argumentList(let arguments) = attribute.arguments else { return nil }
        let order = ProvideArgument.allCases
        var latest: (role: ProvideArgument, rank: Int)?
        for argument in arguments {
            guard let role = roles.first(where: { $0.value.id == argument.id })?.key, let rank = order.firstIndex(of: role)
            else { continue }
            if let previous = latest, rank < previous.rank { return (argument, role, previous.role) }
            latest = (role, rank)
        }
        return nil
    }

    /// The attribute's name when it is `@Provide` (also `@Trellis.Provide`).
    public static func isProvide(_ attribute: AttributeSyntax) -> Bool {
        attributeName(attribute) == "Provide"
    }

    /// The last component of an attribute's name (`Provide` for `@Trellis.Provide`).
    public static func attributeName(_ attribute: AttributeSyntax) -> String {
        if let member = attribute.attributeName.as(MemberTypeSyntax.self) { return member.name.text }
        return attribute.attributeName.trimmedText
    }

    /// The `@Provide` attribute of a declaration, if it has one.
    public static func provideAttribute(of attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            if case .attribute(let attribute) = element, isProvide(attribute) { return attribute }
        }
        return nil
    }

    /// The attributes of `attributes` named `name` (`Provide`, `DIContainer`), in order: more than
    /// one is `trellis.repeated-attribute`.
    public static func attributes(named name: String, in attributes: AttributeListSyntax) -> [AttributeSyntax] {
        attributes.compactMap { element in
            guard case .attribute(let attribute) = element, attributeName(attribute) == name else { return nil }
            return attribute
        }
    }

    /// The `@Assisted` attribute of a declaration, if it has one.
    public static func assistedAttribute(of attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            if case .attribute(let attribute) = element, attributeName(attribute) == "Assisted" { return attribute }
        }
        return nil
    }

    /// Reads every argument of `attribute` (`@Provide` or `@Assisted`, whose arguments are a subset).
    public static func read(_ attribute: AttributeSyntax) -> ProvideAttribute {
        var result = ProvideAttribute()
        guard case .argumentList(let arguments) = attribute.arguments else { return result }
        var unlabelled = 0
        for argument in arguments {
            switch argument.label?.text {
            case nil:
                if unlabelled == 0, !isProvide(attribute), isCase(argument.expression, named: "scope", of: "AssistedKind") {
                    result.createsScope = true
                    result.arguments[.scope] = argument
                } else if unlabelled == 0, let scope = scope(of: argument.expression) {
                    result.scope = scope
                    result.arguments[.scope] = argument
                } else if unlabelled <= 1, let type = autoWiringType(of: argument.expression) {
                    result.autoWiringType = type
                    result.arguments[.type] = argument
                } else {
                    result.invalidArguments.append(
                        (
                            Syntax(argument),
                            unlabelled == 0
                                ? scopeExpectation(for: argument.expression)
                                : "expected 'Type.self' here, naming the type AutoWiring builds"
                        ))
                }
                unlabelled += 1
            case ProvideArgument.with.rawValue:
                result.withArgument = argument
                result.arguments[.with] = argument
            case ProvideArgument.factory.rawValue:
                result.factory = argument
                result.arguments[.factory] = argument
            case ProvideArgument.asyncFactory.rawValue:
                result.asyncFactory = argument
                result.arguments[.asyncFactory] = argument
            case ProvideArgument.concrete.rawValue:
                result.arguments[.concrete] = argument
                if let literal = argument.expression.as(BooleanLiteralExprSyntax.self) {
                    result.concrete = literal.literal.tokenKind == .keyword(.true)
                } else {
                    result.invalidArguments.append(
                        (Syntax(argument.expression), "'concrete:' takes the literal 'true' or 'false'"))
                }
            case ProvideArgument.service.rawValue where isProvide(attribute):
                result.arguments[.service] = argument
                if let literal = argument.expression.as(BooleanLiteralExprSyntax.self) {
                    result.service = literal.literal.tokenKind == .keyword(.true)
                } else {
                    result.invalidArguments.append(
                        (Syntax(argument.expression), "'service:' takes the literal 'true' or 'false'"))
                }
            case ProvideArgument.shutdown.rawValue where isProvide(attribute):
                result.shutdown = argument
                result.arguments[.shutdown] = argument
            case let label?
            where isProvide(attribute)
                && (label == ProvideArgument.into.rawValue || label == ProvideArgument.elementsInto.rawValue):
                let role: ProvideArgument = label == ProvideArgument.into.rawValue ? .into : .elementsInto
                if let other = result.contribution {
                    result.invalidArguments.append(
                        (
                            Syntax(argument),
                            "a member contributes to one collection, and '\(other.elements ? "elementsInto" : "into"):' is already given; remove '\(label):'"
                        ))
                } else {
                    result.contribution = (argument, role == .elementsInto)
                    result.arguments[role] = argument
                }
            case ProvideArgument.key.rawValue where isProvide(attribute):
                result.key = argument.expression.trimmedDescription
                result.arguments[.key] = argument
            case ProvideArgument.allowsEmpty.rawValue where isProvide(attribute):
                result.arguments[.allowsEmpty] = argument
                if let literal = argument.expression.as(BooleanLiteralExprSyntax.self) {
                    result.allowsEmpty = literal.literal.tokenKind == .keyword(.true)
                } else {
                    result.invalidArguments.append(
                        (Syntax(argument.expression), "'allowsEmpty:' takes the literal 'true' or 'false'"))
                }
            case let label?:
                result.invalidArguments.append((Syntax(argument), "@\(attributeName(attribute)) has no argument '\(label):'"))
            }
        }
        if result.createsScope {
            let others = result.arguments.filter { $0.key != .scope }.map(\.value).sorted { $0.position < $1.position }
            for argument in others {
                result.invalidArguments.append(
                    (
                        Syntax(argument),
                        "@Assisted(.scope) creates the scope from this container and the function's arguments; remove this argument"
                    ))
            }
        }
        return result
    }

    /// Whether `expression` is `.name`, or `Base.name` or `Trellis.Base.name` for `base`: how
    /// `@Assisted(.scope)` (`AssistedKind`) and `@Provide(.collection)` (`DIScope`) are written.
    private static func isCase(_ expression: ExprSyntax, named name: String, of base: String) -> Bool {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == name else {
            return false
        }
        guard let written = access.base?.trimmedDescription else { return true }
        return written == base || written == "Trellis.\(base)"
    }

    /// What other DI libraries call the scopes, for the message of an unknown scope.
    private static let scopeSynonyms: [String: MemberScope] = [
        "singleton": .shared, "container": .shared, "weak": .shared, "lazy": .onDemand, "lazySingleton": .onDemand,
        "factory": .transient, "unique": .transient, "graph": .transient, "parameter": .input, "external": .input,
    ]

    /// The message for a first unlabelled argument that is not a scope: every scope, and the one
    /// meant when the argument is another library's name for it (`.singleton` is `.shared`).
    private static func scopeExpectation(for expression: ExprSyntax) -> String {
        let scopes = MemberScope.allCases.map { "'.\($0.rawValue)'" }
        let list = scopes.dropLast().joined(separator: ", ") + " or " + scopes.last!
        if let access = expression.as(MemberAccessExprSyntax.self), access.base == nil,
            let meant = scopeSynonyms[access.declName.baseName.text]
        {
            return "'.\(access.declName.baseName.text)' is not a Trellis scope; write '.\(meant.rawValue)' (scopes: \(list))"
        }
        return "expected a scope (\(list)) here"
    }

    private static func scope(of expression: ExprSyntax) -> MemberScope? {
        guard let access = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = access.base, base.trimmedDescription != "DIScope" && base.trimmedDescription != "Trellis.DIScope" {
            return nil
        }
        return MemberScope(rawValue: access.declName.baseName.text)
    }

    private static func autoWiringType(of expression: ExprSyntax) -> ExprSyntax? {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.baseName.tokenKind == .keyword(.self),
            let base = access.base
        else { return nil }
        return base
    }
}
