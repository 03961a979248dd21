import Testing
import Trellis

// A public container is not implicitly Sendable; with async members the macro declares it.
@DIContainer
public struct PublicAsyncContainer {
    @Provide(.input)
    public var seed: Int

    @Provide(.shared, asyncFactory: { (seed: Int) async in seed + 1 }, concrete: true)
    public var next: Int
}

@Suite("Sendable containers")
struct SendableTests {
    @Test("A public container with async members is Sendable and usable from other tasks")
    func publicAsyncContainer() async {
        let container = PublicAsyncContainer(seed: 41)
        let fromAnotherTask = await Task.detached { await container.next }.value
        #expect(fromAnotherTask == 42)
        #expect(await container.next == 42)
    }
}
