/// The rules of one container. Pure: the same input always gives the same issues, in the same order.
public enum ContainerValidator {
    /// Every issue of `container`, ordered by member declaration order, then by rule.
    public static func validate(_ container: Container) -> [Issue] {
        var issues =
            DeclarationRules.issues(of: container) + declarationIssues(container) + ServiceRules.containerIssues(container)
            + ServiceRules.weakLinkIssues(container)
        let membersByName = Dictionary(container.members.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let (becomingAsync, becomingThrowing) = membersBecomingEffectful(in: container, membersByName: membersByName)
        for member in container.members {
            issues +=
                member.isAssisted
                ? AssistedRules.issues(of: member, in: container)
                : member.collection != nil
                    ? CollectionRules.issues(ofCollection: member, in: container) : memberIssues(member, in: container)
            issues += CollectionRules.issues(ofContribution: member, in: container)
            issues += ServiceRules.issues(of: member, in: container)
            if let issue = expressionReadIssue(of: member, in: container) { issues.append(issue) }
            issues += closureReadIssues(of: member, in: container)
            issues += dependencyIssues(
                member, in: container, membersByName: membersByName, becomingAsync: becomingAsync,
                becomingThrowing: becomingThrowing)
            issues += eagerChildReads(member, in: container, membersByName: membersByName)
        }
        issues += CycleFinder.cycles(in: container).map { cycle in
            if cycle.count == 2, let member = container.member(named: cycle[0]),
                let issue = selfReadIssue(of: member, in: container)
            {
                return issue
            }
            return Issue(
                .dependencyCycle,
                "dependency cycle: \(cycle.joined(separator: " -> ")); break it \(cycleBreakers(cycle, in: container))",
                at: .member(container: container.name, member: cycle[0])
            )
        }
        return issues
    }

    /// How the cycle `cycle` can be broken where its first member reads the second: a `Lazy`
    /// parameter where the read is a closure parameter and ``ProviderRules`` accept a `Lazy` of the
    /// second member there, an `.input`, or a factory that does not read it.
    static func cycleBreakers(_ cycle: [String], in container: Container) -> String {
        let fallback = "with an .input or a factory that does not read '\(cycle[1])'"
        guard let reader = container.member(named: cycle[0]), let target = container.member(named: cycle[1]),
            reader.dependencies.contains(where: { $0.name == target.name && $0.origin == .closureParameter }),
            ProviderRules.issues(
                of: Dependency(target.name, origin: .closureParameter, access: .lazy), target: target, reader: reader,
                at: .member(container: container.name, member: reader.name), in: container
            ).isEmpty
        else { return fallback }
        return
            "by declaring the parameter '\(target.name)' of '\(reader.displayName)' as 'Lazy<\(target.type.text)>' (read when first called, after the container exists), \(fallback)"
    }

    /// A member whose factory reads the member itself: most often a parameter, a label or a key path
    /// naming the member being built where another was meant (`Handlers.init(billing:)` for the
    /// member `billing` beside `billingService`). Placed on the read, with the closest other name.
    /// `nil` for a collection contributing to itself, which reads nothing by name.
    static func selfReadIssue(of member: Member, in container: Container) -> Issue? {
        guard let index = member.dependencies.firstIndex(where: { $0.name == member.name && $0.origin != .contribution })
        else { return nil }
        let others = container.members.map(\.name).filter { $0 != member.name }
        // In a scope, a name it declares is never read from its parent: refining the parent's member
        // (a connection's logger from the application's) takes a name of its own.
        let parentAdvice =
            container.options.parent.map { parent in
                "; to build it from the member '\(member.name)' of '\(parent)', give this member another name (a scope reads a name from its parent only when it does not declare it)"
            }
        let advice =
            parentAdvice
            ?? NameSuggester.closest(to: member.name, among: others).map { "; did you mean '\($0)'?" }
            ?? "; read another member, or make '\(member.name)' an .input"
        return Issue(
            .dependencyCycle,
            "dependency cycle: \(member.name) -> \(member.name); its factory reads '\(member.name)', the member it builds\(advice)",
            at: .dependency(container: container.name, member: member.name, index: index))
    }

    static func declarationIssues(_ container: Container) -> [Issue] {
        var issues: [Issue] = []
        let name = container.name
        if !container.kind.canBeContainer {
            let fixes: [Fix] = container.kind == .openableClass ? [.makeFinal] : []
            issues.append(
                Issue(
                    .unsupportedContainerKind,
                    "@DIContainer applies to a struct or a final class, not to \(article(container.kind)) '\(name)'",
                    at: .container(name), fixes: fixes))
        }
        for index in 0..<container.userInitializerCount {
            issues.append(
                Issue(
                    .userDefinedInitializer,
                    "@DIContainer generates the initializer of '\(name)'; remove this init and pass overrides to the generated one, or make it a static function that calls it ('static func make(...) -> \(name)')",
                    at: .userInitializer(container: name, index: index), fixes: [.removeInitializer]))
        }
        if let parent = container.options.parent {
            // Its snapshot of needs would come from `<Name>Dependencies`, which such a container has not.
            for member in container.members where member.scope == .forwardingChild {
                issues.append(
                    Issue(
                        .invalidArgument,
                        "'\(member.name)' is a '.forwardingChild', whose needs come through '\(name)Dependencies', which a container with 'parent: \(parent).self' does not declare; make it a '.child'",
                        at: .member(container: name, member: member.name)))
            }
        }
        let containerActors = container.globalActorAttributes + (container.options.mainActor ? ["MainActor"] : [])
        for member in container.members where !member.scope.isSupplied {
            guard let actor = member.globalActor, !containerActors.contains(actor) else { continue }
            // A scope is created by its parent's `@Assisted(.scope)` function, which must then run
            // on that actor too.
            let parentToo = container.options.parent.map { " (and to its parent '\($0)', which creates it)" } ?? ""
            let advice =
                actor == "MainActor"
                ? "add 'mainActor: true' to @DIContainer\(parentToo)" : "isolate '\(name)' to '@\(actor)' as well\(parentToo)"
            issues.append(
                Issue(
                    .memberIsolationMismatch,
                    "'\(member.name)' is isolated to '@\(actor)' but '\(name)' is not, so the initializer and builders @DIContainer generates cannot build it; \(advice)",
                    at: .member(container: name, member: member.name),
                    fixes: actor == "MainActor" ? [.addMainActorOption] : []))
        }
        if container.options.mainActor {
            for attribute in container.globalActorAttributes where attribute != "MainActor" {
                issues.append(
                    Issue(
                        .mainActorConflict,
                        "'\(name)' is isolated to '@\(attribute)' but asks for 'mainActor: true'; keep one isolation",
                        at: .containerAttribute(container: name, name: attribute)))
            }
            for member in container.members where member.isNonisolated {
                issues.append(
                    Issue(
                        .mainActorConflict,
                        "member '\(member.name)' is 'nonisolated' in a 'mainActor: true' container; remove 'nonisolated' or 'mainActor: true'",
                        at: .member(container: name, member: member.name)))
            }
        }
        return issues
    }

    static func memberIssues(_ member: Member, in container: Container) -> [Issue] {
        var issues: [Issue] = []
        let containerName = container.name
        func at(_ argument: ProvideArgument) -> Anchor {
            .memberArgument(container: containerName, member: member.name, argument: argument)
        }
        let name = member.name
        switch member.scope {
        case .input, .argument:
            let scope = member.scope.rawValue
            if member.asyncFactory != nil {
                issues.append(
                    Issue(
                        .asyncFactoryOnInput,
                        "'.\(scope)' member '\(name)' is supplied by the container's creator and takes no asyncFactory",
                        at: at(.asyncFactory), fixes: [.removeArgument(.asyncFactory)]))
            }
            for argument in [ProvideArgument.factory, .type, .with] where member.has(argument) {
                issues.append(
                    Issue(
                        .inputWithFactory,
                        "'.\(scope)' member '\(name)' is supplied by the container's creator and takes no '\(argument.label)'",
                        at: at(argument), fixes: [.removeArgument(argument)]))
            }
        case .child, .forwardingChild:
            issues += childIssues(member, in: container)
        case .collection:
            // Its rules are the collection's (`CollectionRules`), which `validate` applies instead.
            break
        case .shared, .transient, .onDemand:
            issues += buildIssues(
                of: member, named: "'.\(member.scope.rawValue)' member '\(name)'", calledAs: name,
                ways: "'factory:', 'asyncFactory:' or 'Type.self, with: [...]'", in: containerName)
            if let asyncFactory = member.asyncFactory, !asyncFactory.isAsync {
                let fixable = asyncFactory.form.isClosure
                issues.append(
                    Issue(
                        .asyncFactoryNotAsync,
                        fixable
                            ? "asyncFactory of '\(name)' must be an async closure; write '{ (...) async in ... }' or use 'factory:'"
                            : "asyncFactory of '\(name)' must be a closure literal declared 'async'",
                        at: at(.asyncFactory), fixes: fixable ? [.addAsyncEffect] : []))
            }
            for (argument, factory) in [(ProvideArgument.factory, member.factory), (.asyncFactory, member.asyncFactory)] {
                guard let factory, factory.returnedTypes.count > 1 else { continue }
                let types = factory.returnedTypes.map { "'\($0)'" }
                issues.append(
                    Issue(
                        .factoryResultType,
                        "the \(argument.label) closure of '\(name)' returns \(types.dropLast().joined(separator: ", ")) and \(types.last ?? "");"
                            + " Swift takes a closure's result type from its first 'return', so declare it: '-> \(member.type.text)'",
                        at: at(argument), fixes: [.addResultType(member.type.text)]))
            }
            if let factory = member.factory, factory.isAsync {
                issues.append(
                    Issue(
                        .asyncClosureInFactory,
                        "factory of '\(name)' is async; pass it as 'asyncFactory:' so the accessor can await it",
                        at: at(.factory), fixes: [.useAsyncFactoryLabel]))
            }
            if needsConcreteOptIn(member, in: container) {
                // A bare name may be a protocol, but also a struct, a class, or a typealias of an
                // existential ('any' would then be redundant): the macro cannot tell, so the fix that
                // is always right comes first, and 'any' is offered only where it may be.
                let text = member.type.text
                let couldBeProtocol =
                    text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                    && !Self.standardConcreteTypes.contains(text)
                let message =
                    couldBeProtocol
                    ? "'\(name)' has the type '\(text)', which Trellis takes for a concrete type; opt in with 'concrete: true', or write 'any \(text)' if '\(text)' is a protocol"
                    : "'\(name)' has the concrete type '\(text)'; opt in with 'concrete: true', or depend on a protocol"
                // Where several members need it, the container's option opts them all in with one edit.
                let others = container.members.contains { $0.name != name && needsConcreteOptIn($0, in: container) }
                issues.append(
                    Issue(
                        .concreteTypeWithoutOptIn, message, at: .memberType(container: containerName, member: name),
                        fixes: [.addConcreteOptIn] + (others ? [.addContainerConcreteOption] : [])
                            + (couldBeProtocol ? [.makeTypeExistential] : [])))
            }
        }
        if member.type.kind == .opaque && member.scope != .transient {
            // The message is the same whatever the member's scope and factory (a fix-it of another
            // rule changing them must not bring a "new" error); a service, one instance, gets no
            // '.transient' fix-it, and a stored member's concrete type cannot be told from a generic
            // one needing its arguments, so it gets none.
            let transient =
                member.scope == .shared && !member.isService && (member.effectiveFactory != nil || member.autoWiringType != nil)
            issues.append(
                Issue(
                    .opaqueTypeRequiresTransient,
                    member.scope.isSupplied
                        ? "'\(name)' has the opaque type '\(member.type.text)', which an '.\(member.scope.rawValue)' cannot have: the container stores the value its creator passes; give it a type the creator can name, or an 'any' type"
                        : "'\(name)' has the opaque type '\(member.type.text)', which only a '.transient' member can return; make it '.transient' (built on every read; not a service, which is one instance), or give it a type the container can store: the type its factory builds (with its generic arguments), or an 'any' type (the only one when the factory itself returns an opaque type)",
                    at: .memberType(container: containerName, member: name),
                    fixes: (transient ? [.makeTransient] : []) + [.replaceOpaqueWithExistential]))
        }
        if member.withEntries != nil && member.autoWiringType == nil && !member.scope.isSupplied {
            issues.append(
                Issue(
                    .withWithoutType, "'with:' of '\(name)' lists AutoWiring arguments but no type; add 'Type.self' before it",
                    at: at(.with)))
        }
        return issues
    }

    /// `factory: NetworkService(session: session)`, as the design documents write it: Swift
    /// type-checks the attribute in the type's static context and reports each member (or
    /// `@Assisted` argument) it reads ("instance member 'session' cannot be used on type", "cannot
    /// find 'id' in scope"). Trellis says how to read them: as the parameters of a factory closure,
    /// which its fix-it writes with their types. No fix-it where a member cannot be a plain closure
    /// parameter (an opaque or function type, an `@Assisted` function) or is awaited (the closure
    /// would be an `asyncFactory:`, which the message names).
    static func expressionReadIssue(of member: Member, in container: Container) -> Issue? {
        guard let factory = member.factory, !member.scope.isSupplied, member.collection == nil,
            member.signature?.createsScope != true
        else { return nil }
        guard !factory.expressionReads.isEmpty else { return expressionEffectIssue(of: member, factory: factory, in: container) }
        let reads = factory.expressionReads
        let arguments = member.signature?.arguments ?? []
        let targets = reads.compactMap { name in arguments.contains { $0.name == name } ? nil : container.member(named: name) }
        let types = reads.map { name in
            arguments.first { $0.name == name }?.type ?? container.member(named: name)?.type.text ?? "_"
        }
        let quoted = reads.map { "'\($0)'" }
        let listed = reads.count == 1 ? quoted[0] : "\(quoted.dropLast().joined(separator: ", ")) and \(quoted.last ?? "")"
        let parameters = zip(reads, types).map { "\($0): \($1)" }.joined(separator: ", ")
        let awaits = targets.contains(where: \.readAwaits) || factory.expressionAwaits
        let throwing = targets.contains(where: \.readThrows) || factory.expressionTries
        let effects = (awaits ? " async" : "") + (throwing ? " throws" : "")
        let label = awaits && !member.isAssisted ? "asyncFactory" : "factory"
        let message =
            "the factory of '\(member.displayName)' reads \(listed), which an attribute cannot read;"
            + " take \(reads.count == 1 ? "it as a closure parameter" : "them as closure parameters"): '\(label): { (\(parameters))\(effects) in ... }'"
        let fixable = !awaits && targets.allSatisfy { !$0.isAssisted && $0.type.isPlainParameterType }
        return Issue(
            .memberReadInExpression, message,
            at: .memberArgument(container: container.name, member: member.name, argument: .factory),
            fixes: fixable ? [.wrapInParameterClosure(names: reads, types: types, isThrowing: throwing)] : [])
    }

    /// `factory: try Store(url: "...")` or `factory: await Store.open()`: an attribute is evaluated
    /// where nothing can throw or await (Swift says "errors thrown from here are not handled" or
    /// "'async' call in a function that does not support concurrency"). A closure can: written
    /// `{ () throws in ... }` by the fix-it, or `asyncFactory: { () async in ... }`, which the message
    /// names.
    static func expressionEffectIssue(of member: Member, factory: Factory, in container: Container) -> Issue? {
        guard factory.form == .expression, factory.expressionTries || factory.expressionAwaits else { return nil }
        if factory.expressionAwaits {
            let effects = factory.expressionTries ? "async throws" : "async"
            return Issue(
                .memberReadInExpression,
                "the factory of '\(member.displayName)' says 'await', which an attribute cannot; build it in a closure: 'asyncFactory: { () \(effects) in ... }'",
                at: .memberArgument(container: container.name, member: member.name, argument: .factory))
        }
        return Issue(
            .memberReadInExpression,
            "the factory of '\(member.displayName)' says 'try', which an attribute cannot; build it in a closure: 'factory: { () throws in ... }'",
            at: .memberArgument(container: container.name, member: member.name, argument: .factory),
            fixes: [.wrapInParameterClosure(names: [], types: [], isThrowing: true)])
    }

    /// What a factory closure reads of the container in ways an attribute cannot (Swift resolves the
    /// closure in the type's static context, before any container exists, and says "instance member
    /// 'log' cannot be used on type" or "cannot find 'self' in scope"), each on its first use:
    /// - `self`: take the container as the closure's one parameter;
    /// - captured members (`{ [log] in ... }`) and members named without being taken
    ///   (`{ Svc(log: log) }`): take them as parameters, with their types. One issue for each kind,
    ///   with the fix-it that adds every one (on the capture's issue when there are both, so that
    ///   the fix-its never overlap).
    static func closureReadIssues(of member: Member, in container: Container) -> [Issue] {
        guard let factory = member.effectiveFactory else { return [] }
        var issues: [Issue] = []
        func at(_ index: Int) -> Anchor { .factoryDetail(container: container.name, member: member.name, index: index) }
        if factory.usesSelf {
            issues.append(
                Issue(
                    .memberReadInExpression,
                    "a factory has no 'self': it is called while the container is being built; take the container as its one parameter ('{ (c: Self) in ... c.member ... }'), or each member it reads as a parameter named after it",
                    at: at(0)))
        }
        if let name = factory.hiddenCalls.first {
            let what =
                name == member.name
                ? "'\(name)' is the member this factory builds" : "'\(name)' is a member of '\(container.name)'"
            issues.append(
                Issue(
                    .memberReadInExpression,
                    "\(what), whose name hides any function '\(name)' declared outside the container, so the factory cannot call that function here; rename the function, or call it with its module's name ('MyModule.\(name)(...)')",
                    at: at(3)))
        }
        let wanted = (factory.capturedMembers + factory.untakenReads).compactMap(container.member(named:))
        guard !wanted.isEmpty else { return issues }
        let fixes: [Fix] =
            factory.hasUntypedParameters ? [] : [.addClosureParameters(names: wanted.map(\.name), types: wanted.map(\.type.text))]
        let written = wanted.map { "\($0.name): \($0.type.text)" }.joined(separator: ", ")
        if !factory.capturedMembers.isEmpty {
            let names = factory.capturedMembers.map { "'\($0)'" }.joined(separator: ", ")
            issues.append(
                Issue(
                    .memberReadInExpression,
                    "a factory closure receives the members it reads as its parameters, named after them, not by capturing them: write '(\(written)) in' for the capture of \(names)",
                    at: at(1), fixes: fixes))
        }
        if !factory.untakenReads.isEmpty {
            let names = factory.untakenReads.map { "'\($0)'" }
            let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            let pronoun = names.count == 1 ? "it" : "them"
            issues.append(
                Issue(
                    .memberReadInExpression,
                    "the factory of '\(member.displayName)' reads \(listed) without taking \(pronoun); add \(pronoun) to the closure's parameters: '(\(written)) in'",
                    at: at(2), fixes: factory.capturedMembers.isEmpty ? fixes : []))
        }
        return issues
    }

    static func childIssues(_ member: Member, in container: Container) -> [Issue] {
        var issues: [Issue] = []
        let name = member.name
        for argument in [ProvideArgument.factory, .asyncFactory, .type, .with] where member.has(argument) {
            issues.append(
                Issue(
                    .childWithFactory,
                    "child container '\(name)' is built from its owner; remove '\(argument.label)'",
                    at: .memberArgument(container: container.name, member: name, argument: argument),
                    fixes: [.removeArgument(argument)]))
        }
        let typeName = member.type.text
        if !member.type.isContainerTypeName {
            issues.append(
                Issue(
                    .invalidChildType,
                    "child container '\(name)' must have the type of a @DIContainer, written by name (not '\(typeName)')",
                    at: .memberType(container: container.name, member: name)))
        } else if typeName == container.name || typeName == "Self" {
            issues.append(
                Issue(
                    .containerOwnsItself,
                    "'\(container.name)' owns '\(name)' of its own type, which would build containers without end; own a different container",
                    at: .memberType(container: container.name, member: name)))
        } else if member.scope == .child, let issue = undeclaredNeeds(of: member, in: container) {
            issues.append(issue)
        }
        return issues
    }

    /// The issue of a `.child`, or of an `@Assisted(.scope)` function, whose container does not
    /// declare `: <Type>Dependencies`: the conformance through which the compiler checks that it
    /// provides every need of the container it owns or creates.
    static func undeclaredNeeds(of member: Member, in container: Container) -> Issue? {
        let typeName = member.type.text
        let needs = Container.dependenciesProtocolName(of: typeName)
        guard !container.declaredConformances.contains(needs) else { return nil }
        let message =
            member.createsScope
            ? "'\(container.name)' creates '\(typeName)' in '\(member.displayName)' and provides what it needs: declare ': \(needs)' on '\(container.name)' so the compiler checks every need, or declare '\(typeName)' '@DIContainer(parent: \(container.name).self)', which then reads this container's members itself"
            : "'\(container.name)' owns '\(typeName)' and provides what it needs: declare ': \(needs)' on '\(container.name)' so the compiler checks every need, or use '.forwardingChild' to pass its needs to this container's owner (a container declared with 'parent:' cannot be a child: create it with an '@Assisted(.scope)' function)"
        return Issue(
            .childNeedsNotDeclared, message, at: .member(container: container.name, member: member.name),
            fixes: [.declareConformance(needs)])
    }

    /// A synchronous `.shared` member is built in the initializer, together with the transient and
    /// on-demand members it reads; none of them can read a child, which needs the finished container.
    static func eagerChildReads(_ member: Member, in container: Container, membersByName: [String: Member]) -> [Issue] {
        guard member.scope == .shared, !member.isAsync else { return [] }
        var issues: [Issue] = []
        for (index, dependency) in member.dependencies.enumerated() where dependency.access.readsAtConstruction {
            var pending = [dependency.name]
            var seen = Set<String>()
            var reachedChild: String?
            while let next = pending.popLast(), reachedChild == nil {
                guard seen.insert(next).inserted, let target = membersByName[next] else { continue }
                if target.scope.isChild {
                    reachedChild = next
                } else if target.scope.isBuiltOnEveryRead || target.scope == .onDemand {
                    pending += target.constructionDependencyNames
                }
            }
            if let child = reachedChild {
                let path = child == dependency.name ? "'\(child)'" : "'\(child)' (through '\(dependency.name)')"
                issues.append(
                    Issue(
                        .eagerReadsChild,
                        "'\(member.name)' is built when the container is created but reads the child container \(path), which is built on first access; make '\(member.name)' '.onDemand' or '.transient'",
                        at: .dependency(container: container.name, member: member.name, index: index)))
            }
        }
        return issues
    }

    /// A synchronous member that `trellis.synchronous-reads-asynchronous`'s fix-it makes async.
    struct BecomingAsync {
        /// The async member its reads lead to (`library` for `app` reading `router` reading `library`).
        var asyncMember: String
        /// Whether its read will throw once it is async.
        var throwing: Bool
    }

    /// The members the fix-its of `trellis.synchronous-reads-asynchronous` make async, with those
    /// whose reads reach them, to any depth: `router` reads the async `library`, so its fix-it makes it
    /// async, and `app`, which reads `router`, must then be async too. Reporting `app` in the same
    /// round saves a round of errors per level. A member whose `factory:` closure is async becomes
    /// async by its own fix-it (`trellis.async-closure-in-factory`, which passes the closure as
    /// `asyncFactory:`), so its readers are reported in the same round too.
    static func membersBecomingAsync(
        in container: Container, membersByName: [String: Member], becomingThrowing: [String: String] = [:]
    ) -> [String: BecomingAsync] {
        var becoming: [String: BecomingAsync] = [:]
        for member in container.members where asyncClosureInFactory(member) {
            becoming[member.name] = BecomingAsync(asyncMember: member.name, throwing: member.factory?.isThrowing == true)
        }
        var changed = true
        while changed {
            changed = false
            for member in container.members where becoming[member.name] == nil && !member.isAssisted && canBecomeAsync(member) {
                var reached: String?
                var throwing = member.effectiveFactory?.isThrowing == true
                for dependency in member.dependencies where dependency.access.readsAtConstruction {
                    guard dependency.origin != .contribution, let target = membersByName[dependency.name] else { continue }
                    if target.readAwaits {
                        reached = reached ?? target.name
                    } else if let next = becoming[target.name] {
                        reached = reached ?? next.asyncMember
                    }
                    throwing =
                        throwing || target.readThrows || becoming[target.name]?.throwing == true
                        || becomingThrowing[target.name] != nil
                }
                if let reached {
                    becoming[member.name] = BecomingAsync(asyncMember: reached, throwing: throwing)
                    changed = true
                }
            }
        }
        return becoming
    }

    /// The members the fix-its of `trellis.reads-throwing-without-throws` make throwing and whose
    /// reads then throw (an async member, or one built on every read), with the throwing member
    /// their reads lead to, to any depth: `controller` (async) reads the throwing `library`, so its
    /// fix-it makes it throw, and `router`, which reads `controller`, must then throw too. Reporting
    /// `router` in the same round saves a round of errors per level. `becomingAsync` are the members
    /// that become async (see ``membersBecomingAsync(in:membersByName:becomingThrowing:)``).
    static func membersBecomingThrowing(
        in container: Container, membersByName: [String: Member], becomingAsync: [String: BecomingAsync]
    ) -> [String: String] {
        var becoming: [String: String] = [:]
        var changed = true
        while changed {
            changed = false
            for member in container.members
            where becoming[member.name] == nil && !member.isAssisted && !member.scope.isSupplied
                && member.effectiveFactory?.isThrowing != true
                && (member.scope.isBuiltOnRead || member.isAsync || becomingAsync[member.name] != nil)
            {
                for dependency in member.dependencies where dependency.access.readsAtConstruction {
                    guard dependency.origin != .contribution, let target = membersByName[dependency.name],
                        let reached = target.readThrows ? target.name : becoming[target.name]
                    else { continue }
                    becoming[member.name] = reached
                    changed = true
                    break
                }
            }
        }
        return becoming
    }

    /// ``membersBecomingAsync(in:membersByName:becomingThrowing:)`` and
    /// ``membersBecomingThrowing(in:membersByName:becomingAsync:)``, each knowing the other.
    static func membersBecomingEffectful(in container: Container, membersByName: [String: Member])
        -> (async: [String: BecomingAsync], throwing: [String: String])
    {
        let async = membersBecomingAsync(in: container, membersByName: membersByName)
        let throwing = membersBecomingThrowing(in: container, membersByName: membersByName, becomingAsync: async)
        return (membersBecomingAsync(in: container, membersByName: membersByName, becomingThrowing: throwing), throwing)
    }

    /// The members whose reads throw, now or once the fix-its of their own reads are applied: the
    /// reads a fix-it adding `throws` to a closure marks with `try` (`try c.library`).
    public static func membersReadWithTry(in container: Container) -> Set<String> {
        let membersByName = Dictionary(container.members.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let becoming = membersBecomingEffectful(in: container, membersByName: membersByName).throwing
        return Set(container.members.filter(\.readThrows).map(\.name)).union(becoming.keys)
    }

    /// Whether `member` passes an async closure as `factory:`, which its fix-it passes as
    /// `asyncFactory:`.
    static func asyncClosureInFactory(_ member: Member) -> Bool {
        !member.isAssisted && mayHaveAsyncFactory(member) && member.asyncFactory == nil && member.factory?.isAsync == true
    }

    /// Whether a member can become async by an edit of its own: a `.shared`, `.transient` or
    /// `.onDemand` member built by a `factory:` closure or a call by name.
    static func canBecomeAsync(_ member: Member) -> Bool {
        mayHaveAsyncFactory(member) && member.asyncFactory == nil
            && (member.factory?.form.isClosure == true || member.callByName != nil)
    }

    /// Whether `member`'s scope takes an `asyncFactory`: `.shared`, `.transient` or `.onDemand`.
    private static func mayHaveAsyncFactory(_ member: Member) -> Bool {
        member.scope == .shared || member.scope == .transient || member.scope == .onDemand
    }

    static func dependencyIssues(
        _ member: Member, in container: Container, membersByName: [String: Member],
        becomingAsync: [String: BecomingAsync] = [:], becomingThrowing: [String: String] = [:]
    ) -> [Issue] {
        var issues: [Issue] = []
        // The effects a synchronous member's reads need: one issue per read, but the reads that
        // await carry the whole fix (`asyncFactory:`, `async`, and `throws` where a read throws), so
        // that applying any fix-it leaves no other effect to fix on the member.
        var throwingReads: [Issue] = []
        var awaitingReads: [(target: Member, anchor: Anchor)] = []
        // A read of a member that must become async and throwing (see `membersBecomingAsync`).
        var readsBecomingThrowing = false
        var awaitedNames: [String] = []
        var triedNames: [String] = []
        for (index, dependency) in member.dependencies.enumerated() {
            let anchor = Anchor.dependency(container: container.name, member: member.name, index: index)
            guard let target = membersByName[dependency.name] else {
                // Read from the parent, which the compiler checks (and the tool, with both in view).
                if container.readsFromParent(dependency.name, by: member) { continue }
                // A factory parameter of an `@Assisted` function may have meant one of its arguments.
                let arguments = dependency.origin == .closureParameter ? member.signature?.arguments.map(\.name) ?? [] : []
                let candidates = container.members.map(\.name).filter { $0 != member.name } + arguments
                let suggestion = NameSuggester.closest(to: dependency.name, among: candidates)
                var message =
                    member.isAssisted && dependency.origin == .closureParameter
                    ? "'\(member.displayName)' reads '\(dependency.name)', which is neither a member of '\(container.name)' nor one of its arguments"
                    : "'\(member.name)' reads '\(dependency.name)', which is not a member of '\(container.name)'"
                // `{ c in App(router: c.router) }`: the container, written without its type.
                let readThrough = dependency.namesReadThrough.compactMap { membersByName[$0] }
                if !member.isAssisted, dependency.origin == .closureParameter, let first = readThrough.first {
                    message +=
                        "; to read the container's members through it ('\(dependency.name).\(first.name)'), declare it '(\(dependency.name): Self)'"
                    // The closure then reads them as it is written: a fix-it only where none of them
                    // needs an effect the closure does not have.
                    let effects = member.effectiveFactory
                    let plain = readThrough.allSatisfy { read in
                        (!read.readAwaits || effects?.isAsync == true) && (!read.readThrows || effects?.isThrowing == true)
                    }
                    let fix = Fix.declareContainerParameter(named: dependency.name)
                    issues.append(Issue(.unknownMember, message, at: anchor, fixes: plain ? [fix] : []))
                    continue
                }
                if let suggestion {
                    message += "; did you mean '\(suggestion)'?"
                } else if member.isAssisted && dependency.origin == .closureParameter {
                    message += "; if the caller passes it, add the parameter '\(dependency.name)' to '\(member.name)'"
                } else {
                    message += "; \(dependency.origin.namingRule)"
                }
                issues.append(
                    Issue(
                        .unknownMember, message, at: anchor,
                        fixes: suggestion.map { [.renameDependency(to: $0)] } ?? []))
                continue
            }
            // A contribution's effects are the contribution's rule (CollectionRules), on its own line;
            // an expression's reads are reported as one (`expressionReadIssue`), whose fix-it carries
            // the effects.
            if dependency.origin == .contribution || dependency.origin == .expressionRead { continue }
            if dependency.isFunctionValueThroughContainer {
                // `c.scope` taken as a value: called later, so it carries no effect, but only a
                // member built after the container exists has a container to call it on.
                if let issue = AssistedRules.readIssue(of: target, by: member, dependency: dependency, at: anchor, in: container)
                {
                    issues.append(issue)
                }
                continue
            }
            if !dependency.access.readsAtConstruction {
                // Nothing is read while the member is built, so the read carries no effect.
                issues += ProviderRules.issues(of: dependency, target: target, reader: member, at: anchor, in: container)
                continue
            }
            if let issue = AssistedRules.readIssue(of: target, by: member, dependency: dependency, at: anchor, in: container) {
                issues.append(issue)
                continue
            }
            // An `@Assisted` function's own declaration carries the effects of what it reads (see
            // `AssistedRules`), unless its factory is a closure reading the container.
            if member.isAssisted, dependency.origin != .containerRead { continue }
            let readerThrows = member.effectiveFactory?.isThrowing == true
            let becoming = becomingAsync[target.name]
            let reachedThrowing = target.readThrows ? nil : becomingThrowing[target.name]
            if (target.readThrows || reachedThrowing != nil) && !readerThrows && !member.scope.isSupplied {
                throwingReads.append(
                    throwingReadIssue(of: member, reading: target, reaching: reachedThrowing, at: anchor, in: container))
            }
            let readerAwaits = member.isAsync || (member.isAssisted && member.effectiveFactory?.isAsync == true)
            if (target.readAwaits || becoming != nil) && !readerAwaits && !member.scope.isSupplied {
                awaitingReads.append((target, anchor))
                readsBecomingThrowing = readsBecomingThrowing || becoming?.throwing == true
            }
            // What the fix-it marks in a closure reading the container: `c.store` becomes
            // `try await c.store` once the closure is async.
            if dependency.origin == .containerRead && !readerAwaits {
                if target.readAwaits || becoming != nil { awaitedNames.append(target.name) }
                if target.readThrows || becoming?.throwing == true || reachedThrowing != nil { triedNames.append(target.name) }
            }
        }
        guard !awaitingReads.isEmpty else { return issues + throwingReads }
        let mustThrow = !throwingReads.isEmpty || readsBecomingThrowing
        let effects = mustThrow ? "async throws" : "async"
        // Only a member built by a `factory:` closure (or a call by name) can become async by an
        // edit of its own.
        let convertible = canBecomeAsync(member)
        let advice =
            member.autoWiringType != nil && member.effectiveFactory == nil
            ? "AutoWiring cannot read it (a key path cannot name a member read with 'await'), so build '\(member.name)' with an asyncFactory: 'asyncFactory: \(container.callingClosure(of: member, effects: effects)?.text ?? "{ ... }")'"
            : "build '\(member.name)' with an asyncFactory declared '\(effects)'"
        func reason(_ target: Member) -> String {
            if target.isAssisted { return "is async" }
            if asyncClosureInFactory(target) {
                return "is built by an async closure (its own fix-it passes it as 'asyncFactory:')"
            }
            if !target.readAwaits, let becoming = becomingAsync[target.name] {
                return "must be built by an asyncFactory too, as it reads '\(becoming.asyncMember)'"
            }
            return "is built by an asyncFactory"
        }
        for read in awaitingReads {
            issues.append(
                Issue(
                    .synchronousReadsAsynchronous,
                    "'\(member.name)' is built synchronously but reads '\(read.target.name)', which \(reason(read.target)); \(advice)",
                    at: read.anchor,
                    fixes: convertible ? [.makeAsyncFactory(throws: mustThrow, awaiting: awaitedNames, trying: triedNames)] : []))
        }
        return issues
    }

    /// `member`, built synchronously, reads `target`, whose factory throws: its factory closure must
    /// say `throws`. A call by name (AutoWiring, a function named with its labels) cannot: its fix-it
    /// writes the closure making the same call (``Container/callingClosure(of:effects:)``).
    /// `reaching` is the throwing member `target` reads, where `target` must declare `throws` too
    /// (see ``membersBecomingThrowing(in:membersByName:becomingAsync:)``).
    static func throwingReadIssue(
        of member: Member, reading target: Member, reaching: String? = nil, at anchor: Anchor, in container: Container
    ) -> Issue {
        let prefix =
            reaching.map {
                "'\(member.name)' reads '\(target.name)', which must declare 'throws' to read '\($0)' and then throws when read; "
            }
            ?? "'\(member.name)' reads '\(target.name)', whose factory throws; "
        if let call = member.callByName, let closure = container.callingClosure(of: member, effects: "throws") {
            let reason =
                member.effectiveFactory == nil
                ? "AutoWiring cannot read it (a key path cannot name a member read with 'try'), so build '\(member.name)' with a factory closure that throws"
                : "a function named with its labels cannot say 'throws', so call it from a factory closure that does"
            let types = call.members.map { container.member(named: $0)?.type.text ?? "_" }
            return Issue(
                .readsThrowingWithoutThrows, prefix + "\(reason): 'factory: \(closure.text)'", at: anchor,
                fixes: closure.isWritable ? [.wrapInParameterClosure(names: call.members, types: types, isThrowing: true)] : [])
        }
        if member.effectiveFactory?.form.isClosure == true {
            return Issue(
                .readsThrowingWithoutThrows, prefix + "declare its factory closure 'throws'", at: anchor,
                fixes: [.addThrowsEffect])
        }
        return Issue(.readsThrowingWithoutThrows, prefix + "build it with a factory closure declared 'throws'", at: anchor)
    }

    /// Whether `member` has a concrete type that neither it nor its container opts in to.
    static func needsConcreteOptIn(_ member: Member, in container: Container) -> Bool {
        member.type.kind.requiresConcreteOptIn && !member.concreteOptIn && !container.options.concrete
    }

    /// Concrete types of the standard library and Foundation, which are never protocols: their
    /// members are not told to write `any`.
    static let standardConcreteTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "String", "Substring", "Character", "Swift.Int", "Swift.String", "Swift.Bool", "Swift.Double",
        "Void", "Swift.Void", "Never", "Duration", "Data", "Date", "URL", "UUID", "Decimal", "TimeInterval",
    ]

    /// How a member (or an `@Assisted` function, `named` and `calledAs` as its readers call it) is
    /// built: by one way of `ways`, not none (`trellis.missing-factory`) and not two
    /// (`trellis.conflicting-factories`).
    static func buildIssues(of member: Member, named: String, calledAs call: String, ways: String, in containerName: String)
        -> [Issue]
    {
        func at(_ argument: ProvideArgument) -> Anchor {
            .memberArgument(container: containerName, member: member.name, argument: argument)
        }
        if member.factory == nil && member.asyncFactory == nil && member.autoWiringType == nil {
            return [
                Issue(
                    .missingFactory, "\(named) needs a way to be built: add \(ways)",
                    at: .member(container: containerName, member: member.name))
            ]
        }
        if member.factory != nil && member.asyncFactory != nil {
            return [
                Issue(.conflictingFactories, "'\(call)' has both 'factory:' and 'asyncFactory:'; keep one", at: at(.asyncFactory))
            ]
        }
        if member.autoWiringType != nil && member.effectiveFactory != nil {
            let argument: ProvideArgument = member.factory != nil ? .factory : .asyncFactory
            return [
                Issue(
                    .conflictingFactories,
                    "'\(call)' is built by AutoWiring ('\(member.autoWiringType ?? "")') and by '\(argument.label)'; keep one",
                    at: at(argument))
            ]
        }
        return []
    }

    private static func article(_ kind: DeclarationKind) -> String {
        switch kind {
        case .actor, .enumeration, .extensionDeclaration, .openableClass:
            "an \(kind == .openableClass ? "open (non-final) class" : kind.rawValue)"
        case .structure, .finalClass, .protocolDeclaration: "a \(kind.rawValue)"
        }
    }
}

extension Member {
    func has(_ argument: ProvideArgument) -> Bool {
        switch argument {
        case .factory: factory != nil
        case .asyncFactory: asyncFactory != nil
        case .type: autoWiringType != nil
        case .with: withEntries != nil
        case .concrete: concreteOptIn
        case .service: isService && !closesOnShutdown
        case .shutdown: closesOnShutdown
        case .into: contribution.map { !$0.elements } ?? false
        case .elementsInto: contribution?.elements ?? false
        case .key: contribution?.key != nil
        case .allowsEmpty: collection?.allowsEmpty ?? false
        case .scope, .attribute: true
        }
    }
}

extension ProvideArgument {
    /// The argument as written in source (`Type.self` for ``type``).
    public var label: String {
        switch self {
        case .type: "Type.self"
        case .scope, .with, .factory, .asyncFactory, .concrete, .service, .shutdown, .into, .elementsInto, .key, .allowsEmpty,
            .attribute:
            rawValue
        }
    }
}

extension DependencyOrigin {
    var namingRule: String {
        switch self {
        case .closureParameter: "factory closure parameters are resolved by member name"
        case .withEntry: "'with:' entries name members of the container"
        case .containerRead: "the container parameter only reads the container's members"
        case .contribution: "contributions name the members of the container that contribute"
        case .expressionRead: "a factory expression names members of the container"
        }
    }
}
