/// The rules one declaration cannot show, checked over a whole program: cycles between containers,
/// a container name declared twice, and initializers written in extensions of a container. Also runs
/// ``ContainerValidator`` on every container, so the tool reports everything the macro would, with
/// the same codes. Containers declared with `validateDAG: false` are left out of the whole-program
/// rules (their own rules still apply, as the macro enforces them anyway). Pure and deterministic.
public enum ProgramValidator {
    /// Every issue of the program made of `files`: each container's own issues in file order, then
    /// the whole-program issues.
    public static func validate(_ files: [ProgramFile]) -> [LocatedIssue] {
        var issues: [LocatedIssue] = []
        let directory = ContainerDirectory(files: files)
        for file in files {
            for declared in file.containers {
                issues += ContainerValidator.validate(declared.container)
                    .filter { !asksParentKeepingChildForNeeds($0, of: declared, in: directory) }
                    .map { LocatedIssue(file: file.path, container: declared.qualifiedName, issue: $0) }
            }
        }
        return issues + wholeProgramIssues(files, everyContainer: directory)
    }

    /// Whether `issue` is the container's own rule asking it to declare the `Dependencies` protocol of
    /// a `.child` that is declared with `parent:`, which has none: the macro cannot see the child's
    /// declaration, the program can, and ``ParentRules`` says why that child cannot be one.
    static func asksParentKeepingChildForNeeds(
        _ issue: Issue, of declared: DeclaredContainer, in directory: ContainerDirectory
    ) -> Bool {
        guard issue.code == .childNeedsNotDeclared, case .member(_, let name) = issue.anchor,
            let member = declared.container.member(named: name), !member.createsScope,
            let childName = directory.resolve(member.type.text, from: declared),
            let child = directory.entries[childName]?.first
        else { return false }
        return child.declared.container.options.parent != nil
    }

    /// Only the issues no single container shows (what the build plugin adds to the compiler's own
    /// diagnostics, which already carry every container's rules).
    public static func wholeProgramIssues(_ files: [ProgramFile]) -> [LocatedIssue] {
        wholeProgramIssues(files, everyContainer: ContainerDirectory(files: files))
    }

    /// ``wholeProgramIssues(_:)`` with every container of `files` already indexed.
    static func wholeProgramIssues(_ files: [ProgramFile], everyContainer: ContainerDirectory) -> [LocatedIssue] {
        var issues: [LocatedIssue] = []
        let directory = ContainerDirectory(files: files) { $0.container.options.validateDAG }
        issues += ambiguityIssues(directory)
        issues += extensionInitializerIssues(files, directory: directory)
        issues += cycleIssues(directory)
        issues += childNeedIssues(everyContainer)
        issues += ScopeRules.programIssues(everyContainer)
        issues += ParentRules.programIssues(everyContainer)
        issues += memberTypeVisibilityIssues(files)
        return issues
    }

    /// A member whose type, declared at the top level of any file of the program, is less visible
    /// than the initializer `@DIContainer` generates, which takes every member: the macro sees only
    /// the types the container's body declares (``DeclarationRules/lessVisibleTypes(of:)``), and
    /// the compiler reports the rest inside the expansion, one type per build. A name declared more
    /// than once counts at its most visible declaration.
    static func memberTypeVisibilityIssues(_ files: [ProgramFile]) -> [LocatedIssue] {
        var access: [String: AccessLevel] = [:]
        for file in files {
            for (name, level) in file.typeAccess where level.visibility > access[name]?.visibility ?? -1 {
                access[name] = level
            }
        }
        var issues: [LocatedIssue] = []
        for file in files {
            for declared in file.containers where declared.container.options.validateDAG {
                let container = declared.container
                let nested = container.declaration.nestedTypeAccess
                // The container's own types are the macro's rule.
                let hidden = DeclarationRules.lessVisibleTypes(of: container) { nested[$0] == nil ? access[$0] : nil }
                issues += hidden.map {
                    LocatedIssue(
                        file: file.path, container: declared.qualifiedName,
                        issue: DeclarationRules.memberTypeLessVisible($0, in: container))
                }
            }
        }
        return issues
    }

    /// An owner of a `.child`, or a creator of a scope (`@Assisted(.scope)`), must have a member
    /// for each need of the child, and of the children the child forwards. The compiler enforces
    /// this too (the owner conforms to the child's `Dependencies` protocol), but only this rule can
    /// say which child needs what, in one line.
    static func childNeedIssues(_ directory: ContainerDirectory) -> [LocatedIssue] {
        var issues: [LocatedIssue] = []
        // A container with `parent:` reads its needs through its ancestors: ``ParentRules`` checks them.
        for creation in directory.creations()
        where (creation.member.scope == .child || creation.member.createsScope)
            && creation.created.declared.container.options.parent == nil
        {
            let owner = creation.owner.declared.container
            let member = creation.member
            let childName = creation.createdName
            let provided = Set(owner.members.map(\.name))
            var visited: Set<String> = []
            for need in needs(of: creation.created, named: childName, directory: directory, visited: &visited)
            where !provided.contains(need.name) {
                let via = need.container == childName ? "" : " (for \(need.container), which it forwards)"
                issues.append(
                    LocatedIssue(
                        file: creation.owner.file, container: creation.ownerName,
                        issue: Issue(
                            .missingChildDependency,
                            "'\(owner.name)' \(member.createsScope ? "creates" : "owns") '\(childName)', which needs '\(need.name): \(need.type)'\(via); add a member '\(need.name)' of type '\(need.type)' to '\(owner.name)'",
                            at: .member(container: owner.name, member: member.name))))
            }
        }
        return issues
    }

    /// The inputs of a container and, recursively, of the children it forwards.
    static func needs(
        of entry: ContainerDirectory.Entry, named name: String, directory: ContainerDirectory, visited: inout Set<String>
    ) -> [(name: String, type: String, container: String)] {
        guard visited.insert(name).inserted else { return [] }
        let container = entry.declared.container
        var result = container.members.filter { $0.scope == .input }.map { (name: $0.name, type: $0.type.text, container: name) }
        for member in container.members where member.scope == .forwardingChild {
            guard let childName = directory.resolve(member.type.text, from: entry.declared),
                let child = directory.entries[childName]?.first
            else { continue }
            result += needs(of: child, named: childName, directory: directory, visited: &visited)
        }
        return result
    }

    static func ambiguityIssues(_ directory: ContainerDirectory) -> [LocatedIssue] {
        var issues: [LocatedIssue] = []
        for name in directory.sortedNames {
            guard let entries = directory.entries[name], entries.count > 1 else { continue }
            for (index, entry) in entries.enumerated() {
                let others = entries.enumerated().filter { $0.offset != index }.map(\.element.file)
                issues.append(
                    LocatedIssue(
                        file: entry.file, container: name,
                        issue: Issue(
                            .ambiguousContainer,
                            "container '\(name)' is declared \(entries.count) times (also in \(others.joined(separator: ", "))), so references to it are ambiguous; rename one, or mark the ones to leave out 'validateDAG: false'",
                            at: .container(entry.declared.container.name))))
            }
        }
        return issues
    }

    static func extensionInitializerIssues(_ files: [ProgramFile], directory: ContainerDirectory) -> [LocatedIssue] {
        var issues: [LocatedIssue] = []
        for file in files {
            var initializersSeen: [String: Int] = [:]
            for typeExtension in file.extensions {
                let typeName = typeExtension.typeName
                let first = initializersSeen[typeName, default: 0]
                initializersSeen[typeName] = first + typeExtension.initializerCount
                guard typeExtension.initializerCount > 0, let entries = directory.entries[typeName] else { continue }
                let sameFile = entries.contains { $0.file == file.path }
                for index in first..<(first + typeExtension.initializerCount) {
                    let anchor = Anchor.extensionInitializer(type: typeName, index: index)
                    let issue =
                        sameFile
                        ? Issue(
                            .userDefinedInitializer,
                            "@DIContainer generates the initializer of '\(typeName)'; remove this init from the extension and pass overrides to the generated one, or make it a static function that calls it ('static func make(...) -> \(typeName)')",
                            at: anchor, fixes: [.removeInitializer])
                        : Issue(
                            .crossFileInitializer,
                            "@DIContainer generates the initializer of '\(typeName)', declared in \(entries.map(\.file).joined(separator: ", ")); remove this init from the extension and pass overrides to the generated one, or make it a static function that calls it ('static func make(...) -> \(typeName)')",
                            at: anchor, fixes: [.removeInitializer])
                    issues.append(LocatedIssue(file: file.path, container: nil, issue: issue))
                }
            }
        }
        return issues
    }

    static func cycleIssues(_ directory: ContainerDirectory) -> [LocatedIssue] {
        let names = directory.sortedNames
        let order = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var edges: [String: [String]] = [:]
        var builder: [String: String] = [:]
        for edge in directory.edges() {
            edges[edge.from, default: []].append(edge.to)
            builder["\(edge.from)->\(edge.to)"] = edge.member
        }
        return CycleFinder.cycles(nodes: names, edges: edges, order: order).compactMap { cycle in
            guard let entry = directory.entries[cycle[0]]?.first else { return nil }
            let steps = zip(cycle, cycle.dropFirst()).map { from, to in
                "\(from).\(builder["\(from)->\(to)"] ?? "?") builds \(to)"
            }
            let firstMember = builder["\(cycle[0])->\(cycle[1])"] ?? ""
            return LocatedIssue(
                file: entry.file, container: cycle[0],
                issue: Issue(
                    .containerCycle,
                    "container cycle: \(cycle.joined(separator: " -> ")) (\(steps.joined(separator: ", "))); break it by passing one container to the other as an '.input' instead of building it",
                    at: .member(container: entry.declared.container.name, member: firstMember)))
        }
    }
}
