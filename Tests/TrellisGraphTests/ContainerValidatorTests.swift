import Testing
import TrellisGraph

/// One row of a validator table: a container and the issues expected, as code and anchor.
struct ValidationCase: CustomTestStringConvertible, Sendable {
    let description: String
    let container: Container
    let expected: [Expected]

    struct Expected: Equatable, Sendable, CustomStringConvertible {
        let code: IssueCode
        let anchor: Anchor
        var fixes: [Fix] = []
        var description: String { "\(code.rawValue) at \(anchor) fixes \(fixes)" }
    }

    var testDescription: String { description }

    init(_ description: String, _ container: Container, _ expected: [Expected]) {
        self.description = description
        self.container = container
        self.expected = expected
    }
}

private func expect(_ code: IssueCode, _ anchor: Anchor, fixes: [Fix] = []) -> ValidationCase.Expected {
    ValidationCase.Expected(code: code, anchor: anchor, fixes: fixes)
}

private func member(_ name: String) -> Anchor { .member(container: "C", member: name) }
private func argument(_ name: String, _ argument: ProvideArgument) -> Anchor {
    .memberArgument(container: "C", member: name, argument: argument)
}
private func dependency(_ name: String, _ index: Int) -> Anchor { .dependency(container: "C", member: name, index: index) }
private func type(_ name: String) -> Anchor { .memberType(container: "C", member: name) }

private func with(_ member: Member, _ change: (inout Member) -> Void) -> Member {
    var member = member
    change(&member)
    return member
}

@Suite("ContainerValidator")
struct ContainerValidatorTests {
    @Suite("Declaration rules")
    struct DeclarationRules {
        static let cases: [ValidationCase] = [
            ValidationCase("a struct with an input is valid", container(input("a")), []),
            ValidationCase("a final class is valid", container(input("a"), kind: .finalClass), []),
            ValidationCase(
                "a non-final class is rejected with the make-final fix",
                container(kind: .openableClass), [expect(.unsupportedContainerKind, .container("C"), fixes: [.makeFinal])]),
            ValidationCase("an actor is rejected", container(kind: .actor), [expect(.unsupportedContainerKind, .container("C"))]),
            ValidationCase(
                "an enum is rejected", container(kind: .enumeration), [expect(.unsupportedContainerKind, .container("C"))]),
            ValidationCase(
                "a protocol is rejected", container(kind: .protocolDeclaration),
                [expect(.unsupportedContainerKind, .container("C"))]),
            ValidationCase(
                "two user initializers are each reported with the remove fix",
                Container(name: "C", userInitializerCount: 2),
                [
                    expect(.userDefinedInitializer, .userInitializer(container: "C", index: 0), fixes: [.removeInitializer]),
                    expect(.userDefinedInitializer, .userInitializer(container: "C", index: 1), fixes: [.removeInitializer]),
                ]),
            ValidationCase(
                "mainActor with another global actor conflicts on that attribute",
                Container(
                    name: "C", options: ContainerOptions(mainActor: true), globalActorAttributes: ["MainActor", "DatabaseActor"]),
                [expect(.mainActorConflict, .containerAttribute(container: "C", name: "DatabaseActor"))]),
            ValidationCase(
                "another global actor without mainActor is no conflict",
                Container(name: "C", globalActorAttributes: ["DatabaseActor"]), []),
            ValidationCase(
                "a nonisolated member of a mainActor container conflicts on the member",
                Container(
                    name: "C", options: ContainerOptions(mainActor: true),
                    members: [with(input("a")) { $0.isNonisolated = true }]),
                [expect(.mainActorConflict, member("a"))]),
        ]

        @Test("reports exactly the expected issues", arguments: cases)
        func rules(_ testCase: ValidationCase) {
            let issues = ContainerValidator.validate(testCase.container)
            #expect(issues.map { expect($0.code, $0.anchor, fixes: $0.fixes) } == testCase.expected)
        }
    }

    @Suite("Member rules")
    struct MemberRules {
        static let cases: [ValidationCase] = [
            ValidationCase("a shared member built by a factory is valid", container(shared("a")), []),
            ValidationCase(
                "a shared member without a factory is reported on its name",
                container(with(shared("a")) { $0.factory = nil }), [expect(.missingFactory, member("a"))]),
            ValidationCase(
                "a transient member built by AutoWiring is valid",
                container(
                    with(transient("a")) {
                        $0.factory = nil
                        $0.autoWiringType = "A"
                        $0.withEntries = []
                    }), []),
            ValidationCase(
                "an input with a factory, a type and with: reports each with its remove fix",
                container(
                    with(input("a")) {
                        $0.factory = Factory(form: .expression)
                        $0.autoWiringType = "A"
                        $0.withEntries = []
                    }),
                [
                    expect(.inputWithFactory, argument("a", .factory), fixes: [.removeArgument(.factory)]),
                    expect(.inputWithFactory, argument("a", .type), fixes: [.removeArgument(.type)]),
                    expect(.inputWithFactory, argument("a", .with), fixes: [.removeArgument(.with)]),
                ]),
            ValidationCase(
                "an input with an asyncFactory is reported on it",
                container(with(input("a")) { $0.asyncFactory = Factory(form: .expression, isAsync: true) }),
                [expect(.asyncFactoryOnInput, argument("a", .asyncFactory), fixes: [.removeArgument(.asyncFactory)])]),
            ValidationCase(
                "factory and asyncFactory together conflict",
                container(with(asyncShared("a")) { $0.factory = Factory(form: .expression) }),
                [expect(.conflictingFactories, argument("a", .asyncFactory))]),
            ValidationCase(
                "AutoWiring with a factory conflicts on the factory",
                container(with(shared("a")) { $0.autoWiringType = "A" }),
                [expect(.conflictingFactories, argument("a", .factory))]),
            ValidationCase(
                "an asyncFactory closure that is not async offers to add async",
                container(with(asyncShared("a")) { $0.asyncFactory?.isAsync = false }),
                [expect(.asyncFactoryNotAsync, argument("a", .asyncFactory), fixes: [.addAsyncEffect])]),
            ValidationCase(
                "an asyncFactory that is an expression has no fix",
                container(
                    with(shared("a")) {
                        $0.factory = nil
                        $0.asyncFactory = Factory(form: .expression)
                    }),
                [expect(.asyncFactoryNotAsync, argument("a", .asyncFactory))]),
            ValidationCase(
                "an async closure in factory offers the asyncFactory label",
                container(with(shared("a")) { $0.factory?.isAsync = true }),
                [expect(.asyncClosureInFactory, argument("a", .factory), fixes: [.useAsyncFactoryLabel])]),
            ValidationCase(
                "a concrete named type offers both fixes",
                container(with(shared("a")) { $0.type = MemberType("Client", kind: .concrete) }),
                [expect(.concreteTypeWithoutOptIn, type("a"), fixes: [.addConcreteOptIn, .makeTypeExistential])]),
            ValidationCase(
                "a concrete array type offers only the opt-in",
                container(with(shared("a")) { $0.type = MemberType("[Client]", kind: .concrete) }),
                [expect(.concreteTypeWithoutOptIn, type("a"), fixes: [.addConcreteOptIn])]),
            ValidationCase(
                "a concrete type in a container declared concrete is valid",
                {
                    var declared = container(with(shared("a")) { $0.type = MemberType("Client", kind: .concrete) })
                    declared.options.concrete = true
                    return declared
                }(), []),
            ValidationCase(
                "a standard library type offers only the opt-in",
                container(with(shared("a")) { $0.type = MemberType("Int", kind: .concrete) }),
                [expect(.concreteTypeWithoutOptIn, type("a"), fixes: [.addConcreteOptIn])]),
            ValidationCase(
                "a concrete type with the opt-in is valid",
                container(
                    with(shared("a")) {
                        $0.type = MemberType("Client", kind: .concrete)
                        $0.concreteOptIn = true
                    }), []),
            ValidationCase(
                "a concrete input needs no opt-in",
                container(with(input("a")) { $0.type = MemberType("String", kind: .concrete) }), []),
            ValidationCase(
                "an opaque shared member is reported with the transient fix first, then the any fix",
                container(with(shared("a")) { $0.type = MemberType("some P", kind: .opaque) }),
                [expect(.opaqueTypeRequiresTransient, type("a"), fixes: [.makeTransient, .replaceOpaqueWithExistential])]),
            ValidationCase(
                "an opaque shared service is reported with the any fix alone: a service is one instance",
                container(
                    with(shared("a")) {
                        $0.type = MemberType("some P", kind: .opaque)
                        $0.isService = true
                    }),
                [expect(.opaqueTypeRequiresTransient, type("a"), fixes: [.replaceOpaqueWithExistential])]),
            ValidationCase(
                "an opaque transient member is valid",
                container(with(transient("a")) { $0.type = MemberType("some P", kind: .opaque) }), []),
            ValidationCase(
                "with: without a type is reported on with: after the missing factory",
                container(
                    input("b"),
                    with(shared("a")) {
                        $0.factory = nil
                        $0.withEntries = ["b"]
                    }),
                [expect(.missingFactory, member("a")), expect(.withWithoutType, argument("a", .with))]),
        ]

        @Test("reports exactly the expected issues", arguments: cases)
        func rules(_ testCase: ValidationCase) {
            let issues = ContainerValidator.validate(testCase.container)
            #expect(issues.map { expect($0.code, $0.anchor, fixes: $0.fixes) } == testCase.expected)
        }
    }

    @Suite("Dependency rules")
    struct DependencyRules {
        static let cases: [ValidationCase] = [
            ValidationCase("reading an existing member is valid", container(input("a"), shared("b", reads: ["a"])), []),
            ValidationCase(
                "a near-miss unknown member offers the rename",
                container(input("session"), shared("b", reads: ["sesion"])),
                [expect(.unknownMember, dependency("b", 0), fixes: [.renameDependency(to: "session")])]),
            ValidationCase(
                "an unknown member with nothing close has no fix",
                container(input("session"), shared("b", reads: ["timeout"])), [expect(.unknownMember, dependency("b", 0))]),
            ValidationCase(
                "a member never suggests itself",
                container(shared("session", reads: ["sesion"])), [expect(.unknownMember, dependency("session", 0))]),
            ValidationCase(
                "a synchronous member reading an async one is reported on the read, with the whole fix",
                container(asyncShared("a"), shared("b", reads: ["a"])),
                [expect(.synchronousReadsAsynchronous, dependency("b", 0), fixes: [.makeAsyncFactory(throws: false)])]),
            ValidationCase(
                "a synchronous member reading an async and a throwing member gets one fix, async and throwing",
                container(asyncShared("a"), transient("t", throwing: true), shared("b", reads: ["t", "a"])),
                [expect(.synchronousReadsAsynchronous, dependency("b", 1), fixes: [.makeAsyncFactory(throws: true)])]),
            ValidationCase(
                "an async member reading an async one is valid", container(asyncShared("a"), asyncShared("b", reads: ["a"])), []),
            ValidationCase(
                "reading a throwing transient without throws offers to add it",
                container(transient("a", throwing: true), shared("b", reads: ["a"])),
                [expect(.readsThrowingWithoutThrows, dependency("b", 0), fixes: [.addThrowsEffect])]),
            ValidationCase(
                "reading a throwing synchronous shared member needs no throws (the initializer throws)",
                container(shared("a", throwing: true), shared("b", reads: ["a"])), []),
            ValidationCase(
                "reading a throwing transient with throws is valid",
                container(transient("a", throwing: true), shared("b", reads: ["a"], throwing: true)), []),
            ValidationCase(
                "a two-member cycle is reported once on the first declared",
                container(shared("a", reads: ["b"]), shared("b", reads: ["a"])), [expect(.dependencyCycle, member("a"))]),
            ValidationCase(
                "a self cycle is reported on the read", container(shared("a", reads: ["a"])),
                [expect(.dependencyCycle, .dependency(container: "C", member: "a", index: 0))]),
        ]

        @Test("reports exactly the expected issues", arguments: cases)
        func rules(_ testCase: ValidationCase) {
            let issues = ContainerValidator.validate(testCase.container)
            #expect(issues.map { expect($0.code, $0.anchor, fixes: $0.fixes) } == testCase.expected)
        }

        @Test("the cycle message names the path, the member to stop reading, and the Lazy parameter that would")
        func cycleMessage() {
            let issues = ContainerValidator.validate(
                container(shared("a", reads: ["b"]), shared("b", reads: ["c"]), shared("c", reads: ["a"])))
            #expect(
                issues.map(\.message) == [
                    "dependency cycle: a -> b -> c -> a; break it by declaring the parameter 'b' of 'a' as 'Lazy<any P>' (read when first called, after the container exists), with an .input or a factory that does not read 'b'"
                ])
        }

        @Test(
            "the cycle message offers no Lazy where Trellis cannot give one",
            arguments: [
                // The member read awaits; a Lazy cannot await.
                container(shared("a", reads: ["b"]), asyncShared("b", reads: ["a"])),
                // The member read throws; a Lazy cannot throw.
                container(shared("a", reads: ["b"]), transient("b", reads: ["a"], throwing: true)),
                // A container isolated to another global actor gives no Lazy (its calls would
                // leave the actor); a main-actor one reads it on the main actor.
                Container(
                    name: "C", members: [shared("a", reads: ["b"]), shared("b", reads: ["a"])],
                    globalActorAttributes: ["DatabaseActor"]),
            ])
        func cycleMessageWithoutLazy(in container: Container) {
            let issues = ContainerValidator.validate(container).filter { $0.code == .dependencyCycle }
            #expect(
                issues.map(\.message) == [
                    "dependency cycle: a -> b -> a; break it with an .input or a factory that does not read 'b'"
                ])
        }

        @Test("the unknown-member message suggests the near member")
        func unknownMemberMessage() {
            let issues = ContainerValidator.validate(container(input("session"), shared("b", reads: ["sesion"])))
            #expect(issues.map(\.message) == ["'b' reads 'sesion', which is not a member of 'C'; did you mean 'session'?"])
        }
    }

    @Test("validation is deterministic: the same container gives the same issues in the same order")
    func deterministic() {
        let broken = container(
            shared("a", reads: ["b", "x"]), shared("b", reads: ["a"]),
            with(input("c")) { $0.factory = Factory(form: .expression) },
            kind: .openableClass)
        let first = ContainerValidator.validate(broken)
        #expect(first.count == 4)
        for _ in 0..<5 { #expect(ContainerValidator.validate(broken) == first) }
    }
}
