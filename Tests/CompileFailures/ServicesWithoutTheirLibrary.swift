// A Hummingbird-style `buildApplication` that hands the app the container's other services, in a
// target that has Trellis but not TrellisServiceLifecycle: the error says where the method is.
import Trellis

final class Database: Sendable {}
final class App: Sendable {}

@DIContainer(concrete: true)
struct ServerContainer {
    @Provide(.shared, factory: Database(), service: true)
    var database: Database

    @Provide(.shared, factory: { (database: Database) in App() }, service: true)
    var app: App
}

/// Stands for Hummingbird's `Application.addServices(_:)`.
protocol Runnable {}
func addServices(_ services: some Sequence<any Runnable>) {}

func otherServices() throws -> Int {
    let container = ServerContainer()
    addServices(try container.serviceStartOrder.services(excluding: "app"))
    addServices(try container.serviceStartOrder.services())
    return try container.serviceStartOrder.services(excluding: "app").count
}
