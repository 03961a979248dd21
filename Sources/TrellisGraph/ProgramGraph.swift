/// What the graph renderers draw: containers with their members, the members each member reads, and
/// the containers each container builds. Everything is sorted by name, so output never depends on
/// the order files were scanned in.
public struct ProgramGraph: Hashable, Sendable {
    /// A container and its members.
    public struct ContainerNode: Hashable, Sendable {
        /// A unique identifier: the qualified name, with `~2`, `~3`... for further declarations of the same name.
        public var id: String
        /// The qualified name (`Feature.Container`).
        public var name: String
        /// The file that declares it (empty when unknown).
        public var file: String
        /// `root: true` was written.
        public var isRoot: Bool
        /// `validateDAG: false` was not written.
        public var validatesDAG: Bool
        /// The members, sorted by name.
        public var members: [MemberNode]
        /// The members marked `service: true`, in the order they start (``ServiceRules/startOrder(of:)``);
        /// they stop in reverse.
        public var startOrder: [String] = []
        /// The identifier of the container it reads as its parent (`@DIContainer(parent:)`), when
        /// that container is in the program.
        public var parent: String? = nil
    }

    /// One `@Provide` member.
    public struct MemberNode: Hashable, Sendable {
        /// The member's name.
        public var name: String
        /// The declared type, as written.
        public var type: String
        /// Its scope.
        public var scope: MemberScope
        /// Built by an `asyncFactory`.
        public var isAsync: Bool
        /// Built by a factory declared `throws`.
        public var isThrowing: Bool
        /// The members it reads, in source order, without repeats.
        public var reads: [String]
        /// The qualified names of the containers it builds, sorted.
        public var builds: [String]
        /// For an `@Assisted` function, the arguments its caller passes (the member is built on
        /// every call); `nil` for a `@Provide` member.
        public var arguments: [RuntimeArgument]? = nil
        /// For a member marked `service: true` (or `shutdown:`), its place in the container's start
        /// order, from 1.
        public var startPosition: Int? = nil
        /// A member with `shutdown:`: a value that is closed once the services reading it stop.
        public var closesOnShutdown = false
        /// An `@Assisted(.scope)` function: each call creates a scope container of its type.
        public var createsScope = false
        /// For a `.collection` member, its shape.
        public var collection: CollectionDeclaration.Kind? = nil
        /// The collection the member contributes to, if any.
        public var contribution: Contribution? = nil
    }

    /// A member reading another member of the same container.
    public struct MemberEdge: Hashable, Sendable {
        /// The identifier of the container both members belong to.
        public var container: String
        /// The member that reads.
        public var from: String
        /// The member read.
        public var to: String
        /// Read while the member is built, or received as a `Provider` or `Lazy`.
        public var access: DependencyAccess = .value
    }

    /// A member of a container with `parent:` reading a member of that parent (a name the container
    /// does not declare, or one of its `.input` members).
    public struct ParentRead: Hashable, Sendable {
        /// The identifier of the container that reads.
        public var container: String
        /// The member that reads.
        public var from: String
        /// The identifier of the ancestor whose member is read: the parent, or the nearest of its
        /// own ancestors with the member (a parent reads what it does not declare from its parent).
        public var parent: String
        /// The parent's member read.
        public var to: String
    }

    /// A container building another: in one of its members' factories, or as an owned child.
    public struct ContainerEdge: Hashable, Sendable {
        /// The identifier of the container that builds.
        public var from: String
        /// The identifier of the container built.
        public var to: String
        /// The member whose factory builds it, or the child member.
        public var member: String
        /// Whether the container owns the other (a `.child` or `.forwardingChild` member) or only
        /// builds it in a factory.
        public var kind: ContainerEdgeKind
    }

    /// How one container relates to another it builds.
    public enum ContainerEdgeKind: String, Hashable, Sendable, CaseIterable {
        /// A factory builds it; the owner does not keep it as a child.
        case builds
        /// An owned child (`.child` or `.forwardingChild`): built once, lives as long as the owner.
        case owns
        /// A scope container (an `@Assisted(.scope)` function): created on every call, from the
        /// container and the call's arguments; the caller keeps it as long as the unit of work.
        case createsScope
    }

    /// The containers, sorted by qualified name, then file.
    public var containers: [ContainerNode]
    /// Member edges, sorted by container, reader and member read.
    public var memberEdges: [MemberEdge]
    /// Container edges, sorted by builder, container built and member.
    public var containerEdges: [ContainerEdge]
    /// The reads of parents' members, sorted by container, reader and member read; only those of a
    /// member the parent has (``ProgramValidator`` reports the others).
    public var parentReads: [ParentRead] = []

    /// The graph of the containers declared in `files`.
    public init(files: [ProgramFile]) {
        let directory = ContainerDirectory(files: files)
        var containers: [ContainerNode] = []
        var memberEdges: [MemberEdge] = []
        var containerEdges: [ContainerEdge] = []
        var parentReads: [ParentRead] = []
        for name in directory.sortedNames {
            for (index, entry) in (directory.entries[name] ?? []).enumerated() {
                let id = index == 0 ? name : "\(name)~\(index + 1)"
                let container = entry.declared.container
                let memberNames = Set(container.members.map(\.name))
                let parent = directory.parent(of: entry)?.name
                var members: [MemberNode] = []
                let startOrder = ServiceRules.startOrder(of: container)
                for member in container.members {
                    let builds = Set(member.constructedTypes.compactMap { directory.resolve($0, from: entry.declared) })
                    let reads = member.dependencyNames.filter { memberNames.contains($0) }
                    let deferred = Self.deferredReads(of: member)
                    members.append(
                        MemberNode(
                            name: member.name, type: member.type.text, scope: member.scope, isAsync: member.readAwaits,
                            isThrowing: member.buildThrows,
                            reads: reads, builds: builds.sorted(), arguments: member.signature?.arguments,
                            startPosition: startOrder.firstIndex(of: member.name).map { $0 + 1 },
                            closesOnShutdown: member.closesOnShutdown, createsScope: member.createsScope,
                            collection: member.collection.map { $0.kind ?? .array }, contribution: member.contribution))
                    memberEdges += reads.map {
                        MemberEdge(container: id, from: member.name, to: $0, access: deferred[$0] ?? .value)
                    }
                    // Each read goes to the nearest ancestor with the member (a parent reads what it does
                    // not declare from its own parent).
                    parentReads += container.parentReads(of: member).compactMap { name in
                        directory.ancestor(providing: name, above: entry).map {
                            ParentRead(container: id, from: member.name, parent: $0.name, to: name)
                        }
                    }
                    let kind: ContainerEdgeKind = member.scope.isChild ? .owns : member.createsScope ? .createsScope : .builds
                    containerEdges += builds.map { ContainerEdge(from: id, to: $0, member: member.name, kind: kind) }
                }
                containers.append(
                    ContainerNode(
                        id: id, name: name, file: entry.file, isRoot: container.options.root,
                        validatesDAG: container.options.validateDAG, members: members.sorted { $0.name < $1.name },
                        startOrder: startOrder, parent: parent))
            }
        }
        self.containers = containers
        self.memberEdges = Set(memberEdges).sorted { ($0.container, $0.from, $0.to) < ($1.container, $1.from, $1.to) }
        self.containerEdges = Set(containerEdges).sorted { ($0.from, $0.to, $0.member) < ($1.from, $1.to, $1.member) }
        self.parentReads = Set(parentReads).sorted { ($0.container, $0.from, $0.to) < ($1.container, $1.from, $1.to) }
    }

    /// The parent's members `member` of container `id` reads, in name order.
    public func parentReads(of member: String, in id: String) -> [String] {
        parentReads.filter { $0.container == id && $0.from == member }.map(\.to)
    }

    /// The members `member` receives as a `Provider` or `Lazy` and never reads as a value.
    static func deferredReads(of member: Member) -> [String: DependencyAccess] {
        let readAsValues = Set(member.constructionDependencyNames)
        var deferred: [String: DependencyAccess] = [:]
        for dependency in member.dependencies where !readAsValues.contains(dependency.name) && deferred[dependency.name] == nil {
            deferred[dependency.name] = dependency.access
        }
        return deferred
    }

    /// The graph of `program`'s containers, all taken as top-level declarations of one unnamed file.
    public init(_ program: Program) {
        self.init(files: [ProgramFile(path: "", containers: program.containers.map { DeclaredContainer($0) })])
    }
}

extension ProgramGraph.MemberNode {
    /// The traits a renderer shows next to the type: scope, then `async` and `throws` when they apply.
    /// An `@Assisted` function shows its arguments instead of a scope: `assisted(itemID: Int)`, or
    /// `scope(requestID: String)` for one that creates a scope container. A service ends with its
    /// place in the start order: `service 2`, and a value closed on shutdown says so.
    public var traits: [String] {
        let kind =
            arguments.map {
                "\(createsScope ? "scope" : "assisted")(\($0.map { "\($0.label ?? "_"): \($0.type)" }.joined(separator: ", ")))"
            }
            ?? scope.rawValue
        return [kind] + (isAsync ? ["async"] : []) + (isThrowing ? ["throws"] : [])
            + (startPosition.map { ["service \($0)"] } ?? []) + (closesOnShutdown ? ["closed on shutdown"] : [])
            + (contribution.map { [$0.label] } ?? [])
    }
}

extension Contribution {
    /// How the graph shows a contribution: `into routes`, `into checks["db"]`, `elements into routes`.
    public var label: String {
        if elements { return "elements into \(collection)" }
        return key.map { "into \(collection)[\($0)]" } ?? "into \(collection)"
    }
}
