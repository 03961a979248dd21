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
}
