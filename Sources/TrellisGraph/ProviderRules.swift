/// The rules of `Provider<T>` and `Lazy<T>` factory parameters: a member that gets another member
/// later, many times, or not at all. Such a read happens after the container exists, so it orders
/// nothing at construction and closes no dependency cycle; what it cannot do is await, throw, or
/// pass arguments, and it cannot leave a container isolated to a global actor other than the main
/// actor (see ``Container/givesProviders``).
enum ProviderRules {
    static func issues(
        of dependency: Dependency, target: Member, reader: Member, at anchor: Anchor, in container: Container
    ) -> [Issue] {
        // The actor a container that gives no providers is isolated to.
        let isolation = container.givesProviders ? nil : container.isolatingActor
        if dependency.access == .function {
            return functionIssues(of: dependency, target: target, reader: reader, at: anchor, isolation: isolation)
        }
        let wrapper = dependency.access.typeName ?? "Provider"
        let receives = "'\(reader.displayName)' receives '\(target.displayName)' as a \(wrapper)"
        if let isolation {
            // A member built on every read already reads its members when it is read.
            let transientAdvice =
                reader.scope == .transient ? "" : ", or make '\(reader.name)' '.transient' so it is built when read"
            return [
                Issue(
                    .unsupportedProvider,
                    "\(receives), which Trellis cannot give in a container isolated to '@\(isolation)' (calling it would leave the actor); read '\(target.name)' directly\(transientAdvice)",
                    at: anchor)
            ]
        }
        if target.isAssisted {
            return [
                Issue(
                    .unsupportedProvider,
                    "\(receives), but '\(target.displayName)' is called with arguments, which a \(wrapper) cannot pass; take the container ('c: Self') and call 'c.\(target.name)(...)' when needed",
                    at: anchor)
            ]
        }
        if target.readAwaits || target.readThrows {
            let effect =
                target.readAwaits
                ? "is built by an asyncFactory, which a \(wrapper) cannot await"
                : "has a throwing factory, whose error a \(wrapper) cannot pass on"
            let advice =
                target.readAwaits ? "read it directly from an asyncFactory" : "read it directly from a factory declared 'throws'"
            return [Issue(.unsupportedProvider, "\(receives), but '\(target.name)' \(effect); \(advice)", at: anchor)]
        }
        if let written = dependency.valueType, normalized(written) != normalized(target.type.text) {
            return [
                Issue(
                    .providerTypeMismatch,
                    "'\(reader.displayName)' receives '\(target.name)' as '\(wrapper)<\(written)>', but '\(target.name)' has the type '\(target.type.text)'; write '\(wrapper)<\(target.type.text)>'",
                    at: anchor, fixes: [.replaceProvidedType(target.type.text)])
            ]
        }
        return []
    }

    /// An `@Assisted` function taken as a function value: the parameter's function type takes as
    /// many arguments as the function, and declares the effects the function has (more is fine).
    /// The types themselves are the compiler's to check, on the factory's line.
    /// `isolation` is the actor of a container that gives no function values (nil where it does).
    static func functionIssues(
        of dependency: Dependency, target: Member, reader: Member, at anchor: Anchor, isolation: String?
    ) -> [Issue] {
        guard let signature = target.signature else { return [] }
        let expected = expectedFunctionType(of: target)
        let receives = "'\(reader.displayName)' takes '\(target.displayName)' as a function"
        if let isolation {
            return [
                Issue(
                    .unsupportedProvider,
                    "\(receives), which Trellis cannot give in a container isolated to '@\(isolation)' (calling it would leave the actor); take the container ('c: Self') and call 'c.\(target.displayName)' from a '.transient' member",
                    at: anchor)
            ]
        }
        // A parameter without a type (`{ query, configuration in ... }`) takes the type Swift
        // infers from where the closure passes it, which the compiler checks.
        guard let shape = dependency.functionShape else { return [] }
        var problems: [String] = []
        if shape.parameterCount != signature.arguments.count {
            problems.append(
                "takes \(signature.arguments.count) argument\(signature.arguments.count == 1 ? "" : "s"), not \(shape.parameterCount)"
            )
        }
        if signature.isAsync && !shape.isAsync { problems.append("is async") }
        if signature.isThrowing && !shape.isThrowing { problems.append("throws") }
        guard !problems.isEmpty else { return [] }
        return [
            Issue(
                .providerTypeMismatch,
                "\(receives), but '\(target.displayName)' \(problems.dropLast().map { $0 + ", " }.joined())\(problems.count > 1 ? "and " : "")\(problems.last ?? ""); declare the parameter '@escaping @Sendable \(expected)'",
                at: anchor, fixes: [.replaceParameterType("@escaping @Sendable \(expected)")])
        ]
    }

    /// The function type that takes `function` (an `@Assisted` member) as a value: its arguments'
    /// types, its effects, its result.
    static func expectedFunctionType(of function: Member) -> String {
        guard let signature = function.signature else { return function.type.text }
        let effects = (signature.isAsync ? " async" : "") + (signature.isThrowing ? " throws" : "")
        return "(\(signature.arguments.map(\.type).joined(separator: ", ")))\(effects) -> \(function.type.text)"
    }

    /// A type's text without the spaces that do not change it (`[String : Int]`, `any  P`).
    static func normalized(_ type: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in type {
            if character == " " || character == "\n" || character == "\t" {
                pendingSpace = true
                continue
            }
            // A space matters only between two word characters (`any P`, `some Q`).
            if pendingSpace, let last = result.last, isWord(last), isWord(character) { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    private static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
