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
        if old.startOrder != new.startOrder {
            details.append(
                "start order [\(old.startOrder.joined(separator: ", "))] -> [\(new.startOrder.joined(separator: ", "))]")
        }
        var changes =
            details.isEmpty
            ? []
            : [Change(kind: .changed, container: new.id, description: "container \(new.id): \(details.joined(separator: "; "))")]
        let oldMembers = Dictionary(old.members.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newMembers = Dictionary(new.members.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(oldMembers.keys).union(newMembers.keys).sorted() {
            switch (oldMembers[name], newMembers[name]) {
            case (nil, let added?):
                changes.append(Change(kind: .added, container: new.id, description: describe(added, in: new.id)))
            case (let removed?, nil):
                changes.append(Change(kind: .removed, container: new.id, description: describe(removed, in: new.id)))
            case (let before?, let after?):
                let details = memberDetails(from: before, to: after)
                if !details.isEmpty {
                    changes.append(
                        Change(
                            kind: .changed, container: new.id,
                            description: "member \(new.id).\(name): \(details.joined(separator: "; "))"))
                }
            case (nil, nil):
                continue
            }
        }
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
        func key(_ edge: ProgramGraph.MemberEdge) -> String { "\(edge.from)\u{0}\(edge.to)" }
        func read(_ edge: ProgramGraph.MemberEdge) -> String {
            "\(id).\(edge.from) reads \(edge.to)\(edge.access == .value ? "" : " (\(edge.access.rawValue))")"
        }
        let before = Dictionary(old.filter { $0.container == id }.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.filter { $0.container == id }.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [Change] = []
        for edgeKey in Set(before.keys).union(after.keys).sorted() {
            switch (before[edgeKey], after[edgeKey]) {
            case (nil, let added?):
                changes.append(Change(kind: .added, container: id, description: read(added)))
            case (let removed?, nil):
                changes.append(Change(kind: .removed, container: id, description: read(removed)))
            case (let old?, let new?) where old.access != new.access:
                changes.append(
                    Change(
                        kind: .changed, container: id,
                        description: "\(id).\(new.from) reads \(new.to): \(old.access.rawValue) -> \(new.access.rawValue)"))
            default:
                continue
            }
        }
        return changes
    }

    static func buildChanges(from id: String, old: [ProgramGraph.ContainerEdge], new: [ProgramGraph.ContainerEdge]) -> [Change] {
        func key(_ edge: ProgramGraph.ContainerEdge) -> String { "\(edge.member)\u{0}\(edge.to)" }
        let before = Dictionary(old.filter { $0.from == id }.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.filter { $0.from == id }.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [Change] = []
        for edgeKey in Set(before.keys).union(after.keys).sorted() {
            switch (before[edgeKey], after[edgeKey]) {
            case (nil, let added?):
                changes.append(
                    Change(kind: .added, container: id, description: "\(id).\(added.member) \(verb(added.kind)) \(added.to)"))
            case (let removed?, nil):
                changes.append(
                    Change(
                        kind: .removed, container: id, description: "\(id).\(removed.member) \(verb(removed.kind)) \(removed.to)")
                )
            case (let old?, let new?) where old.kind != new.kind:
                changes.append(
                    Change(
                        kind: .changed, container: id,
                        description: "\(id).\(new.member): \(verb(old.kind)) \(new.to) -> \(verb(new.kind)) \(new.to)"))
            default:
                continue
            }
        }
        return changes
    }

    static func verb(_ kind: ProgramGraph.ContainerEdgeKind) -> String {
        switch kind {
        case .builds: "builds"
        case .owns: "owns"
        case .createsScope: "creates scope"
        }
    }
}
