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
    /// member reads them.
    public let onDemandBuiltAtInitialization: Set<String>

    /// Plans `container`. Returns `nil` when its members read each other in a cycle or read unknown
    /// members, cases the validator reports.
    public init?(_ container: Container) {
        let byName = Dictionary(container.members.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for member in container.members where member.dependencyNames.contains(where: { byName[$0] == nil }) {
            return nil
        }
        guard let order = Self.topologicalOrder(container.members, byName: byName) else { return nil }
        self.container = container
        self.order = order

        self.throwingMembers = Set(
            container.members.filter { $0.scope != .input && $0.effectiveFactory?.isThrowing == true }.map(\.name))

        var readAtInitialization = Set<String>()
        var pending = container.members.filter { $0.scope == .shared && !$0.isAsync }.flatMap(\.dependencyNames)
        while let name = pending.popLast() {
            guard let target = byName[name], target.scope == .transient || target.scope == .onDemand,
                readAtInitialization.insert(name).inserted
            else { continue }
            pending += target.dependencyNames
        }
        self.transientsReadAtInitialization = readAtInitialization.filter { byName[$0]?.scope == .transient }
        self.onDemandBuiltAtInitialization = readAtInitialization.filter { byName[$0]?.scope == .onDemand }
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

    private static func topologicalOrder(_ members: [Member], byName: [String: Member]) -> [Member]? {
        var remaining = Dictionary(members.map { ($0.name, Set($0.dependencyNames)) }, uniquingKeysWith: { first, _ in first })
        var result: [Member] = []
        var emitted = Set<String>()
        while result.count < members.count {
            guard let next = members.first(where: { !emitted.contains($0.name) && remaining[$0.name, default: []].isEmpty })
            else {
                return nil
            }
            result.append(next)
            emitted.insert(next.name)
            for key in remaining.keys { remaining[key]?.remove(next.name) }
        }
        return result
    }
}
