import Testing
import TrellisGraph

@Suite("ProgramValidator: the whole-program rules")
struct ProgramValidatorTests {
    private func container(_ name: String, builds: [String: String] = [:], validateDAG: Bool = true) -> Container {
        Container(
            name: name,
            options: ContainerOptions(validateDAG: validateDAG),
            members: builds.sorted { $0.key < $1.key }.map { member, type in
                Member(
                    name: member, type: MemberType(type, kind: .concrete), scope: .transient,
                    factory: Factory(form: .expression), concreteOptIn: true, constructedTypes: [type])
            })
    }

    private func wholeProgramCodes(_ files: [ProgramFile]) -> [IssueCode] {
        ProgramValidator.validate(files).map(\.issue.code)
    }

    @Suite("container cycles")
    struct Cycles {
        let base = ProgramValidatorTests()

        @Test("two containers building each other are one cycle, anchored at the first one's member")
        func twoContainers() {
            let files = [
                ProgramFile(path: "A.swift", containers: [DeclaredContainer(base.container("A", builds: ["b": "B"]))]),
                ProgramFile(path: "B.swift", containers: [DeclaredContainer(base.container("B", builds: ["a": "A"]))]),
            ]
            let issues = ProgramValidator.validate(files)
            #expect(issues.count == 1)
            #expect(issues.first?.file == "A.swift")
            #expect(issues.first?.container == "A")
            #expect(issues.first?.issue.code == .containerCycle)
            #expect(issues.first?.issue.anchor == .member(container: "A", member: "b"))
            #expect(issues.first?.issue.message.hasPrefix("container cycle: A -> B -> A (A.b builds B, B.a builds A)") == true)
        }

        @Test("a container building itself is a cycle")
        func selfCycle() {
            let files = [
                ProgramFile(path: "A.swift", containers: [DeclaredContainer(base.container("A", builds: ["again": "A"]))])
            ]
            #expect(base.wholeProgramCodes(files) == [.containerCycle])
        }

        @Test("a container marked validateDAG: false breaks no cycle report of its own")
        func excluded() {
            let files = [
                ProgramFile(
                    path: "A.swift",
                    containers: [
                        DeclaredContainer(base.container("A", builds: ["b": "B"], validateDAG: false)),
                        DeclaredContainer(base.container("B", builds: ["a": "A"])),
                        DeclaredContainer(base.container("C", builds: ["c": "C"], validateDAG: false)),
                    ])
            ]
            #expect(base.wholeProgramCodes(files) == [])
        }

        @Test("a chain is not a cycle")
        func chain() {
            let files = [
                ProgramFile(
                    path: "A.swift",
                    containers: [
                        DeclaredContainer(base.container("A", builds: ["b": "B", "c": "C"])),
                        DeclaredContainer(base.container("B", builds: ["c": "C"])),
                        DeclaredContainer(base.container("C")),
                    ])
            ]
            #expect(base.wholeProgramCodes(files) == [])
        }

        @Test("a name is looked up in the enclosing scopes first, as Swift does")
        func lexicalLookup() {
            // `Feature.Container` builds `Container`, which is itself (not the top-level one).
            let files = [
                ProgramFile(
                    path: "A.swift",
                    containers: [
                        DeclaredContainer(
                            base.container("Container", builds: ["inner": "Container"]), qualifiedName: "Feature.Container"),
                        DeclaredContainer(base.container("Container")),
                    ])
            ]
            let issues = ProgramValidator.validate(files)
            #expect(issues.map(\.issue.code) == [.containerCycle])
            #expect(issues.first?.container == "Feature.Container")
        }
    }

    @Suite("names declared twice")
    struct Ambiguity {
        let base = ProgramValidatorTests()

        @Test("each declaration of a duplicated name is reported, naming the other files")
        func duplicated() {
            let files = [
                ProgramFile(path: "A.swift", containers: [DeclaredContainer(base.container("Session"))]),
                ProgramFile(path: "B.swift", containers: [DeclaredContainer(base.container("Session"))]),
            ]
            let issues = ProgramValidator.validate(files)
            #expect(issues.map(\.issue.code) == [.ambiguousContainer, .ambiguousContainer])
            #expect(issues.map(\.file) == ["A.swift", "B.swift"])
            #expect(
                issues[0].issue.message
                    == "container 'Session' is declared 2 times (also in B.swift), so references to it are ambiguous; rename one, or mark the ones to leave out 'validateDAG: false'"
            )
            #expect(issues[0].issue.anchor == .container("Session"))
        }

        @Test("the same simple name in different enclosing types is not a duplicate")
        func nested() {
            let files = [
                ProgramFile(
                    path: "A.swift",
                    containers: [
                        DeclaredContainer(base.container("Container"), qualifiedName: "Feature.Container"),
                        DeclaredContainer(base.container("Container"), qualifiedName: "Settings.Container"),
                    ])
            ]
            #expect(base.wholeProgramCodes(files) == [])
        }

        @Test("declarations marked validateDAG: false do not count")
        func excluded() {
            let files = [
                ProgramFile(path: "A.swift", containers: [DeclaredContainer(base.container("Session"))]),
                ProgramFile(path: "B.swift", containers: [DeclaredContainer(base.container("Session", validateDAG: false))]),
            ]
            #expect(base.wholeProgramCodes(files) == [])
        }
    }

    @Suite("initializers in extensions")
    struct ExtensionInitializers {
        let base = ProgramValidatorTests()

        @Test("an init in another file's extension is a cross-file initializer, one issue per init")
        func crossFile() {
            let files = [
                ProgramFile(path: "A.swift", containers: [DeclaredContainer(base.container("App"))]),
                ProgramFile(
                    path: "B.swift",
                    extensions: [
                        TypeExtension(typeName: "App", initializerCount: 1), TypeExtension(typeName: "App", initializerCount: 2),
                    ]),
            ]
            let issues = ProgramValidator.validate(files)
            #expect(issues.map(\.issue.code) == [.crossFileInitializer, .crossFileInitializer, .crossFileInitializer])
            #expect(issues.map(\.issue.anchor) == (0..<3).map { .extensionInitializer(type: "App", index: $0) })
            #expect(issues.allSatisfy { $0.file == "B.swift" && $0.container == nil && $0.issue.fixes == [.removeInitializer] })
        }

        @Test("an init in a same-file extension is a user-defined initializer")
        func sameFile() {
            let files = [
                ProgramFile(
                    path: "A.swift", containers: [DeclaredContainer(base.container("App"))],
                    extensions: [TypeExtension(typeName: "App", initializerCount: 1)])
            ]
            #expect(base.wholeProgramCodes(files) == [.userDefinedInitializer])
        }

        @Test("extensions of other types, and of containers marked validateDAG: false, are left alone")
        func leftAlone() {
            let files = [
                ProgramFile(path: "A.swift", containers: [DeclaredContainer(base.container("Legacy", validateDAG: false))]),
                ProgramFile(
                    path: "B.swift",
                    extensions: [
                        TypeExtension(typeName: "Legacy", initializerCount: 1),
                        TypeExtension(typeName: "String", initializerCount: 1),
                    ]),
            ]
            #expect(base.wholeProgramCodes(files) == [])
        }
    }

    @Test("each container's own rules run too, with the container's file and qualified name")
    func containerRules() {
        let broken = Container(
            name: "Inner", members: [Member(name: "service", type: MemberType("any Service", kind: .existential))])
        let issues = ProgramValidator.validate([
            ProgramFile(path: "A.swift", containers: [DeclaredContainer(broken, qualifiedName: "Outer.Inner")])
        ])
        #expect(issues.map(\.issue.code) == [.missingFactory])
        #expect(issues.first?.container == "Outer.Inner")
    }
}
