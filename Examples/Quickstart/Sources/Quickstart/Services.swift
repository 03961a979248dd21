// Plain Swift services: none of them imports Trellis.

struct Configuration: Sendable {
    var storeName: String
    /// Tax in percent.
    var taxPercent: Int
}

protocol Logging: Sendable {
    func log(_ message: String)
}

struct PrintLogger: Logging {
    let prefix: String
    func log(_ message: String) { print("[\(prefix)] \(message)") }
}

protocol InventoryStore: Sendable {
    func stock(of item: String) async -> Int
}

/// Stands in for a database connection opened asynchronously.
actor InMemoryInventory: InventoryStore {
    private var stock: [String: Int]
    init(stock: [String: Int]) { self.stock = stock }

    static func connect(configuration: Configuration, logger: any Logging) async throws -> InMemoryInventory {
        logger.log("connecting to the inventory of \(configuration.storeName)")
        return InMemoryInventory(stock: ["apple": 12, "pear": 0, "plum": 4])
    }

    func stock(of item: String) -> Int { stock[item, default: 0] }
}

protocol PriceCalculating: Sendable {
    /// The total in cents, tax included.
    func total(unitCents: Int, quantity: Int) -> Int
}

struct PriceCalculator: PriceCalculating {
    let configuration: Configuration
    let logger: any Logging
    func total(unitCents: Int, quantity: Int) -> Int {
        unitCents * quantity * (100 + configuration.taxPercent) / 100
    }
}

/// One per request: a fresh handler with its own request number.
final class OrderHandler: Sendable {
    private static let counter = Counter()
    let requestNumber: Int
    let inventory: any InventoryStore
    let prices: any PriceCalculating
    let logger: any Logging

    init(inventory: any InventoryStore, prices: any PriceCalculating, logger: any Logging) {
        self.requestNumber = Self.counter.next()
        self.inventory = inventory
        self.prices = prices
        self.logger = logger
    }

    func order(_ item: String, quantity: Int, unitCents: Int) async -> String {
        let available = await inventory.stock(of: item)
        guard available >= quantity else {
            return "request \(requestNumber): \(quantity) x \(item) refused, \(available) in stock"
        }
        let total = prices.total(unitCents: unitCents, quantity: quantity)
        return
            "request \(requestNumber): \(quantity) x \(item) accepted, total \(total / 100).\(String(total % 100).leftPadded(to: 2))"
    }
}

final class Counter: @unchecked Sendable {
    // Safe: only touched from the program's single sequential flow (main), never concurrently.
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
