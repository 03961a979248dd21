import Testing
import TrellisGraph

@Suite("BuildPlan")
struct BuildPlanTests {
    @Suite("Members the container may keep")
    struct Kept {
        @Test("shared and on-demand members, and all they read through any access, transitively; not the rest")
        func keptMembers() throws {
            var handle = transient("handle", reads: ["runner", "request"])
            handle.dependencies = [
                Dependency("runner", origin: .closureParameter, access: .provider),
                Dependency("request", origin: .closureParameter, access: .function),
            ]
            var runner = shared("runner")
            runner.dependencies = [Dependency("job", origin: .closureParameter, access: .provider)]
            var report = transient("report")
            report.scope = .onDemand
            report.dependencies = [Dependency("renderer", origin: .closureParameter, access: .lazy)]
            let plan = try #require(
                BuildPlan(
                    container(
                        input("queue"), transient("job", reads: ["step"]), transient("step"), runner, handle,
                        transient("request"), report, transient("renderer"), transient("app", reads: ["handle"]))))
            #expect(plan.membersItMayKeep == ["runner", "job", "step", "report", "renderer"])
        }

        @Test("every member, in a container with children, which may read any of them")
        func children() throws {
            var child = input("child")
            child.scope = .child
            let plan = try #require(BuildPlan(container(transient("app"), child)))
            #expect(plan.membersItMayKeep == ["app", "child"])
        }
    }

    @Suite("Order")
    struct Order {
        @Test("places each member after the members it reads, even when declared before them")
        func readsComeFirst() throws {
            let plan = try #require(BuildPlan(container(shared("c", reads: ["b"]), shared("b", reads: ["a"]), input("a"))))
            #expect(plan.order.map(\.name) == ["a", "b", "c"])
        }

        @Test("keeps declaration order between members that do not read each other")
        func tiesKeepDeclarationOrder() throws {
            let plan = try #require(BuildPlan(container(shared("z"), input("y"), shared("x"), shared("w", reads: ["x"]))))
            #expect(plan.order.map(\.name) == ["z", "y", "x", "w"])
        }

        @Test("is nil for a cycle")
        func cycle() {
            #expect(BuildPlan(container(shared("a", reads: ["b"]), shared("b", reads: ["a"]))) == nil)
        }

        @Test("is nil when a member reads itself or two members share a name")
        func selfReadAndDuplicateNames() {
            #expect(BuildPlan(container(input("a"), shared("b", reads: ["b"]))) == nil)
            #expect(BuildPlan(container(input("a"), shared("a"))) == nil)
        }

        @Test(
            "builds, of the members ready at each step, the one declared first, in every random DAG",
            arguments: Array(UInt64(200)...UInt64(230)))
        func earliestReadyMemberFirst(seed: UInt64) throws {
            let graph = RandomDAG(seed: seed, size: 10 + Int(seed % 40))
            let plan = try #require(BuildPlan(graph.container))
            #expect(plan.order.map(\.name) == Self.declarationOrderFirst(graph.members).map(\.name))
        }

        /// The definition, written the obvious quadratic way: repeatedly place the first declared
        /// member whose reads are all placed.
        static func declarationOrderFirst(_ members: [Member]) -> [Member] {
            var placed: Set<String> = []
            var order: [Member] = []
            while let next = members.first(where: { member in
                !placed.contains(member.name) && member.dependencyNames.allSatisfy { placed.contains($0) }
            }) {
                order.append(next)
                placed.insert(next.name)
            }
            return order
        }

        @Test("is nil when a member reads an unknown member")
        func unknownMember() {
            #expect(BuildPlan(container(shared("a", reads: ["missing"]))) == nil)
        }

        @Test(
            "orders every random DAG so that each member comes after what it reads", arguments: Array(UInt64(100)...UInt64(140)))
        func randomDAG(seed: UInt64) throws {
            let graph = RandomDAG(seed: seed, size: 6 + Int(seed % 23))
            let plan = try #require(BuildPlan(graph.container))
            #expect(plan.order.count == graph.members.count)
            #expect(Set(plan.order.map(\.name)) == Set(graph.members.map(\.name)))
            let position = Dictionary(uniqueKeysWithValues: plan.order.enumerated().map { ($1.name, $0) })
            for member in graph.members {
                for read in member.dependencyNames {
                    #expect(position[read]! < position[member.name]!, "\(member.name) is built before \(read), which it reads")
                }
            }
        }
    }

    @Suite("Effects")
    struct Effects {
        @Test("throwing members are those with a throwing factory, never inputs")
        func throwingMembers() throws {
            var throwingInput = input("i")
            throwingInput.factory = Factory(form: .expression, isThrowing: true)
            let plan = try #require(
                BuildPlan(container(throwingInput, shared("a", throwing: true), transient("b", throwing: true), shared("c"))))
            #expect(plan.throwingMembers == ["a", "b"])
        }

        @Test("the initializer throws for a throwing synchronous shared member")
        func initializerThrowsForShared() throws {
            #expect(try #require(BuildPlan(container(shared("a", throwing: true)))).initializerThrows)
        }

        @Test("the initializer does not throw for throwing transient or async members")
        func initializerDoesNotThrowOtherwise() throws {
            let plan = try #require(BuildPlan(container(transient("a", throwing: true), asyncShared("b", throwing: true))))
            #expect(!plan.initializerThrows)
            #expect(plan.hasAsyncMembers)
        }

        @Test("a container without async factories has no async members")
        func noAsyncMembers() throws {
            #expect(try !#require(BuildPlan(container(input("a"), shared("b", reads: ["a"])))).hasAsyncMembers)
        }
    }

    @Suite("Transients read at initialization")
    struct TransientsReadAtInitialization {
        @Test("are the transients a shared member reads, directly or through other transients")
        func transitive() throws {
            let plan = try #require(
                BuildPlan(
                    container(
                        transient("t1"), transient("t2", reads: ["t1"]), shared("s", reads: ["t2"]), transient("t3"),
                        transient("t4", reads: ["s"]))))
            #expect(plan.transientsReadAtInitialization == ["t1", "t2"])
        }

        @Test("stop at shared members, which are already built")
        func stopsAtShared() throws {
            let plan = try #require(
                BuildPlan(
                    container(
                        transient("t1"), shared("s1", reads: ["t1"]), transient("t2", reads: ["s1"]), shared("s2", reads: ["s1"]))
                ))
            #expect(plan.transientsReadAtInitialization == ["t1"])
        }
    }
}
