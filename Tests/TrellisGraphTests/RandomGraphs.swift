import TrellisGraph

/// SplitMix64: a tiny seeded generator, so property tests are random in shape but reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// A random acyclic container: member `m<i>` reads only members declared before it, so declaration
/// order is a topological order. Members are declared in a shuffled order so that validation does
/// not depend on reads pointing backwards in the source.
struct RandomDAG {
    /// Members in declaration order.
    let members: [Member]
    /// The edges, by member name: what each member reads.
    let reads: [String: [String]]
    /// Each member's rank in the hidden topological order (`m<i>` has rank `i`).
    let rank: [String: Int]

    init(seed: UInt64, size: Int) {
        var generator = SplitMix64(seed: seed)
        var reads: [String: [String]] = [:]
        var rank: [String: Int] = [:]
        var members: [Member] = []
        for index in 0..<size {
            let name = "m\(index)"
            rank[name] = index
            let earlier = (0..<index).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }.map { "m\($0)" }
            reads[name] = earlier
            members.append(index.isMultiple(of: 5) && earlier.isEmpty ? input(name) : shared(name, reads: earlier))
        }
        members.shuffle(using: &generator)
        self.members = members
        self.reads = reads
        self.rank = rank
    }

    var container: Container { Container(name: "C", members: members) }

    /// The same graph where `reader` also reads `target`; when `target` reaches `reader` by exactly
    /// one path, this closes exactly one cycle.
    func addingRead(of target: String, by reader: String) -> Container {
        var copy = container
        guard let index = copy.members.firstIndex(where: { $0.name == reader }) else { return copy }
        var member = copy.members[index]
        if member.scope == .input { member = shared(reader) }
        member.dependencies.append(Dependency(target, origin: .closureParameter))
        if case .parameterClosure(let parameters)? = member.factory?.form {
            member.factory = Factory(form: .parameterClosure(parameters: parameters + [target]))
        }
        copy.members[index] = member
        return copy
    }
}
