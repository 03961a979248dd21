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

func otherServices() throws -> Int {
    let container = ServerContainer()
    return try container.serviceStartOrder.services(excluding: "app").count
}
