/// What changed between two graphs (`trellis diff OLD.json NEW.json`): containers added and removed,
/// and for each container in both, what changed in it (its options, its members, what they read,
/// the containers they build). One line per change, ordered by container, so a code review reads it
/// top to bottom and the same two graphs always give the same text.
public struct GraphDiff: Hashable, Sendable {
    /// Whether something was added, removed or changed.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// In the new graph only.
        case added = "+"
        /// In the old graph only.
        case removed = "-"
        /// In both, different.
        case changed = "~"
    }

    /// One change.
    public struct Change: Hashable, Sendable {
        /// Added, removed or changed.
        public var kind: Kind
        /// The `id` of the container it belongs to.
        public var container: String
        /// What changed, without the kind's sign (`member AppContainer.cache: any Cache (shared)`).
        public var description: String
    }

    /// The changes, by container `id`, then containers before their members, reads and builds.
    public var changes: [Change]

    /// The changes that turn `old` into `new`.
    public init(old: ProgramGraph, new: ProgramGraph) {
        let oldContainers = Dictionary(old.containers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newContainers = Dictionary(new.containers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [Change] = []
        for id in Set(oldContainers.keys).union(newContainers.keys).sorted() {
            switch (oldContainers[id], newContainers[id]) {
            case (nil, let added?):
                changes.append(Change(kind: .added, container: id, description: Self.summary(of: added)))
            case (let removed?, nil):
                changes.append(Change(kind: .removed, container: id, description: Self.summary(of: removed)))
            case (let before?, let after?):
                changes += Self.changes(from: before, to: after)
                changes += Self.readChanges(in: id, old: old.memberEdges, new: new.memberEdges)
                changes += Self.buildChanges(from: id, old: old.containerEdges, new: new.containerEdges)
                changes += Self.parentReadChanges(in: id, old: old.parentReads, new: new.parentReads)
            case (nil, nil):
                continue
            }
        }
        self.changes = changes
    }

    /// Whether the two graphs are the same.
    public var isEmpty: Bool { changes.isEmpty }

    /// One line per change (`+ member AppContainer.cache: any Cache (shared)`), then a count of each
    /// kind; `no changes` when there is none. Ends with a newline.
    public var text: String {
        guard !changes.isEmpty else { return "no changes\n" }
        var lines = changes.map { "\($0.kind.rawValue) \($0.description)" }
        let counts = Kind.allCases.map { kind in changes.filter { $0.kind == kind }.count }
        lines.append("")
        lines.append(
            "\(changes.count) \(changes.count == 1 ? "change" : "changes"): \(counts[0]) added, \(counts[1]) removed, \(counts[2]) changed"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    static func summary(of container: ProgramGraph.ContainerNode) -> String {
        let count = container.members.count
        return "container \(container.id) (\(container.file)), \(count) \(count == 1 ? "member" : "members")"
    }

    static func describe(_ member: ProgramGraph.MemberNode, in container: String) -> String {
        "member \(container).\(member.name): \(member.type) (\(member.traits.joined(separator: ", ")))"
    }

    static func changes(from old: ProgramGraph.ContainerNode, to new: ProgramGraph.ContainerNode) -> [Change] {
        var details: [String] = []
        if old.file != new.file { details.append("file \(old.file) -> \(new.file)") }
        if old.isRoot != new.isRoot { details.append("root \(old.isRoot) -> \(new.isRoot)") }
        if old.validatesDAG != new.validatesDAG { details.append("validateDAG \(old.validatesDAG) -> \(new.validatesDAG)") }
        if old.parent != new.parent { details.append("parent \(old.parent ?? "none") -> \(new.parent ?? "none")") }
        if old.startOrder != new.startOrder {
            details.append(
                "start order [\(old.startOrder.joined(separator: ", "))] -> [\(new.startOrder.joined(separator: ", "))]")
        }
        var changes =
            details.isEmpty
            ? []
            : [Change(kind: .changed, container: new.id, description: "container \(new.id): \(details.joined(separator: "; "))")]
        changes += keyedChanges(
            in: new.id, old: old.members, new: new.members, key: \.name, describe: { describe($0, in: new.id) },
            compare: { before, after in
                let details = memberDetails(from: before, to: after)
                return details.isEmpty ? nil : "member \(new.id).\(after.name): \(details.joined(separator: "; "))"
            })
        return changes
    }

    /// What changed in a member, besides what it reads and builds (those are edges of their own).
    static func memberDetails(from old: ProgramGraph.MemberNode, to new: ProgramGraph.MemberNode) -> [String] {
        var details: [String] = []
        if old.type != new.type { details.append("type \(old.type) -> \(new.type)") }
        if old.scope != new.scope { details.append("scope \(old.scope.rawValue) -> \(new.scope.rawValue)") }
        if old.isAsync != new.isAsync { details.append(new.isAsync ? "now async" : "no longer async") }
        if old.isThrowing != new.isThrowing { details.append(new.isThrowing ? "now throws" : "no longer throws") }
        if old.arguments != new.arguments {
            details.append("arguments \(argumentList(old.arguments)) -> \(argumentList(new.arguments))")
        }
        if old.collection != new.collection {
            details.append("collection \(old.collection?.rawValue ?? "none") -> \(new.collection?.rawValue ?? "none")")
        }
        if old.contribution != new.contribution {
            details.append(
                "\(old.contribution?.label ?? "contributes nowhere") -> \(new.contribution?.label ?? "contributes nowhere")")
        }
        if old.createsScope != new.createsScope {
            details.append(new.createsScope ? "now creates a scope" : "no longer creates a scope")
        }
        switch (old.startPosition, new.startPosition) {
        case (nil, let position?): details.append("now a service (\(position) in start order)")
        case (_?, nil): details.append("no longer a service")
        case (let before?, let after?) where before != after: details.append("start position \(before) -> \(after)")
        default: break
        }
        return details
    }

    static func argumentList(_ arguments: [RuntimeArgument]?) -> String {
        guard let arguments else { return "none" }
        let written = arguments.map { argument in
            argument.label == argument.name
                ? "\(argument.name): \(argument.type)" : "\(argument.label ?? "_") \(argument.name): \(argument.type)"
        }
        return "(\(written.joined(separator: ", ")))"
    }

    static func readChanges(in id: String, old: [ProgramGraph.MemberEdge], new: [ProgramGraph.MemberEdge]) -> [Change] {
        func read(_ edge: ProgramGraph.MemberEdge) -> String {
            "\(id).\(edge.from) reads \(edge.to)\(edge.access == .value ? "" : " (\(edge.access.rawValue))")"
        }
        return keyedChanges(
            in: id, old: old.filter { $0.container == id }, new: new.filter { $0.container == id },
            key: { "\($0.from)\u{0}\($0.to)" }, describe: read,
            compare: { before, after in
                before.access == after.access
                    ? nil : "\(id).\(after.from) reads \(after.to): \(before.access.rawValue) -> \(after.access.rawValue)"
            })
    }

    static func parentReadChanges(in id: String, old: [ProgramGraph.ParentRead], new: [ProgramGraph.ParentRead]) -> [Change] {
        keyedChanges(
            in: id, old: old.filter { $0.container == id }, new: new.filter { $0.container == id },
            key: { "\($0.from)\u{0}\($0.parent)\u{0}\($0.to)" },
            describe: { "\(id).\($0.from) reads \($0.parent).\($0.to) from its parent" }, compare: { _, _ in nil })
    }

    static func buildChanges(from id: String, old: [ProgramGraph.ContainerEdge], new: [ProgramGraph.ContainerEdge]) -> [Change] {
        keyedChanges(
            in: id, old: old.filter { $0.from == id }, new: new.filter { $0.from == id },
            key: { "\($0.member)\u{0}\($0.to)" }, describe: { "\(id).\($0.member) \(verb($0.kind)) \($0.to)" },
            compare: { before, after in
                before.kind == after.kind
                    ? nil : "\(id).\(after.member): \(verb(before.kind)) \(after.to) -> \(verb(after.kind)) \(after.to)"
            })
    }

    /// The changes between two lists of one container's elements matched by `key`, in key order:
    /// `describe` writes an element added or removed, `compare` one in both (`nil` when unchanged).
    static func keyedChanges<Element>(
        in id: String, old: [Element], new: [Element], key: (Element) -> String, describe: (Element) -> String,
        compare: (Element, Element) -> String?
    ) -> [Change] {
        let before = Dictionary(old.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        return Set(before.keys).union(after.keys).sorted().compactMap { elementKey in
            switch (before[elementKey], after[elementKey]) {
            case (nil, let added?): Change(kind: .added, container: id, description: describe(added))
            case (let removed?, nil): Change(kind: .removed, container: id, description: describe(removed))
            case (let old?, let new?): compare(old, new).map { Change(kind: .changed, container: id, description: $0) }
            case (nil, nil): nil
            }
        }
    }

    static func verb(_ kind: ProgramGraph.ContainerEdgeKind) -> String {
        switch kind {
        case .builds: "builds"
        case .owns: "owns"
        case .createsScope: "creates scope"
        }
    }
}
