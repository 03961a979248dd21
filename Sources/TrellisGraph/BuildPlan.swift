/// The facts code generation needs about a valid container: an order in which members can be
/// built, and which accessors are `async` or `throws`. Derived from the model, never stored twice.
public struct BuildPlan: Hashable, Sendable {
    /// The container planned.
    public let container: Container
    /// Every member, each after every member it reads; ties keep declaration order.
    public let order: [Member]
    /// Members whose accessor (and evaluation) throws: those whose factory closure says `throws`.
    /// The validator makes every member that reads a throwing member declare `throws` itself, so
    /// effects are always visible at the declaration.
    public let throwingMembers: Set<String>
    /// `.transient` members that the initializer has to build because a synchronous `.shared`
    /// member reads them (directly or through other members built there).
    public let transientsReadAtInitialization: Set<String>
    /// `.onDemand` members that the initializer builds (and keeps) because a synchronous `.shared`
    /// member reads them. Never an async one: a synchronous member cannot read it (the validator
    /// reports that), and it is built by its first reader.
    public let onDemandBuiltAtInitialization: Set<String>
    /// Members whose values the container may keep, itself or inside another value it keeps: every
    /// `.shared` and `.onDemand` member and child, and every member one of those reads, through a
    /// `Provider`, `Lazy` or function value too (a `Lazy` keeps what it got; any value may keep
    /// what it was given). In a container with children, every member: a child reads its owner's
    /// members through its needs, which the owner's declaration does not show.
    ///
    /// A `Provider`, `Lazy` or function value given to a member outside this set (a `.transient`
    /// no kept member reads, such as the application a `buildApplication` function returns) may
    /// hold the container strongly: no value the container keeps can hold it, so it closes no
    /// reference cycle, and it works after the caller let the container go.
    public let membersItMayKeep: Set<String>

    /// Plans `container`. Returns `nil` when its members read each other in a cycle or read unknown
    /// members, cases the validator reports.
    public init?(_ container: Container) {
        let byName = Dictionary(container.members.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // nil for a cycle and for a read of an unknown member alike.
        guard let order = Self.topologicalOrder(container.members, readsParent: container.options.parent != nil) else {
            return nil
        }
        self.container = container
        self.order = order

        // An `@Assisted` function throws when it says so; the validator makes it say so when its
        // factory or a member it reads throws.
        self.throwingMembers = Set(container.members.filter(\.buildThrows).map(\.name))

        var readAtInitialization = Set<String>()
        var pending = container.members.filter { $0.scope == .shared && !$0.isAsync }.flatMap(\.constructionDependencyNames)
        while let name = pending.popLast() {
            guard let target = byName[name], target.scope.isBuiltOnEveryRead || (target.scope == .onDemand && !target.isAsync),
                readAtInitialization.insert(name).inserted
            else { continue }
            pending += target.constructionDependencyNames
        }
        self.transientsReadAtInitialization = readAtInitialization.filter { byName[$0]?.scope.isBuiltOnEveryRead == true }
        self.onDemandBuiltAtInitialization = readAtInitialization.filter { byName[$0]?.scope == .onDemand }
        self.membersItMayKeep = Self.membersKept(by: container, byName: byName)
    }

    /// See ``membersItMayKeep``.
    static func membersKept(by container: Container, byName: [String: Member]) -> Set<String> {
        if container.members.contains(where: \.scope.isChild) { return Set(byName.keys) }
        var kept = Set<String>()
        var pending = container.members.filter { $0.scope == .shared || $0.scope == .onDemand }
        while let member = pending.popLast() {
            guard kept.insert(member.name).inserted else { continue }
            pending += member.dependencyNames.compactMap { byName[$0] }
        }
        return kept
    }

    /// Whether reading `member` can throw.
    public func isThrowing(_ member: Member) -> Bool { throwingMembers.contains(member.name) }

    /// Whether the generated initializer throws: a synchronous shared member has a throwing factory.
    /// Async members keep their errors until they are awaited.
    public var initializerThrows: Bool {
        order.contains { member in
            member.scope == .shared && !member.isAsync && isThrowing(member)
        }
    }

    /// Whether any member is built by an `asyncFactory`.
    public var hasAsyncMembers: Bool { order.contains(where: \.isAsync) }

    /// The members in an order that builds each after what it reads (``TopologicalOrder``, ties
    /// in declaration order). `nil` when no order exists: a cycle, a member reading itself or an
    /// unknown name, or two members with one name. In a container that `readsParent`, a name no
    /// member has is read from the parent, which exists before any member.
    static func topologicalOrder(_ members: [Member], readsParent: Bool = false) -> [Member]? {
        var position: [String: Int] = [:]
        for (index, member) in members.enumerated() where position.updateValue(index, forKey: member.name) != nil {
            return nil
        }
        var dependencies: [[Int]] = []
        dependencies.reserveCapacity(members.count)
        for member in members {
            var reads: [Int] = []
            for name in member.constructionDependencyNames {
                if let read = position[name] {
                    reads.append(read)
                } else if !readsParent {
                    return nil
                }
            }
            dependencies.append(reads)
        }
        return TopologicalOrder.order(dependencies: dependencies)?.map { members[$0] }
    }
}
