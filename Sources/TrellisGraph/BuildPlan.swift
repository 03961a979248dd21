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
        // nil for a cycle and for a read of an unknown member alike.
        guard let order = Self.topologicalOrder(container.members) else { return nil }
        self.container = container
        self.order = order

        // An `@Assisted` function throws when it says so; the validator makes it say so when its
        // factory or a member it reads throws.
        self.throwingMembers = Set(container.members.filter(\.buildThrows).map(\.name))

        var readAtInitialization = Set<String>()
        var pending = container.members.filter { $0.scope == .shared && !$0.isAsync }.flatMap(\.constructionDependencyNames)
        while let name = pending.popLast() {
            guard let target = byName[name], target.scope == .transient || target.scope == .onDemand,
                readAtInitialization.insert(name).inserted
            else { continue }
            pending += target.constructionDependencyNames
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

    /// Kahn's algorithm, always taking the ready member declared first, so that ties keep
    /// declaration order: O((members + reads) log members). (It was quadratic, rescanning every
    /// member after each one placed; the macro plans every container on every build.) `nil` when
    /// no order exists: a cycle, a member reading itself or an unknown name, or two members with
    /// one name.
    static func topologicalOrder(_ members: [Member]) -> [Member]? {
        var position: [String: Int] = [:]
        for (index, member) in members.enumerated() where position.updateValue(index, forKey: member.name) != nil {
            return nil
        }
        var unbuiltReads = [Int](repeating: 0, count: members.count)
        var readers = [[Int]](repeating: [], count: members.count)
        for (index, member) in members.enumerated() {
            for name in Set(member.constructionDependencyNames) {
                guard let read = position[name] else { return nil }
                unbuiltReads[index] += 1
                readers[read].append(index)
            }
        }
        var ready = SmallestFirst(members.indices.filter { unbuiltReads[$0] == 0 })
        var order: [Member] = []
        order.reserveCapacity(members.count)
        while let index = ready.popSmallest() {
            order.append(members[index])
            for reader in readers[index] {
                unbuiltReads[reader] -= 1
                if unbuiltReads[reader] == 0 { ready.insert(reader) }
            }
        }
        return order.count == members.count ? order : nil
    }
}

/// A binary min-heap of member positions.
private struct SmallestFirst {
    private var heap: [Int] = []

    init(_ values: [Int]) {
        for value in values { insert(value) }
    }

    mutating func insert(_ value: Int) {
        heap.append(value)
        var child = heap.count - 1
        while child > 0, heap[(child - 1) / 2] > heap[child] {
            heap.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    mutating func popSmallest() -> Int? {
        guard let smallest = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return smallest }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var next = parent
            if left < heap.count, heap[left] < heap[next] { next = left }
            if right < heap.count, heap[right] < heap[next] { next = right }
            if next == parent { return smallest }
            heap.swapAt(parent, next)
            parent = next
        }
    }
}
