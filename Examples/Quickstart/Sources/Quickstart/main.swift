// Wires the program with Trellis and processes a few orders.

let container = AppContainer(configuration: Configuration(storeName: "corner-shop", taxPercent: 20))
container.logger.log("container ready")

for (item, quantity, cents) in [("apple", 3, 50), ("pear", 1, 80), ("plum", 4, 125)] {
    let handler = try await container.orderHandler
    print(await handler.order(item, quantity: quantity, unitCents: cents))
}

// The same graph with one member overridden, as a test would do.
struct FlatPrice: PriceCalculating {
    func total(unitCents: Int, quantity: Int) -> Int { 100 }
}
let testContainer = AppContainer(
    configuration: Configuration(storeName: "test-shop", taxPercent: 0), prices: FlatPrice())
print(await (try await testContainer.orderHandler).order("apple", quantity: 2, unitCents: 900))
