import Testing
import TrellisGraph

@Suite("Unused members (trellis validate --unused)")
struct UnusedMemberRuleTests {
    /// The names reported for `containers`, declared in one file, given `references`.
    static func unused(_ containers: [DeclaredContainer], references: NameReferences = NameReferences()) -> [String] {
        UnusedMemberRule.issues([ProgramFile(path: "A.swift", containers: containers)], references: references).map {
            guard case .member(let container, let member) = $0.issue.anchor else { return "?" }
            return "\(container).\(member)"
        }
    }

    static func declared(_ name: String, _ members: Member..., validateDAG: Bool = true) -> DeclaredContainer {
        DeclaredContainer(Container(name: name, options: ContainerOptions(validateDAG: validateDAG), members: members))
    }

    @Test("a member another member reads is used; one nothing reads is reported, inputs included")
    func readsByMembers() {
        let program = [Self.declared("C", input("a"), shared("b", reads: ["a"]), input("c"), transient("d"))]
        #expect(Self.unused(program) == ["C.b", "C.c", "C.d"])
    }

    @Test("a service is used: the service group starts it")
    func services() {
        var server = shared("server")
        server.isService = true
        #expect(Self.unused([Self.declared("C", server)]) == [])
    }

    @Test("what an owned child, a forwarded grandchild or a created scope needs is used in its owner")
    func childNeeds() {
        var child = Member(name: "feature", type: MemberType("Feature", kind: .concrete), scope: .child)
        child.dependencies = []
        let scopeFunction = Member(
            name: "request", type: MemberType("Request", kind: .concrete), scope: .transient,
            signature: AssistedSignature(arguments: [], createsScope: true))
        let program = [
            Self.declared("App", input("clock"), input("store"), input("log"), child, scopeFunction),
            Self.declared(
                "Feature", input("clock"), shared("view", reads: ["clock"]),
                Member(name: "inner", type: MemberType("Inner", kind: .concrete), scope: .forwardingChild)),
            Self.declared("Inner", input("store"), shared("cache", reads: ["store"])),
            Self.declared("Request", input("log"), shared("handler", reads: ["log"])),
        ]
        let references = NameReferences(memberReads: ["feature", "request", "view", "cache", "handler", "inner"])
        #expect(Self.unused(program, references: references) == [])
        #expect(
            Self.unused(program, references: NameReferences(memberReads: ["view", "cache", "handler", "inner"])) == [
                "App.feature", "App.request",
            ])
    }

    @Test("a name read after a dot anywhere, or bare inside the container's own type, counts as a read")
    func references() {
        let program = [Self.declared("C", input("a"), input("b"), input("c"))]
        #expect(Self.unused(program, references: NameReferences(memberReads: ["a"], bareReads: ["C": ["b"]])) == ["C.c"])
        // Bare inside another type is a local name of that type, not this container's member.
        #expect(
            Self.unused(program, references: NameReferences(bareReads: ["Other": ["a", "b", "c"]])) == ["C.a", "C.b", "C.c"])
    }

    @Test("a container with validateDAG: false is left out, but its reads still count")
    func leftOut() {
        let program = [Self.declared("C", input("a"), shared("b", reads: ["a"]), validateDAG: false)]
        #expect(Self.unused(program) == [])
    }

    @Test("issues are warnings by default, errors when asked, under one stable code")
    func severity() {
        let files = [ProgramFile(path: "A.swift", containers: [Self.declared("C", input("a"))])]
        let warning = UnusedMemberRule.issues(files, references: NameReferences())
        let error = UnusedMemberRule.issues(files, references: NameReferences(), severity: .error)
        #expect(warning.map(\.issue.severity) == [.warning])
        #expect(error.map(\.issue.severity) == [.error])
        #expect(warning.map(\.issue.code) == [.unusedMember])
        #expect(IssueCode.unusedMember.rawValue == "trellis.unused-member")
        #expect(
            warning.first?.issue.message
                == "input 'a' of 'C' is never read: no member, child container, service group or scanned source reads it; remove it, and the value its creator passes, or scan the sources that read it"
        )
    }
}
