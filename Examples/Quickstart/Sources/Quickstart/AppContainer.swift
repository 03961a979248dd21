import Trellis

/// The whole graph of the program, checked when it compiles.
@DIContainer(root: true)
struct AppContainer {
    @Provide(.input)
    var configuration: Configuration

    @Provide(.shared, factory: { (configuration: Configuration) in PrintLogger(prefix: configuration.storeName) })
    var logger: any Logging

    // AutoWiring: PriceCalculator(configuration: configuration, logger: logger).
    @Provide(.shared, PriceCalculator.self, with: [\Self.configuration, \Self.logger])
    var prices: any PriceCalculating

    // Opened concurrently as soon as the container exists; readers await it.
    @Provide(
        .shared,
        asyncFactory: { (configuration: Configuration, logger: any Logging) async throws in
            try await InMemoryInventory.connect(configuration: configuration, logger: logger)
        })
    var inventory: any InventoryStore

    // A new handler for every request.
    @Provide(
        .transient,
        asyncFactory: { (c: Self) async throws in
            OrderHandler(inventory: try await c.inventory, prices: c.prices, logger: c.logger)
        }, concrete: true)
    var orderHandler: OrderHandler
}
