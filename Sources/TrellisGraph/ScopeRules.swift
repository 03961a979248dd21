/// The rules of scope containers: containers created per unit of work (a request, a session, a job)
/// by an `@Assisted(.scope)` function of a longer-lived container. A scope's `.argument` members
/// are the creating function's arguments; everything else it reads from its creator, either as its
/// parent (`@DIContainer(parent:)`, see ``ParentRules``) or through `<Scope>Dependencies`, which the
/// creator conforms to.
enum ScopeRules {
    /// The issues of `member`, an `@Assisted(.scope)` function of `container`, that the container
    /// alone shows: the scope's type is a container's name. (Whether the container must declare
    /// `: <Scope>Dependencies` depends on the scope's declaration: ``ParentRules`` checks it.)
    static func issues(of member: Member, in container: Container) -> [Issue] {
        guard member.type.isContainerTypeName else {
            return [
                Issue(
                    .invalidChildType,
                    "'\(member.displayName)' creates a scope container, so it must return the type of a @DIContainer, written by name (not '\(member.type.text)')",
                    at: .memberType(container: container.name, member: member.name))
            ]
        }
        // Whether the creator must declare `: <Scope>Dependencies` depends on the scope's declaration,
        // which only the whole program shows: a scope with `parent:` takes its creator itself.
        return []
    }

    /// The whole-program rules: an `@Assisted(.scope)` function takes exactly its scope's
    /// `.argument` members, and a container that takes arguments is never an owned child (its
    /// owner could not pass them).
    static func programIssues(_ directory: ContainerDirectory) -> [LocatedIssue] {
        directory.creations().compactMap { creation in
            let container = creation.owner.declared.container
            let member = creation.member
            let scope = creation.created.declared.container
            let expected = scope.members.filter { $0.scope == .argument }
            let issue: Issue?
            if let signature = member.signature {
                issue =
                    argumentIssue(of: member, signature: signature, in: container, scope: scope, expected: expected)
                    ?? effectIssue(of: member, signature: signature, in: container, scope: scope)
            } else if let first = expected.first {
                issue = Issue(
                    .childTakesArguments,
                    "'\(container.name)' owns '\(scope.name)' as a child, but '\(scope.name)' takes '\(first.name): \(first.type.text)' from whoever creates it; create it per unit of work with an '@Assisted(.scope)' function, or make '\(first.name)' an '.input'",
                    at: .member(container: container.name, member: member.name))
            } else {
                issue = nil
            }
            return issue.map { LocatedIssue(file: creation.owner.file, container: creation.ownerName, issue: $0) }
        }
    }

    /// The issue of a scope function not declared `throws` whose scope's initializer throws (a
    /// synchronous `.shared` member of the scope has a throwing factory).
    private static func effectIssue(
        of member: Member, signature: AssistedSignature, in container: Container, scope: Container
    ) -> Issue? {
        guard !signature.isThrowing, BuildPlan(scope)?.initializerThrows == true else { return nil }
        return Issue(
            .assistedEffectNotDeclared,
            "'\(member.displayName)' creates '\(scope.name)', whose initializer throws (a '.shared' member's factory throws), and its callers must see that: declare the function 'throws'",
            at: .member(container: container.name, member: member.name), fixes: [.addFunctionEffects(async: false, throws: true)])
    }

    /// The issue of a scope function whose parameters are not the scope's arguments (by name and
    /// type, in order: the function passes each to `init(dependencies:…)` under its name).
    private static func argumentIssue(
        of member: Member, signature: AssistedSignature, in container: Container, scope: Container, expected: [Member]
    ) -> Issue? {
        let declared = signature.arguments.map { "\($0.name): \($0.type)" }
        let wanted = expected.map { "\($0.name): \($0.type.text)" }
        guard declared.map(compact) != wanted.map(compact) else { return nil }
        if let renames = renamedParameters(signature.arguments, expected: expected) {
            // The right types in the right order under other names: the function passes each
            // argument under its parameter's name, so renaming the parameters is the whole fix, and
            // the labels its callers write can stay.
            let list = renames.map { "'\($0.written)' to '\($0.wanted)'" }.joined(separator: ", ")
            let spelled = signature.arguments.map { argument in
                let name = renames.first { $0.written == argument.name }?.wanted ?? argument.name
                let label = argument.label ?? "_"
                return "\(label == name ? name : "\(label) \(name)"): \(argument.type)"
            }
            return Issue(
                .scopeArgumentMismatch,
                "'\(member.displayName)' creates '\(scope.name)', which takes its arguments under the names of its '.argument' members; rename the parameter\(renames.count == 1 ? "" : "s") \(list), keeping the labels callers write ('\(member.name)(\(spelled.joined(separator: ", ")))')",
                at: .member(container: container.name, member: member.name))
        }
        let list = wanted.isEmpty ? "no arguments" : "the arguments (\(wanted.joined(separator: ", ")))"
        let has = declared.isEmpty ? "none" : "(\(declared.joined(separator: ", ")))"
        return Issue(
            .scopeArgumentMismatch,
            "'\(member.displayName)' creates '\(scope.name)', which takes \(list) from its creator; declare the function's parameters as those, by name, type and order (it has \(has))",
            at: .member(container: container.name, member: member.name))
    }

    /// The parameters of a scope function to rename, when its parameters have the types of the
    /// scope's arguments in their order but not all their names; `nil` otherwise.
    private static func renamedParameters(
        _ arguments: [RuntimeArgument], expected: [Member]
    ) -> [(written: String, wanted: String)]? {
        guard arguments.count == expected.count,
            zip(arguments, expected).allSatisfy({ compact($0.type) == compact($1.type.text) })
        else { return nil }
        let renames = zip(arguments, expected).filter { $0.name != $1.name }.map { (written: $0.name, wanted: $1.name) }
        return renames.isEmpty ? nil : renames
    }

    /// A type as written, without its spaces: how two spellings of a type are compared.
    private static func compact(_ type: String) -> String { type.filter { !$0.isWhitespace } }
}
