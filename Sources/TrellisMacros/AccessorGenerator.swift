import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// Writes the getter `@Provide` gives its member. It sees only the member's own attribute, so
/// everything it needs (scope and the factory's declared effects) is local to the declaration; the
/// work is done by what `@DIContainer` generates.
enum AccessorGenerator {
    static func getter(for name: String, attribute: ProvideAttribute) -> AccessorDeclSyntax {
        let throwing = attribute.isThrowing
        let effects = (attribute.isAsync ? " async" : "") + (throwing ? " throws" : "")
        let prefix = (throwing ? "try " : "") + (attribute.isAsync ? "await " : "")
        let body: String
        switch attribute.scope {
        case .input:
            body = GeneratedNames.storage(name)
        case .shared where attribute.isAsync:
            body = "\(prefix)\(GeneratedNames.storage(name)).value"
        case .shared:
            body = GeneratedNames.storage(name)
        case .transient:
            body = "\(prefix)\(GeneratedNames.builder(name))()"
        case .onDemand, .child, .forwardingChild:
            // The built value first: forming the builder closure captures (copies) a struct
            // container, which the benchmark measured as O(members) per read.
            let storage = GeneratedNames.storage(name)
            body =
                "if let value = \(storage).builtValue {\n        return value\n    }\n    return \(prefix)\(storage).value { \(prefix)self.\(GeneratedNames.builder(name))() }"
        }
        return """
            get\(raw: effects) {
                \(raw: body)
            }
            """
    }
}
