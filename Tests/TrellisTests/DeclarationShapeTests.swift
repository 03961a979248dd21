import Atomics
import Testing
import Trellis

protocol Ticking: Sendable {
    func now() -> Int
}
struct SystemTicks: Ticking {
    func now() -> Int { 1_000 }
}
struct FixedTicks: Ticking {
    let value: Int
    func now() -> Int { value }
}

final class Stamp: Sendable {
    let value: Int
    init(value: Int) { self.value = value }
}

// Shapes real containers have: closure-typed inputs, inputs with defaults, the container's own
// types as member types, plain stored properties and a deprecated member read by a builder.
@DIContainer
struct ShapesContainer {
    struct Settings: Sendable {
        var retries = 3
    }
    typealias Transform = @Sendable (Int) -> Int

    @Provide(.input)
    var clock: any Ticking = SystemTicks()

    @Provide(.input)
    var now: @Sendable () -> Int

    @Provide(.input)
    var transform: Transform = { $0 + 1 }

    @Provide(.input)
    var onBuild: (@Sendable (Int) -> Void)?

    @Provide(.input)
    var settings: Settings = Settings()

    @available(*, deprecated, message: "read 'stamp'")
    @Provide(.transient, factory: { (clock: any Ticking) in Stamp(value: clock.now()) }, concrete: true)
    var legacyStamp: Stamp

    @Provide(
        .onDemand,
        factory: { (c: Self) in
            let value = c.transform(c.now() + c.settings.retries)
            c.onBuild?(value)
            return Stamp(value: value)
        }, concrete: true)
    var stamp: Stamp

    @Provide(.transient, factory: { (legacyStamp: Stamp) in Stamp(value: legacyStamp.value * 2) }, concrete: true)
    var doubledLegacy: Stamp

    let label = "shapes"
    var notes: [String]?
}

// An owner of a container whose needs name that container's own types.
@DIContainer
struct ShapesOwner: ShapesContainerDependencies {
    @Provide(.input)
    var clock: any Ticking
    @Provide(.input)
    var now: @Sendable () -> Int
    @Provide(.input)
    var transform: @Sendable (Int) -> Int
    @Provide(.input)
    var onBuild: (@Sendable (Int) -> Void)?
    @Provide(.input)
    var settings: ShapesContainer.Settings
    @Provide(.child)
    var shapes: ShapesContainer
}

@Suite("Declaration shapes from real code")
struct DeclarationShapeTests {
    @Test("a closure-typed input is stored and called; an input's initial value is its default")
    func closureInputsAndDefaults() {
        let container = ShapesContainer(now: { 10 }, onBuild: nil)
        #expect(container.clock.now() == 1_000)
        #expect(container.stamp.value == 14)
        #expect(container.stamp === container.stamp)
        #expect(container.label == "shapes")
        #expect(container.notes == nil)
    }

    @Test("a default is replaced when the creator passes the input")
    func defaultsReplaced() {
        let container = ShapesContainer(
            clock: FixedTicks(value: 5), now: { 1 }, transform: { $0 * 100 }, onBuild: nil,
            settings: ShapesContainer.Settings(retries: 0))
        #expect(container.clock.now() == 5)
        #expect(container.stamp.value == 100)
        #expect(container.doubledLegacy.value == 10)
    }

    @Test("an optional closure input is called by the factory that reads it")
    func optionalClosureInput() {
        let seen = ManagedAtomic(0)
        let container = ShapesContainer(now: { 2 }, onBuild: { seen.store($0, ordering: .relaxed) })
        _ = container.stamp
        #expect(seen.load(ordering: .relaxed) == 6)
    }

    @Test("an owner provides a child's needs typed with the child's own types")
    func ownerOfNestedTypes() {
        let owner = ShapesOwner(
            clock: FixedTicks(value: 7), now: { 3 }, transform: { $0 }, onBuild: nil,
            settings: ShapesContainer.Settings(retries: 1))
        #expect(owner.shapes.stamp.value == 4)
        #expect(owner.shapes.settings.retries == 1)
        #expect(owner.shapes.doubledLegacy.value == 14)
    }
}

// A container of concrete members says so once: no member needs its own `concrete: true`.
struct Ledger: Sendable { let entries: [String] }
struct LedgerWriter: Sendable { let ledger: Ledger }

@DIContainer(concrete: true)
struct LedgerContainer {
    @Provide(.shared, factory: Ledger(entries: ["opening"]))
    var ledger: Ledger

    @Provide(.transient, LedgerWriter.self, with: [\Self.ledger])
    var writer: LedgerWriter
}

@DIContainer(concrete: true, mainActor: true)
final class MainActorLedgerContainer {
    @Provide(.shared, factory: Ledger(entries: []))
    var ledger: Ledger
}

@Suite("@DIContainer(concrete: true)")
struct ConcreteContainerTests {
    @Test("members of concrete types need no opt-in of their own")
    @MainActor
    func concreteMembers() {
        #expect(LedgerContainer().writer.ledger.entries == ["opening"])
        #expect(MainActorLedgerContainer().ledger.entries.isEmpty)
    }
}
