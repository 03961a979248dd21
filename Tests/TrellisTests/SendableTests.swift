import Testing
import Trellis

// A public container is not implicitly Sendable: declared so, its async members start building
// in tasks when it is created, and it can be read from any task.
@DIContainer
public struct PublicAsyncContainer: Sendable {
    @Provide(.input)
    public var seed: Int

    @Provide(.shared, asyncFactory: { (seed: Int) async in seed + 1 }, concrete: true)
    public var next: Int
}

// An internal struct is implicitly Sendable when its stored values are; keeping the values of a
// struct container in one reference (ContainerStorage) must not take that away.
@DIContainer
struct ImplicitlySendableOnDemandContainer {
    @Provide(.input)
    var seed: Int

    @Provide(.onDemand, factory: { (seed: Int) in "report \(seed)" }, concrete: true)
    var report: String
}

@Suite("Sendable containers")
struct SendableTests {
    @Test("A public container declared Sendable, with async members, is usable from other tasks")
    func publicAsyncContainer() async {
        let container = PublicAsyncContainer(seed: 41)
        let fromAnotherTask = await Task.detached { await container.next }.value
        #expect(fromAnotherTask == 42)
        #expect(await container.next == 42)
    }

    @Test("An internal struct container with on-demand members stays implicitly Sendable")
    func implicitlySendableOnDemandContainer() async {
        let container = ImplicitlySendableOnDemandContainer(seed: 3)
        let fromAnotherTask = await Task.detached { container.report }.value
        #expect(fromAnotherTask == "report 3")
    }
}
