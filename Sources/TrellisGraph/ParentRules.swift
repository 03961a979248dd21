/// The whole-program rules of containers that read their parent (`@DIContainer(parent:)`), and of
/// scopes that take their needs through `<Scope>Dependencies` instead. The compiler checks a
/// parent read too (the scope's generated code reads the parent's member), in its own words; these
/// rules say it in Trellis's, on the member that reads.
enum ParentRules {
    static func programIssues(_ directory: ContainerDirectory) -> [LocatedIssue] {
        var issues: [LocatedIssue] = []
        for name in directory.sortedNames {
            guard let entry = directory.entries[name]?.first, let parentName = entry.declared.container.options.parent else {
                continue
            }
            let container = entry.declared.container
            guard let parent = directory.parent(of: entry)?.entry.declared.container else {
                issues.append(
                    LocatedIssue(
                        file: entry.file, container: name,
                        issue: Issue(
                            .invalidArgument,
                            "'\(container.name)' names '\(parentName)' as its parent, which is not a @DIContainer of the scanned sources",
                            at: .containerArgument(container: container.name, label: "parent"))))
                continue
            }
            let lookup = { (name: String) in directory.ancestor(providing: name, above: entry) }
            issues += readIssues(of: container, in: entry.file, parent: parent, lookup: lookup)
                .map { LocatedIssue(file: entry.file, container: name, issue: $0) }
        }
        issues += creationIssues(directory)
        return issues
    }

    /// The reads of `container` (declared in `file`) that its ancestors cannot answer (`lookup`
    /// finds the nearest one with a member of a name): a name none has, a member hidden from other
    /// types, or one read only with `await` or `try`. The reads are ``Container/parentReads(of:)``'s:
    /// each placed on the factory's parameter, key path or `c.member` that names it, and a kept
    /// `.input` on its declaration.
    static func readIssues(
        of container: Container, in file: String, parent: Container,
        lookup: (String) -> (name: String, entry: ContainerDirectory.Entry, member: Member)?
    ) -> [Issue] {
        var issues: [Issue] = []
        for member in container.members {
            for name in container.parentReads(of: member) {
                let index = member.dependencies.firstIndex { $0.name == name }
                let dependency = index.map { member.dependencies[$0] }
                let anchor =
                    index.map { Anchor.dependency(container: container.name, member: member.name, index: $0) }
                    ?? .member(container: container.name, member: member.name)
                guard let (_, owner, target) = lookup(name) else {
                    let candidates = (container.members + parent.members).map(\.name).filter { $0 != member.name }
                    let suggestion = dependency == nil ? nil : NameSuggester.closest(to: name, among: candidates)
                    let reader =
                        dependency == nil
                        ? "'\(name)' is an '.input' of '\(container.name)', read from its parent, but it"
                        : "'\(member.name)' reads '\(name)', which"
                    let advice =
                        suggestion.map { "; did you mean '\($0)'?" }
                        ?? (dependency.map { "; \($0.origin.namingRule)" } ?? "; declare it there, or make it an '.argument'")
                    issues.append(
                        Issue(
                            .unknownMember,
                            "\(reader) is neither a member of '\(container.name)' nor of its parent '\(parent.name)'\(advice)",
                            at: anchor, fixes: suggestion.map { [.renameDependency(to: $0)] } ?? []))
                    continue
                }
                let ownerName = owner.declared.container.name
                let access = target.access
                if access == .private || (access == .fileprivate && owner.file != file) {
                    let reader =
                        dependency == nil
                        ? "'\(container.name)' keeps the '.input' '\(name)'" : "'\(member.name)' reads '\(name)'"
                    let widening = access == .private && owner.file == file ? "'fileprivate' or wider" : "internal or wider"
                    issues.append(
                        Issue(
                            .inaccessibleParentMember,
                            "\(reader) from its parent '\(ownerName)', where it is '\(access.rawValue)', hidden from '\(container.name)'; declare '\(name)' \(widening)",
                            at: anchor))
                    continue
                }
                guard dependency?.access.readsAtConstruction ?? true, !target.isAssisted else { continue }
                if target.readAwaits {
                    issues.append(
                        Issue(
                            .synchronousReadsAsynchronous,
                            "'\(member.name)' reads '\(target.name)' from its parent '\(ownerName)', where it is built by an asyncFactory; a container reads its parent's members without 'await', so declare '\(target.name)' in '\(container.name)' as an '.argument' its creator passes",
                            at: anchor))
                } else if target.readThrows {
                    issues.append(
                        Issue(
                            .readsThrowingWithoutThrows,
                            "'\(member.name)' reads '\(target.name)' from its parent '\(ownerName)', whose factory throws on every read; a container reads its parent's members without 'try', so make '\(target.name)' '.shared' in '\(ownerName)' or pass it as an '.argument'",
                            at: anchor))
                }
            }
        }
        return issues
    }

    /// How containers are created, as the form of the created one asks: a container with a parent
    /// is created by that parent through an `@Assisted(.scope)` function (never kept as a child,
    /// which would keep the parent alive through it); a scope without one takes its needs through
    /// `<Scope>Dependencies`, which its creator declares.
    static func creationIssues(_ directory: ContainerDirectory) -> [LocatedIssue] {
        directory.creations().compactMap { creation in
            let owner = creation.owner.declared.container
            let created = creation.created.declared.container
            let member = creation.member
            let at = Anchor.member(container: owner.name, member: member.name)
            let issue: Issue?
            if let parent = created.options.parent {
                if member.scope.isChild {
                    issue = Issue(
                        .childTakesArguments,
                        "'\(owner.name)' owns '\(created.name)' as a child, but '\(created.name)' keeps its parent, so the two would keep each other alive; create it per unit of work with an '@Assisted(.scope)' function",
                        at: at)
                } else if directory.parent(of: creation.created)?.name != creation.ownerName {
                    issue = Issue(
                        .scopeArgumentMismatch,
                        "'\(member.displayName)' creates '\(created.name)', whose parent is '\(parent)', from '\(owner.name)'; create it from '\(parent)', or name '\(owner.name)' in its 'parent:'",
                        at: at)
                } else {
                    issue = nil
                }
            } else if member.createsScope {
                issue = ContainerValidator.undeclaredNeeds(of: member, in: owner)
            } else {
                issue = nil
            }
            return issue.map { LocatedIssue(file: creation.owner.file, container: creation.ownerName, issue: $0) }
        }
    }
}
