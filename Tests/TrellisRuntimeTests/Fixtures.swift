import Trellis

struct Example1: Sendable {
    let value: Int
}

struct Example2: Sendable {
    let name: String
}

/// A reference type, so tests can tell instances apart with `===`.
final class DatabaseService: Sendable {
    let identifier: Int

    init(identifier: Int = 0) {
        self.identifier = identifier
    }
}

protocol HTTPClient: Sendable {
    var baseURL: String { get }
}

final class HTTPClientImplementation: HTTPClient {
    let baseURL: String

    init(baseURL: String = "https://example.com") {
        self.baseURL = baseURL
    }
}

final class MyDataSource: Sendable {
    let httpClient: any HTTPClient

    init(httpClient: any HTTPClient) {
        self.httpClient = httpClient
    }
}

protocol MyRepository: Sendable {
    var dataSource: MyDataSource { get }
}

final class MyRepositoryImplementation: MyRepository {
    let dataSource: MyDataSource

    init(myDataSource: MyDataSource) {
        dataSource = myDataSource
    }
}

final class MyUseCase: Sendable {
    let repository: any MyRepository

    init(myRepository: any MyRepository) {
        repository = myRepository
    }
}

struct Failable: Sendable {
    let value: Int

    init?(value: Int) {
        guard value >= 0 else { return nil }
        self.value = value
    }
}

struct ConnectionRefused: Error, Equatable {}

struct Connection: Sendable {
    let host: String

    init(host: String) throws {
        guard !host.isEmpty else { throw ConnectionRefused() }
        self.host = host
    }

    static func open(host: String) async throws -> Connection {
        await Task.yield()
        return try Connection(host: host)
    }
}

/// Two types whose factories load each other.
struct CycleA: Sendable {}
struct CycleB: Sendable {}
struct CycleC: Sendable {}
