import Testing
import Trellis

protocol WeatherRepository: Sendable {
    func city() -> String
}
struct WeatherRepositoryImpl: WeatherRepository {
    let apiClient: any APIClientProtocol
    let cache: any CacheProtocol
    func city() -> String { "\(apiClient.baseURL)/\(cache.label)" }
}
struct MemoryCache: CacheProtocol {
    var label: String { "memory" }
}

@MainActor
final class WeatherViewModel {
    let repository: any WeatherRepository
    // The seed labels this `repository:`; AutoWiring passes each `with:` member under its own name,
    // so the label must be the member's name, `weatherRepository:`.
    init(weatherRepository: any WeatherRepository) {
        self.repository = weatherRepository
    }
}

// InnoDI's Korean README, "clean architecture" example, with `\Self.` key paths.
@DIContainer(mainActor: true)
struct WeatherContainer {
    @Provide(.input)
    var baseURL: String

    @Provide(.shared, APIClient.self, with: [\Self.baseURL])
    var apiClient: any APIClientProtocol

    @Provide(.shared, factory: { MemoryCache() })
    var cache: any CacheProtocol

    @Provide(.shared, WeatherRepositoryImpl.self, with: [\Self.apiClient, \Self.cache])
    var weatherRepository: any WeatherRepository

    @Provide(.transient, WeatherViewModel.self, with: [\Self.weatherRepository], concrete: true)
    var weatherViewModel: WeatherViewModel
}

@MainActor
final class Counter {
    var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}

// A main-actor container whose async members are built on the main actor.
@DIContainer(mainActor: true)
final class MainActorAsyncContainer {
    @Provide(.input)
    var counter: Counter

    @Provide(
        .shared,
        asyncFactory: { (counter: Counter) async in
            MainActor.assertIsolated()
            return counter.next()
        }, concrete: true)
    var first: Int
}

// A view and its presenter that need each other (a VIPER pair, wired in Swinject with
// `initCompleted`): the presenter takes the view as a Lazy, read on the main actor when it is
// first needed.
@MainActor
protocol ScreenView: AnyObject {
    var presenter: any ScreenPresenter { get }
}
@MainActor
protocol ScreenPresenter: AnyObject {
    func view() -> any ScreenView
}
@MainActor
final class ListView: ScreenView {
    let presenter: any ScreenPresenter
    init(presenter: any ScreenPresenter) { self.presenter = presenter }
}
@MainActor
final class ListPresenter: ScreenPresenter {
    let lazyView: Lazy<any ScreenView>
    init(view: Lazy<any ScreenView>) { self.lazyView = view }
    func view() -> any ScreenView { lazyView() }
}
@MainActor
final class ScreenDetailOpener {
    let makeDetail: Provider<ScreenDetail>
    init(makeDetail: Provider<ScreenDetail>) { self.makeDetail = makeDetail }
}
@MainActor
final class ScreenDetail {}

/// A coordinator that opens screens by calling the container's functions, as a Swinject app's
/// router resolves them.
@MainActor
final class Coordinator {
    let openDetail: (Int) -> ScreenDetailModel
    let openChecked: (Int) throws -> ScreenDetailModel
    init(openDetail: @escaping (Int) -> ScreenDetailModel, openChecked: @escaping (Int) throws -> ScreenDetailModel) {
        self.openDetail = openDetail
        self.openChecked = openChecked
    }
}
@MainActor
final class ScreenDetailModel {
    let id: Int
    init(id: Int) { self.id = id }
}
struct NegativeID: Error {}

@DIContainer(mainActor: true)
final class CoordinatedApp {
    @Assisted(factory: { (id: Int) in ScreenDetailModel(id: id) })
    func detail(id: Int) -> ScreenDetailModel
    @Assisted(factory: { (id: Int) throws in
        guard id >= 0 else { throw NegativeID() }
        return ScreenDetailModel(id: id)
    })
    func checkedDetail(id: Int) throws -> ScreenDetailModel
    @Provide(
        .shared,
        factory: { (detail: @escaping (Int) -> ScreenDetailModel, checkedDetail: @escaping (Int) throws -> ScreenDetailModel) in
            Coordinator(openDetail: detail, openChecked: checkedDetail)
        }, concrete: true)
    var coordinator: Coordinator
}

/// A value moved across isolation by force, to make the call the compiler would refuse.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

@DIContainer(mainActor: true)
final class PairedScreenContainer {
    @Provide(.shared, factory: { (presenter: any ScreenPresenter) in ListView(presenter: presenter) as any ScreenView })
    var view: any ScreenView
    @Provide(.shared, factory: { (view: Lazy<any ScreenView>) in ListPresenter(view: view) as any ScreenPresenter })
    var presenter: any ScreenPresenter
    @Provide(.transient, factory: { ScreenDetail() }, concrete: true)
    var detail: ScreenDetail
    @Provide(.shared, factory: { (detail: Provider<ScreenDetail>) in ScreenDetailOpener(makeDetail: detail) }, concrete: true)
    var opener: ScreenDetailOpener
}

// The same pair in a struct container, which its link makes again from its storage.
@DIContainer(mainActor: true)
struct PairedScreenStructContainer {
    @Provide(.shared, factory: { (presenter: any ScreenPresenter) in ListView(presenter: presenter) as any ScreenView })
    var view: any ScreenView
    @Provide(.shared, factory: { (view: Lazy<any ScreenView>) in ListPresenter(view: view) as any ScreenPresenter })
    var presenter: any ScreenPresenter
}

@Suite("Main actor containers")
@MainActor
struct MainActorTests {
    @Test("A mainActor container wires main-actor view models from shared members")
    func seedCleanArchitecture() {
        let container = WeatherContainer(baseURL: "https://api.weather.com")
        let viewModel = container.weatherViewModel
        #expect(viewModel.repository.city() == "https://api.weather.com/memory")
        #expect(container.weatherViewModel !== viewModel)
    }

    @Test("Async members of a mainActor container build on the main actor")
    func asyncOnMainActor() async {
        let counter = Counter()
        let container = MainActorAsyncContainer(counter: counter)
        #expect(await container.first == 1)
        #expect(await container.first == 1)
        #expect(counter.value == 1)
    }

    @Test("A mainActor container gives Lazy and Provider values read on the main actor: a view and its presenter")
    func lazyAndProviderOnMainActor() {
        let container = PairedScreenContainer()
        #expect(container.presenter.view() === container.view)
        #expect(container.view.presenter === container.presenter)
        let opener = container.opener
        #expect(opener.makeDetail() !== opener.makeDetail())

        let structContainer = PairedScreenStructContainer()
        #expect(structContainer.presenter.view() === structContainer.view)
    }

    @Test("A Lazy of a mainActor container called off the main actor stops the program")
    func lazyOffMainActor() async {
        // Swift's own main-actor check stops it (on Linux, libdispatch's queue assertion, which
        // prints no message of Trellis's).
        await #expect(processExitsWith: .failure) {
            // The container and the presenter's Lazy, carried off the main actor by force.
            let held = await MainActor.run { () -> Unchecked<(PairedScreenContainer, Lazy<any ScreenView>)> in
                let container = PairedScreenContainer()
                return Unchecked(value: (container, (container.presenter as! ListPresenter).lazyView))
            }
            await Task.detached { _ = held.value.1() }.value
        }
    }

    @Test("A mainActor container gives its @Assisted functions as values, called on the main actor")
    func functionValuesOnMainActor() throws {
        let app = CoordinatedApp()
        #expect(app.coordinator.openDetail(4).id == 4)
        #expect(try app.coordinator.openChecked(5).id == 5)
        #expect(throws: NegativeID.self) { try app.coordinator.openChecked(-1) }
    }
}
