import Atomics
import Testing
import Trellis

// Scopes that read their parent (`@DIContainer(parent:)`, the Hierarchy article's "A scope that reads
// its parent"): every name a member reads that the scope does not declare comes from the parent,
// through a factory's parameter, a `with:` key path, `c.member`, a `Provider`, or a kept `.input`.

final class Journal: Sendable {
    let writes = ManagedAtomic(0)
    let name: String
    init(name: String) { self.name = name }
}

struct JournalEntry: Sendable, Equatable {
    let ledger: String
    let requestID: String
    let prefix: String
}

struct JournalWriter: Sendable {
    let ledger: Journal
    let requestID: String
    init(ledger: Journal, requestID: String) {
        self.ledger = ledger
        self.requestID = requestID
        ledger.writes.wrappingIncrement(ordering: .relaxed)
    }
}

@DIContainer(root: true, concrete: true)
final class JournalApp: Sendable {
    @Provide(.input) var prefix: String
    @Provide(.shared, factory: { Journal(name: "main") }) var ledger: Journal
    /// A new number on every read: a scope reads it through the parent, not once.
    @Provide(.transient, factory: { TicketCounter.next() }) var ticket: Int
    @Assisted(.scope) func request(id requestID: String) -> JournalRequest
    /// A router-like value holding the scope function, as the Vapor guide's controllers do.
    @Provide(.transient, factory: { (c: Self) in JournalRoutes(open: c.request) })
    var routes: JournalRoutes
}

struct JournalRoutes: Sendable {
    let open: @Sendable (String) -> JournalRequest
}

enum TicketCounter {
    static let value = ManagedAtomic(0)
    static func next() -> Int { value.wrappingIncrementThenLoad(ordering: .relaxed) }
}

@DIContainer(parent: JournalApp.self, concrete: true)
final class JournalRequest: Sendable {
    @Provide(.argument) var requestID: String
    /// Kept as an `.input`: read from the parent once, when the scope is created.
    @Provide(.input) var prefix: String

    @Provide(.shared, JournalWriter.self, with: [\Self.ledger, \Self.requestID]) var writer: JournalWriter

    @Provide(.transient, factory: { (c: Self) in JournalEntry(ledger: c.ledger.name, requestID: c.requestID, prefix: c.prefix) })
    var entry: JournalEntry

    @Provide(.transient, factory: { (ticket: Int, requestID: String) in "\(requestID)#\(ticket)" }) var label: String

    @Provide(.shared, factory: { (ticket: Provider<Int>) in ticket }) var tickets: Provider<Int>

    @Assisted(.scope) func step(number: Int) -> JournalStep
}

/// A scope of a scope: what neither declares comes from the grandparent, through the parent.
@DIContainer(parent: JournalRequest.self, concrete: true)
final class JournalStep: Sendable {
    @Provide(.argument) var number: Int
    @Provide(
        .transient, factory: { (ledger: Journal, requestID: String, number: Int) in "\(ledger.name)/\(requestID)/\(number)" })
    var path: String
}

@Suite("A scope reading its parent")
struct ParentScopeTests {
    @Test("members built from the parent's members, by parameter, key path, c.member and .input")
    func readsTheParent() {
        let app = JournalApp(prefix: "app")
        let scope = app.request(id: "r1")
        #expect(scope.writer.ledger === app.ledger)
        #expect(scope.writer.requestID == "r1")
        #expect(scope.entry == JournalEntry(ledger: "main", requestID: "r1", prefix: "app"))
        #expect(app.ledger.writes.load(ordering: .relaxed) == 1)
    }

    @Test("the parent's members read through the scope itself, by dynamic member lookup")
    func dynamicMembers() {
        let app = JournalApp(prefix: "p")
        let scope = app.request(id: "r2")
        #expect(scope.ledger === app.ledger)
        let path: KeyPath<JournalRequest, Journal> = \JournalRequest.ledger
        #expect(scope[keyPath: path] === app.ledger)
    }

    @Test("a transient of the parent is built on every read, a provider of it too")
    func transientsStayTransient() {
        let scope = JournalApp(prefix: "p").request(id: "r3")
        let first = scope.label
        let second = scope.label
        #expect(first != second)
        #expect(first.hasPrefix("r3#"))
        let a = scope.tickets()
        let b = scope.tickets()
        #expect(b > a)
    }

    @Test("a transient taking the scope function through the container creates scopes with it")
    func scopeFunctionAsValue() {
        let routes = JournalApp(prefix: "p").routes
        let scope = routes.open("r9")
        #expect(scope.requestID == "r9")
        #expect(scope.entry == JournalEntry(ledger: "main", requestID: "r9", prefix: "p"))
    }

    @Test("a scope of a scope reads its grandparent's members through its parent")
    func grandparent() {
        let app = JournalApp(prefix: "p")
        let step = app.request(id: "r4").step(number: 2)
        #expect(step.path == "main/r4/2")
        #expect(step.ledger === app.ledger)
    }

    @Test("a test creates the scope from the parent with overrides of its own")
    func overridesInTests() {
        let app = JournalApp(prefix: "p", ledger: Journal(name: "test"))
        let scope = JournalRequest(
            dependencies: app, requestID: "t", entry: JournalEntry(ledger: "x", requestID: "y", prefix: "z"))
        #expect(scope.writer.ledger.name == "test")
        #expect(scope.entry == JournalEntry(ledger: "x", requestID: "y", prefix: "z"))
    }

    @Test("the scope keeps its parent alive, the parent does not keep the scope")
    func lifetimes() {
        weak var weakScope: JournalRequest?
        weak var weakApp: JournalApp?
        var scope: JournalRequest?
        do {
            let app = JournalApp(prefix: "p")
            weakApp = app
            scope = app.request(id: "life")
            weakScope = scope
        }
        #expect(weakApp != nil)
        scope = nil
        #expect(weakScope == nil)
        #expect(weakApp == nil)
    }
}

// The same on the main actor: the conformance is isolated, so the parent is read there.
@MainActor
final class PanelModel {
    let title: String
    init(title: String) { self.title = title }
}

@DIContainer(root: true, concrete: true, mainActor: true)
final class PanelApp {
    @Provide(.input) var title: String
    @Provide(.shared, factory: { (title: String) in PanelModel(title: title) }) var model: PanelModel
    @Assisted(.scope) func panel(id panelID: Int) -> PanelScope
}

@DIContainer(parent: PanelApp.self, concrete: true, mainActor: true)
final class PanelScope {
    @Provide(.argument) var panelID: Int
    @Provide(.transient, factory: { (model: PanelModel, panelID: Int) in "\(model.title) #\(panelID)" }) var heading: String
}

@Suite("A main-actor scope reading its main-actor parent")
@MainActor
struct MainActorParentScopeTests {
    @Test("reads the parent's members on the main actor")
    func reads() {
        let app = PanelApp(title: "Inbox")
        let scope = app.panel(id: 3)
        #expect(scope.heading == "Inbox #3")
        #expect(scope.model === app.model)
    }
}
