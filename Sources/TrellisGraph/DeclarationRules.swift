/// What a container's declaration holds besides its members, as the readers record it: the facts
/// the declaration rules judge. The readers record them; every rule about them is here.
public struct DeclarationFacts: Hashable, Sendable {
    /// The container's own generic parameters (`<Value>`), if it has any.
    public var genericParameters: NamedFact?
    /// The container is declared inside a function, initializer, accessor or closure.
    public var isLocal = false
    /// The innermost enclosing type with generic parameters, if any.
    public var genericEnclosingType: String?
    /// The stored properties without `@Provide` and without a value the initializer could leave
    /// them with (an initial value, a `var` of an optional type, a getter, a wrapper).
    public var storedPropertiesWithoutValue: [NamedFact] = []
    /// The `@Provide` members declared inside `#if` blocks, with their clause's directive.
    public var conditionalMembers: [ConditionalMemberFact] = []
    /// Every name the body declares (types, typealiases, properties, functions), `#if` clauses included.
    public var declaredNames: [DeclaredName] = []
    /// The types the body declares, with their access levels.
    public var nestedTypeAccess: [String: AccessLevel] = [:]
    /// Per member, the names its type is written with (`Settings` and `Count` in `[Settings: Count]`).
    public var memberTypeNames: [String: [String]] = [:]

    /// No facts: a container declared plainly.
    public init() {}

    /// Whether no needs protocol can be declared beside the container (it is generic, local, or in a
    /// generic type: all errors), so that what would name it is left out.
    public var hasNoNeedsProtocol: Bool { genericParameters != nil || isLocal || genericEnclosingType != nil }
}

/// A name the declaration rules speak of, and where it is written.
public struct NamedFact: Hashable, Sendable {
    /// The name (or the text) written.
    public var name: String
    /// Where.
    public var anchor: Anchor

    /// Creates the fact.
    public init(name: String, anchor: Anchor) {
        self.name = name
        self.anchor = anchor
    }
}

/// A `@Provide` member declared inside an `#if` clause.
public struct ConditionalMemberFact: Hashable, Sendable {
    /// The member's name.
    public var name: String
    /// The directive of its clause (`#if`, `#elseif`, `#else`).
    public var directive: String
    /// Where its `@Provide` is.
    public var anchor: Anchor

    /// Creates the fact.
    public init(name: String, directive: String, anchor: Anchor) {
        self.name = name
        self.directive = directive
        self.anchor = anchor
    }
}

/// A name the body declares.
public struct DeclaredName: Hashable, Sendable {
    /// The name, without backticks.
    public var name: String
    /// Where it is written.
    public var anchor: Anchor
    /// It is a `@Provide` member's.
    public var isMember: Bool

    /// Creates the fact.
    public init(name: String, anchor: Anchor, isMember: Bool) {
        self.name = name
        self.anchor = anchor
        self.isMember = isMember
    }
}

/// The rules of a container's declaration: where it is declared, what its body holds besides its
/// members, and the names it may not use.
public enum DeclarationRules {
    /// The prefix of every name the generated code declares in a container, reserved for it.
    public static let reservedPrefix = "_trellis_"

    /// The snapshot type every container gets (`init(inputs:)` takes it).
    public static let inputsTypeName = "Inputs"

    /// Every issue of `container`'s declaration facts.
    static func issues(of container: Container) -> [Issue] {
        let facts = container.declaration
        let name = container.name
        var issues: [Issue] = []
        if let generic = facts.genericParameters {
            issues.append(
                Issue(
                    .genericContainer,
                    "@DIContainer does not support generic types: '\(name)\(generic.name)' cannot be owned, overridden or described by one graph; declare a container per concrete type, or give the members that vary an existential type ('any P')",
                    at: generic.anchor))
        }
        if facts.isLocal {
            issues.append(
                Issue(
                    .localContainer,
                    "'\(name)' is declared inside a function, and Swift attaches no extension macro to a local type; declare the container at file scope or inside another type",
                    at: .container(name)))
        } else if let outer = facts.genericEnclosingType {
            issues.append(
                Issue(
                    .genericContainer,
                    "'\(name)' is declared inside the generic type '\(outer)', which makes it generic, and @DIContainer does not support generic types; declare it outside '\(outer)'",
                    at: .container(name)))
        }
        for property in facts.storedPropertiesWithoutValue {
            issues.append(
                Issue(
                    .uninitializedStoredProperty,
                    "stored property '\(property.name)' has no initial value, and the initializer @DIContainer generates sets only @Provide members; give '\(property.name)' an initial value, or declare it '@Provide(.input)'",
                    at: property.anchor))
        }
        for member in facts.conditionalMembers {
            issues.append(
                Issue(
                    .conditionalMember,
                    "'\(member.name)' is declared inside '\(member.directive)': a container has one dependency graph in every build configuration; declare '\(member.name)' once, outside '#if', and put the '#if' inside its factory closure",
                    at: member.anchor))
        }
        for hidden in lessVisibleTypes(of: container) {
            issues.append(memberTypeLessVisible(hidden, in: container))
        }
        for declared in reservedNameDeclarations(of: container) {
            issues.append(
                Issue(.reservedName, reservedNameMessage(declared.name, isMember: declared.isMember), at: declared.anchor))
        }
        return issues
    }

    /// The access level of the initializer `@DIContainer` generates: internal, or the container's
    /// own when that is more (`public`) or less (`fileprivate`) visible.
    public static func initializerLevel(of container: Container) -> AccessLevel {
        container.accessLevel.initializerModifier.flatMap(AccessLevel.init(rawValue:))
            ?? (container.accessLevel.visibility < AccessLevel.internal.visibility ? container.accessLevel : .internal)
    }

    /// The members whose type names one of the container's own types less visible than the
    /// initializer, which takes every member (all but an opaque `.transient`), each with that type.
    public static func lessVisibleTypes(of container: Container) -> [(member: String, type: String, level: AccessLevel)] {
        lessVisibleTypes(of: container) { container.declaration.nestedTypeAccess[$0] }
    }

    /// The members whose type names a type less visible than the initializer, by `access` (a type's
    /// access level, `nil` for a name it does not know), each with the first such type.
    public static func lessVisibleTypes(
        of container: Container, access: (String) -> AccessLevel?
    ) -> [(member: String, type: String, level: AccessLevel)] {
        let level = initializerLevel(of: container)
        var hidden: [(member: String, type: String, level: AccessLevel)] = []
        for member in container.members where !(member.scope == .transient && member.type.kind == .opaque) {
            for name in container.declaration.memberTypeNames[member.name] ?? [] {
                guard let found = access(name), found.visibility < level.visibility else { continue }
                hidden.append((member.name, name, found))
                break
            }
        }
        return hidden
    }

    /// The issue of a member whose type is less visible than the container's initializer.
    public static func memberTypeLessVisible(
        _ hidden: (member: String, type: String, level: AccessLevel), in container: Container
    ) -> Issue {
        let level = initializerLevel(of: container)
        return Issue(
            .memberTypeLessVisible,
            "'\(hidden.member)' has the type '\(hidden.type)', which is \(hidden.level.rawValue), but the initializer @DIContainer generates for '\(container.name)' is \(level.rawValue) and takes every member; declare '\(hidden.type)' \(level.rawValue)",
            at: .memberType(container: container.name, member: hidden.member))
    }

    /// The declarations of the body named as one `@DIContainer` adds to the container: `Inputs`
    /// (every container has that snapshot type), a name with the reserved prefix, a member named
    /// `self`, and, beside services, `serviceStartOrder` (a `@Provide` member of that name is the
    /// service rules'). Declarations inside `#if` count too.
    public static func reservedNameDeclarations(of container: Container) -> [DeclaredName] {
        let hasServices = container.members.contains(where: \.isService)
        return container.declaration.declaredNames.filter { declared in
            declared.name == inputsTypeName || (declared.name == "self" && declared.isMember)
                || declared.name.hasPrefix(reservedPrefix)
                || (declared.name == ServiceRules.startOrderProperty && hasServices && !declared.isMember)
        }
    }

    private static func reservedNameMessage(_ name: String, isMember: Bool) -> String {
        if name == inputsTypeName {
            return
                "'Inputs' is declared by @DIContainer in every container (the snapshot of what it needs, which 'init(inputs:)' takes); rename this declaration"
        }
        if name == "self" && isMember {
            return
                "a member cannot be named 'self': the initializer @DIContainer generates takes each member as a parameter of its name, which would hide 'self'; rename it"
        }
        if name.hasPrefix(reservedPrefix) {
            return "'\(name)' begins with '\(reservedPrefix)', which is reserved for the code @DIContainer generates; rename it"
        }
        return
            "'\(name)' is declared by @DIContainer in a container with 'service: true' members (the services in start order); rename this declaration"
    }
}
