import TrellisGraph

// Short builders for members, so that each table row reads like the declaration it stands for.

/// A shared member of type `any P` built by a closure whose parameters are `reads`.
func shared(_ name: String, reads: [String] = [], throwing: Bool = false) -> Member {
    Member(
        name: name, type: MemberType("any P", kind: .existential), scope: .shared,
        factory: Factory(form: .parameterClosure(parameters: reads), isThrowing: throwing),
        dependencies: reads.map { Dependency($0, origin: .closureParameter) })
}

/// A transient member of type `any P` built by a closure whose parameters are `reads`.
func transient(_ name: String, reads: [String] = [], throwing: Bool = false) -> Member {
    var member = shared(name, reads: reads, throwing: throwing)
    member.scope = .transient
    return member
}

/// A shared member built by an `async` closure whose parameters are `reads`.
func asyncShared(_ name: String, reads: [String] = [], throwing: Bool = false) -> Member {
    var member = shared(name, reads: reads)
    member.factory = nil
    member.asyncFactory = Factory(form: .parameterClosure(parameters: reads), isAsync: true, isThrowing: throwing)
    return member
}

/// An input member of type `any P`.
func input(_ name: String) -> Member {
    Member(name: name, type: MemberType("any P", kind: .existential), scope: .input)
}

/// A container named `C` with `members`.
func container(_ members: Member..., kind: DeclarationKind = .structure) -> Container {
    Container(name: "C", kind: kind, members: members)
}
