/// The rules of collections (multibindings): a `.collection` member built from the members that
/// contribute to it with `into:` (one element, or one dictionary entry under `key:`) or
/// `elementsInto:` (every element of an array or set member).
enum CollectionRules {
    /// The issues of a `.collection` member: its type, its arguments, and its contributions' keys.
    static func issues(ofCollection member: Member, in container: Container) -> [Issue] {
        guard let collection = member.collection else { return [] }
        var issues: [Issue] = []
        let name = member.name
        for argument in [ProvideArgument.factory, .asyncFactory, .type, .with, .into, .elementsInto, .key]
        where member.has(argument) {
            issues.append(
                Issue(
                    .collectionWithFactory,
                    "collection '\(name)' is built from the members that contribute to it; remove '\(argument == .type ? argument.label : argument.label + ":")'",
                    at: .memberArgument(container: container.name, member: name, argument: argument),
                    fixes: [.removeArgument(argument)]))
        }
        guard let kind = collection.kind else {
            issues.append(
                Issue(
                    .invalidCollectionType,
                    "collection '\(name)' must be an array '[T]', a set 'Set<T>' or a dictionary '[Key: T]', not '\(member.type.text)'",
                    at: .memberType(container: container.name, member: name)))
            return issues
        }
        let contributors = container.members.filter { $0.contribution?.collection == name }
        if contributors.isEmpty && !collection.allowsEmpty {
            issues.append(
                Issue(
                    .emptyCollection,
                    "nothing contributes to collection '\(name)'; add 'into: \\Self.\(name)' to the members it collects, or declare it 'allowsEmpty: true'",
                    at: .member(container: container.name, member: name), fixes: [.allowEmptyCollection]))
        }
        if kind == .dictionary {
            var first: [String: String] = [:]
            for contributor in contributors {
                guard let key = contributor.contribution?.key else { continue }
                if let earlier = first[key] {
                    issues.append(
                        Issue(
                            .duplicateContributionKey,
                            "'\(contributor.name)' and '\(earlier)' both contribute to '\(name)' under the key \(key); give each its own key",
                            at: .memberArgument(container: container.name, member: contributor.name, argument: .key)))
                } else {
                    first[key] = contributor.name
                }
            }
        }
        return issues
    }

    /// The issues of a member contributing to a collection: that the collection exists, and that
    /// the contribution has the shape the collection takes and no effect its build cannot carry.
    static func issues(ofContribution member: Member, in container: Container) -> [Issue] {
        guard let contribution = member.contribution else { return [] }
        let argument: ProvideArgument = contribution.elements ? .elementsInto : .into
        let anchor = Anchor.memberArgument(container: container.name, member: member.name, argument: argument)
        let collections = container.members.filter { $0.collection != nil }.map(\.name)
        guard let target = container.member(named: contribution.collection), let collection = target.collection else {
            let suggestion = NameSuggester.closest(to: contribution.collection, among: collections)
            let hint =
                suggestion.map { "did you mean '\($0)'?" }
                ?? (collections.isEmpty
                    ? "declare it: '@Provide(.collection) var \(contribution.collection): [\(member.type.text)]'"
                    : "its collections are \(collections.map { "'\($0)'" }.joined(separator: ", "))")
            return [
                Issue(
                    .unknownCollection,
                    "'\(member.name)' contributes to '\(contribution.collection)', which is not a '.collection' member of '\(container.name)'; \(hint)",
                    at: anchor, fixes: suggestion.map { [.renameDependency(to: $0)] } ?? [])
            ]
        }
        var issues: [Issue] = []
        let name = target.name
        switch (collection.kind, contribution.key, contribution.elements) {
        case (.dictionary?, _?, true):
            issues.append(
                Issue(
                    .contributionKey,
                    "'\(member.name)' contributes all its entries to '\(name)', each under its own key, so it takes no 'key:'",
                    at: .memberArgument(container: container.name, member: member.name, argument: .key),
                    fixes: [.removeArgument(.key)]))
        case (.dictionary?, nil, false):
            issues.append(
                Issue(
                    .contributionKey, "'\(member.name)' contributes to dictionary '\(name)' and needs its entry's 'key:'",
                    at: anchor))
        case (.array?, _?, _), (.set?, _?, _):
            issues.append(
                Issue(
                    .contributionKey, "'\(name)' is not a dictionary, so '\(member.name)' takes no 'key:'",
                    at: .memberArgument(container: container.name, member: member.name, argument: .key),
                    fixes: [.removeArgument(.key)]))
        default:
            break
        }
        if member.readAwaits || member.readThrows {
            let why = member.readAwaits ? "is built by an asyncFactory" : "has a throwing factory it runs on every read"
            let fix = member.readAwaits ? "with 'factory:'" : "with a factory that does not throw"
            issues.append(
                Issue(
                    .unsupportedContribution,
                    "'\(member.name)' \(why), but collection '\(name)' is read synchronously and without 'try'; build '\(member.name)' \(fix) to collect it",
                    at: anchor))
        }
        return issues
    }
}
