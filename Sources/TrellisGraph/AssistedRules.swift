/// The rules of `@Assisted` functions: members built on every call from arguments their caller
/// passes and from the members their factory reads.
enum AssistedRules {
    /// The effects an `@Assisted` member's build needs: those its factory closure declares and those
    /// of the members it reads (each read is an argument of the call to the factory).
    static func requiredEffects(of member: Member, in container: Container) -> (awaits: Bool, throws: Bool) {
        let factory = member.effectiveFactory
        var awaits = factory?.isAsync == true
        var throwing = factory?.isThrowing == true
        if case .containerClosure = factory?.form {
            // The closure reads the container itself, and must declare what those reads need.
            return (awaits, throwing)
        }
        for name in member.constructionDependencyNames {
            guard let target = container.member(named: name) else { continue }
            awaits = awaits || target.readAwaits
            throwing = throwing || target.readThrows
        }
        return (awaits, throwing)
    }

    /// The issues of `member`, an `@Assisted` function of `container`.
    static func issues(of member: Member, in container: Container) -> [Issue] {
        guard let signature = member.signature else { return [] }
        if signature.createsScope { return ScopeRules.issues(of: member, in: container) }
        var issues: [Issue] = []
        let containerName = container.name
        let call = member.displayName
        issues += ContainerValidator.buildIssues(
            of: member, named: "'\(call)'", calledAs: call, ways: "'factory:' or 'Type.self, with: [...]'", in: containerName)
        if member.type.kind == .opaque {
            issues.append(
                Issue(
                    .opaqueTypeRequiresTransient,
                    "'\(call)' returns the opaque type '\(member.type.text)', which the container cannot keep a test's replacement of; return an 'any' type",
                    at: .memberType(container: containerName, member: member.name), fixes: [.replaceOpaqueWithExistential]))
        }
        let received = receivedNames(of: member)
        for (index, argument) in signature.arguments.enumerated() {
            let anchor = Anchor.argument(container: containerName, member: member.name, index: index)
            if container.member(named: argument.name) != nil {
                issues.append(
                    Issue(
                        .argumentShadowsMember,
                        "argument '\(argument.name)' of '\(call)' has the name of the member '\(argument.name)', so the factory could not tell them apart; rename the argument",
                        at: anchor))
            } else if let received, !received.contains(argument.name) {
                let advice =
                    member.autoWiringType != nil || member.factory?.form.isClosure == true
                    ? "add a parameter '\(argument.name): \(argument.type)' to its factory closure, or remove the argument"
                    : "build it with a factory closure that takes '\(argument.name): \(argument.type)', or remove the argument"
                issues.append(
                    Issue(
                        .unusedArgument, "'\(call)' never passes its argument '\(argument.name)' to its factory; \(advice)",
                        at: anchor))
            }
        }
        let required = requiredEffects(of: member, in: container)
        let missing = [(required.awaits && !signature.isAsync, "async"), (required.throws && !signature.isThrowing, "throws")]
            .filter(\.0)
        if !missing.isEmpty {
            let effects = missing.map { "'\($0.1)'" }.joined(separator: " and ")
            let fix = Fix.addFunctionEffects(
                async: required.awaits && !signature.isAsync, throws: required.throws && !signature.isThrowing)
            let needs = [required.awaits ? "awaits" : nil, required.throws ? "throws" : nil].compactMap { $0 }
            issues.append(
                Issue(
                    .assistedEffectNotDeclared,
                    "'\(call)' \(needs.joined(separator: " and ")) while it builds its value (its factory or a member it reads does), and its callers must see that: declare the function \(effects)",
                    at: .member(container: containerName, member: member.name), fixes: [fix]))
        }
        return issues
    }

    /// The argument names the factory receives, or `nil` when it receives them all (AutoWiring
    /// passes every argument to the type's initializer).
    private static func receivedNames(of member: Member) -> Set<String>? {
        if member.autoWiringType != nil && member.factory == nil { return nil }
        switch member.factory?.form {
        case .parameterClosure(let parameters): return Set(parameters)
        // An expression naming an argument is reported as such (`expressionReadIssue`), not as
        // an argument it never passes.
        case .expression: return Set(member.factory?.expressionReads ?? [])
        case .containerClosure: return []
        case nil: return nil
        }
    }

    /// A read of `target`, an `@Assisted` function, by `reader`: allowed only as a call through the
    /// container (`c.detail(id: 1)`) from a member built after the container exists.
    static func readIssue(
        of target: Member, by reader: Member, dependency: Dependency, at anchor: Anchor, in container: Container
    ) -> Issue? {
        guard target.isAssisted else { return nil }
        let call = target.displayName
        // A function value is called later, so it suits any member, in a container that gives one.
        let isolated = !container.givesProviders
        let parameter = "'(\(target.name): @escaping @Sendable \(ProviderRules.expectedFunctionType(of: target)))'"
        if dependency.origin != .containerRead {
            let functionValue = isolated ? "" : ", or take it as a function value: a factory parameter \(parameter)"
            return Issue(
                .readsAssistedMember,
                "'\(reader.name)' reads '\(target.name)', which takes arguments ('\(call)'); call it through the container instead: '{ (c: Self) in ... c.\(call) ... }'\(functionValue)",
                at: anchor)
        }
        if reader.scope == .shared && !reader.isAsync {
            // A `.shared` member keeps a function value's link to the container weak (the container
            // keeps the member): the one form that stops the program when the container goes first,
            // as a server's `configure` lets it go once the routes hold what it built.
            let functionValue =
                isolated
                ? ""
                : ", or, to call it only later, take it as a function value: a factory parameter \(parameter), which reaches the container weakly: a call after the container is released stops the program, so keep the container itself for as long as '\(reader.name)' is used"
            return Issue(
                .readsAssistedMember,
                "'\(reader.name)' is built when the container is created, before '\(call)' can be called; make '\(reader.name)' '.transient' (it then keeps the container alive) or '.onDemand'\(functionValue)",
                at: anchor)
        }
        return nil
    }
}

extension Container {
    /// The effects the build of `member`, an `@Assisted` function, needs (its factory's and those of
    /// the reads passed to it), which may be fewer than the function declares.
    public func assistedBuildEffects(of member: Member) -> (awaits: Bool, throws: Bool) {
        AssistedRules.requiredEffects(of: member, in: self)
    }
}
