import Trellis
import TrellisSupport

// This target is compiled in the Swift 5 language mode, as code written against DIC and DIve is
// (both are Swift 5 packages): see Package.swift.
//
// The types the seed documents use but do not declare (or declare with their bodies elided as
// `/* ... */`), written here so that their samples compile and run as they stand. `URLSession` and
// its configuration are stand-ins for Foundation's, which is Apple's networking API (this module
// does not import Foundation, so these are the ones the samples see).

// MARK: DIC's README

final class Example1: Sendable {
    let value: Int

    init(value: Int) {
        self.value = value
    }
}

struct Example2: Sendable {
    let name: String
}

/// Numbers its instances, so a test can tell a singleton from a transient.
final class DatabaseService: Sendable {
    private static let instances = Locked(0)
    let instance: Int

    init() {
        instance = Self.instances.withLock { count in
            count += 1
            return count
        }
    }
}

final class URLSession: Sendable {
    static let shared = URLSession(configuration: .default)
    let configuration: URLSessionConfiguration

    init(configuration: URLSessionConfiguration) {
        self.configuration = configuration
    }
}

enum URLSessionConfiguration: Sendable {
    case `default`, ephemeral
}

protocol HTTPInterceptor: Sendable {
    var name: String { get }
}

struct MockRequestHTTPInterceptor: HTTPInterceptor {
    let name = "mock"
}

struct RequestLoggerHTTPInterceptor: HTTPInterceptor {
    let name = "logger"
}

protocol HTTPClient: AnyObject, Sendable {
    var session: URLSession { get }
    var interceptors: [any HTTPInterceptor] { get }
}

final class HTTPClientImpl: HTTPClient {
    let session: URLSession
    let interceptors: [any HTTPInterceptor]

    init(httpDataRequestHandler: URLSession) {
        session = httpDataRequestHandler
        interceptors = []
    }

    init(urlSession: URLSession, interceptors: [any HTTPInterceptor]) {
        session = urlSession
        self.interceptors = interceptors
    }
}

struct MyDataSource {
    let httpClient: any HTTPClient
}

protocol MyRepository {
    var myDataSource: MyDataSource { get }
}

struct MyRepositoryImpl: MyRepository {
    let myDataSource: MyDataSource
}

struct MyUseCase {
    let myRepository: any MyRepository
}

/// The seed's "view", which receives its dependency at creation.
struct MyView {
    let userRepository: (any UserRepository)?
    let dependency: Dependency?

    @discardableResult
    init(userRepository: any UserRepository) {
        self.userRepository = userRepository
        dependency = nil
    }

    @discardableResult
    init(dependency: Dependency) {
        userRepository = nil
        self.dependency = dependency
    }
}

struct OmgAnotherOne: Sendable {
    let somethingHere: Int
}

struct Dependency: Sendable {
    let otherDependency: Example2
    let otherOtherDependency: OmgAnotherOne
}
