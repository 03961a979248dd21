import BenchmarkSupport
import Foundation
import HandWired
import Hummingbird
import HummingbirdTesting
import LibraryService
import Logging
import ServiceLifecycle

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The service example (Examples/Service) measured three ways, each against the same service wired by
// hand (`HandWiredLibrary`: the same handlers, routes, middleware and database, no generated code):
//
// - `scope`: creating and releasing one request container, as the middleware does per request
//   (`LibraryContainer.request(id:caller:)` against `HandWiredRequestScope`), in ns, calibrated
//   batches, contenders interleaved;
// - `cpu`: the CPU time of the whole process per request, for requests the router answers in-process
//   (HummingbirdTesting's `.router`: middleware, request container, handler, SQLite, JSON; no
//   socket), one at a time; each round keeps each contender's fastest of eight interleaved batches,
//   and the figure is the median over the rounds of Trellis's over hand-wired's. CPU time does not
//   count the waits (wrk's and the scheduler's) that make the requests-per-second ratio swing by a
//   fifth on two shared cores;
// - `http`: requests per second and latency percentiles of one read route (GET /books/1) and one
//   write route (POST /authors) under wrk on loopback, both servers in this process on their own
//   SQLite files, rounds interleaved (Trellis, hand-wired, hand-wired, Trellis, ...), for information.
//
// Request logging is at `warning` for both, so the figures measure the service, not the terminal.

var runs = 21
var batchMilliseconds = 20.0
var httpRounds = 6
var httpSeconds = 5
var connections = 16
var cpuRounds = 40
var cpuRequests = 1500
var output: String?
var modes: Set<String> = ["scope", "cpu", "http"]
var reader = ArgumentReader(
    Array(CommandLine.arguments.dropFirst()),
    usage:
        "usage: ServiceBenchmarks [--quick] [--scope-only | --cpu-only | --http-only] [--runs N] [--rounds N] [--seconds S] [--connections C] [--cpu-rounds N] [--cpu-requests N] [--output FILE]"
)
while let option = reader.nextOption() {
    switch option {
    case "--quick":
        runs = 5
        batchMilliseconds = 5
        httpRounds = 2
        httpSeconds = 2
        cpuRounds = 4
        cpuRequests = 500
    case "--scope-only": modes = ["scope"]
    case "--cpu-only": modes = ["cpu"]
    case "--http-only": modes = ["http"]
    case "--cpu-rounds": cpuRounds = reader.positiveInteger(of: option)
    case "--cpu-requests": cpuRequests = reader.positiveInteger(of: option)
    case "--runs": runs = reader.positiveInteger(of: option)
    case "--rounds": httpRounds = reader.positiveInteger(of: option)
    case "--seconds": httpSeconds = reader.positiveInteger(of: option)
    case "--connections": connections = reader.positiveInteger(of: option)
    case "--output": output = reader.value(of: option)
    default: reader.fail("unknown argument \(option)")
    }
}
RunRecord.warnIfDebug("ServiceBenchmarks")

var logger = Logger(label: "library")
logger.logLevel = .warning
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("service-benchmarks-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

func configuration(_ name: String) -> ServiceConfiguration {
    // No sweep during the measurements.
    ServiceConfiguration(
        host: "127.0.0.1", port: 0, database: .sqlite(path: directory.appendingPathComponent("\(name).sqlite").path),
        sweepInterval: .seconds(86400))
}

let trellis = try LibraryContainer(configuration: configuration("trellis"), logger: logger)
let handWired = try HandWiredLibrary(configuration: configuration("hand-wired"), logger: logger)

struct ScopeMeasurement: Codable {
    var contender: String
    var minimumNanoseconds: Double
    var medianNanoseconds: Double
    var ratioToHandWired: Double
}

struct CPUMeasurement: Codable {
    var route: String
    /// Per contender, in eight batches.
    var requestsPerRound: Int
    /// Per contender: the process's CPU time per request of each round (its fastest batch), in µs.
    var microsecondsPerRequest: [String: [Double]]
    var medianMicrosecondsPerRequest: [String: Double]
    /// Trellis / hand-wired of the rounds run next to each other, in order.
    var pairedRatios: [Double]
    var pairedRatioMedian: Double
    var pairedRatioQuartiles: [Double]
}

struct HTTPMeasurement: Codable {
    var contender: String
    var route: String
    var requestsPerSecond: [Double]
    var medianRequestsPerSecond: Double
    var medianLatencyMilliseconds: [String: Double]
    var ratioToHandWired: Double
}

/// Creating and releasing a request container: what the middleware does once per request.
@MainActor func measureScopes() -> [ScopeMeasurement] {
    let contenders: [(String, (Int) -> Void)] = [
        (
            "hand-wired",
            { iterations in
                for index in 0..<iterations {
                    blackHole(ObjectIdentifier(handWired.makeScope(requestID: "r", caller: .member(id: index)).unitOfWork))
                }
            }
        ),
        (
            "trellis",
            { iterations in
                for index in 0..<iterations {
                    blackHole(ObjectIdentifier(trellis.request(id: "r", caller: .member(id: index)).unitOfWork))
                }
            }
        ),
    ]
    let samples = Timing.interleavedSamples(contenders.map(\.1), batchMilliseconds: batchMilliseconds, runs: runs)
    let reference = Timing.median(samples[0])
    return contenders.indices.map { index in
        let measurement = ScopeMeasurement(
            contender: contenders[index].0, minimumNanoseconds: samples[index].min()!,
            medianNanoseconds: Timing.median(samples[index]),
            ratioToHandWired: Timing.median(samples[index]) / reference)
        print(
            String(
                format: "request container  %-12@ min %8.1f ns  median %8.1f ns  %5.2fx", measurement.contender as NSString,
                measurement.minimumNanoseconds, measurement.medianNanoseconds, measurement.ratioToHandWired))
        return measurement
    }
}

/// The CPU time this process has used, in ns (every thread: the caller's, NIO's, SQLite's).
func processCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// The `fraction` quantile of `values` (linear between the two nearest).
func quantile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
}

/// CPU time per request of the two wirings, answering in-process through their routers.
@MainActor func measureCPU(tokens: [String]) async throws -> [CPUMeasurement] {
    let applications = [trellis.server.application, handWired.server.application]
    let names = ["trellis", "hand-wired"]
    let rounds = cpuRounds
    let routes: [(name: String, method: HTTPRequest.Method, path: String, body: String?, requests: Int)] = [
        ("GET /books/1", .get, "/books/1", nil, cpuRequests),
        // Each write commits with an fsync (synchronous = FULL): half as many per round.
        ("POST /authors", .post, "/authors", #"{"name": "Load"}"#, max(1, cpuRequests / 2)),
    ]
    return try await applications[0].test(.router) { trellisClient in
        try await applications[1].test(.router) { handWiredClient in
            let clients: [any TestClientProtocol] = [trellisClient, handWiredClient]
            var measurements: [CPUMeasurement] = []
            for route in routes {
                /// The process's CPU time per request, in µs, for `count` requests one after another.
                func round(_ index: Int, count: Int) async throws -> Double {
                    var headers: HTTPFields = [.authorization: "Bearer \(tokens[index])"]
                    if route.body != nil { headers[.contentType] = "application/json" }
                    let body = route.body.map { ByteBuffer(string: $0) }
                    let started = processCPUNanoseconds()
                    for _ in 0..<count {
                        let response = try await clients[index].executeRequest(
                            uri: route.path, method: route.method, headers: headers, body: body)
                        guard response.status.code < 300 else {
                            throw BenchmarkError.seed("\(names[index]) \(route.name): \(response.status)")
                        }
                    }
                    return (processCPUNanoseconds() - started) / Double(count) / 1000
                }
                // Warm-up: two rounds' worth each, so that caches, SQLite's pages and the allocator settle.
                for index in clients.indices { _ = try await round(index, count: 2 * route.requests) }
                var samples: [[Double]] = [[], []]
                var ratios: [Double] = []
                for roundIndex in 0..<rounds {
                    // A round is eight batches per contender, the contenders alternating who goes first;
                    // its figure is each contender's fastest batch: other processes on the machine only
                    // ever add CPU time (cache misses, a vCPU the host takes away), never remove it.
                    var fastest = [Double.infinity, Double.infinity]
                    for batch in 0..<8 {
                        for index in (roundIndex + batch).isMultiple(of: 2) ? [0, 1] : [1, 0] {
                            fastest[index] = min(fastest[index], try await round(index, count: max(1, route.requests / 8)))
                        }
                    }
                    let pair = fastest
                    for index in clients.indices { samples[index].append(pair[index]) }
                    ratios.append(pair[0] / pair[1])
                    print(
                        String(
                            format: "cpu %-14@ round %2d  trellis %7.2f µs  hand-wired %7.2f µs  ratio %.4f",
                            route.name as NSString, roundIndex + 1, pair[0], pair[1], pair[0] / pair[1]))
                }
                measurements.append(
                    CPUMeasurement(
                        route: route.name, requestsPerRound: route.requests,
                        microsecondsPerRequest: Dictionary(uniqueKeysWithValues: zip(names, samples)),
                        medianMicrosecondsPerRequest: Dictionary(uniqueKeysWithValues: zip(names, samples.map(Timing.median))),
                        pairedRatios: ratios, pairedRatioMedian: Timing.median(ratios),
                        pairedRatioQuartiles: [quantile(ratios, 0.25), quantile(ratios, 0.75)]))
            }
            return measurements
        }
    }
}

/// One wrk run: requests per second and latency percentiles in ms.
@MainActor func wrk(_ url: String, script: URL?) throws -> (Double, [String: Double]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var arguments = ["wrk", "-t2", "-c\(connections)", "-d\(httpSeconds)s", "--latency"]
    if let script { arguments += ["-s", script.path] }
    process.arguments = arguments + [url]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0, let line = text.split(separator: "\n").first(where: { $0.contains("Requests/sec:") }),
        let rate = Double(line.split(separator: " ").last ?? "")
    else { throw BenchmarkError.wrk(text) }
    if let errors = text.split(separator: "\n").first(where: { $0.contains("Non-2xx") || $0.contains("Socket errors") }) {
        throw BenchmarkError.wrk("wrk saw failures: \(errors)\n\(text)")
    }
    var latencies: [String: Double] = [:]
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count == 2, ["50%", "75%", "90%", "99%"].contains(String(fields[0])) else { continue }
        let value = String(fields[1])
        let number = Double(value.filter { $0.isNumber || $0 == "." }) ?? .nan
        latencies[String(fields[0])] = value.hasSuffix("us") ? number / 1000 : value.hasSuffix("ms") ? number : number * 1000
    }
    return (rate, latencies)
}

enum BenchmarkError: Error {
    case wrk(String)
    case seed(String)
}

/// Seeds a member, an author and a book through the API, then returns the member's token.
@MainActor func seed(port: Int) throws -> String {
    func call(_ method: String, _ path: String, _ body: String, token: String? = nil) throws -> [String: Any] {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Data?
        URLSession.shared.dataTask(with: request) { data, _, _ in
            result = data
            done.signal()
        }.resume()
        done.wait()
        guard let result, let object = try JSONSerialization.jsonObject(with: result) as? [String: Any] else {
            throw BenchmarkError.seed("\(method) \(path) failed")
        }
        return object
    }
    let token = try call("POST", "/members", #"{"name": "Bench", "email": "bench@example.com"}"#)["token"] as! String
    _ = try call("POST", "/authors", #"{"name": "Ursula K. Le Guin"}"#, token: token)
    _ = try call("POST", "/books", #"{"author_id": 1, "title": "The Dispossessed", "isbn": "9780060512754"}"#, token: token)
    return token
}

/// Both services, running (each on its own SQLite file and port), seeded, with their members' tokens.
@MainActor func startServices() async throws -> (
    groups: [ServiceGroup], tasks: [Task<Void, any Error>], ports: [Int], tokens: [String]
) {
    let groups = [
        try ServiceGroup(services: trellis.serviceStartOrder, logger: logger),
        ServiceGroup(configuration: .init(services: handWired.services, logger: logger)),
    ]
    let tasks = groups.map { group in Task { try await group.run() } }
    let ports = [try await trellis.server.port(), try await handWired.server.port()]
    let tokens = try ports.map { try seed(port: $0) }
    return (groups, tasks, ports, tokens)
}

@MainActor func measureHTTP(ports: [Int], tokens: [String]) async throws -> [HTTPMeasurement] {
    let names = ["trellis", "hand-wired"]
    var scripts: [URL] = []
    for (name, token) in zip(names, tokens) {
        let script = directory.appendingPathComponent("\(name)-write.lua")
        try """
        wrk.method = "POST"
        wrk.body = '{"name": "Load"}'
        wrk.headers["Content-Type"] = "application/json"
        wrk.headers["Authorization"] = "Bearer \(token)"
        """.write(to: script, atomically: true, encoding: .utf8)
        scripts.append(script)
    }
    var results: [String: (rates: [Double], latencies: [[String: Double]])] = [:]
    for route in ["GET /books/1", "POST /authors"] {
        for round in 0..<httpRounds {
            // Alternate who goes first, so neither always runs on a warmer or cooler machine.
            let order = round.isMultiple(of: 2) ? [0, 1] : [1, 0]
            for index in order {
                let url = "http://127.0.0.1:\(ports[index])" + (route.hasPrefix("GET") ? "/books/1" : "/authors")
                let (rate, latency) = try wrk(url, script: route.hasPrefix("POST") ? scripts[index] : nil)
                results["\(names[index]) \(route)", default: ([], [])].rates.append(rate)
                results["\(names[index]) \(route)", default: ([], [])].latencies.append(latency)
                print(
                    String(
                        format: "%-28@ round %d  %9.0f req/s  p50 %.2f ms  p99 %.2f ms", "\(names[index]) \(route)" as NSString,
                        round + 1, rate, latency["50%"] ?? .nan, latency["99%"] ?? .nan))
            }
        }
    }
    var measurements: [HTTPMeasurement] = []
    for route in ["GET /books/1", "POST /authors"] {
        let reference = Timing.median(results["hand-wired \(route)"]!.rates)
        for name in names {
            let entry = results["\(name) \(route)"]!
            var latency: [String: Double] = [:]
            for key in ["50%", "75%", "90%", "99%"] { latency[key] = Timing.median(entry.latencies.compactMap { $0[key] }) }
            measurements.append(
                HTTPMeasurement(
                    contender: name, route: route, requestsPerSecond: entry.rates,
                    medianRequestsPerSecond: Timing.median(entry.rates),
                    medianLatencyMilliseconds: latency, ratioToHandWired: Timing.median(entry.rates) / reference))
        }
    }
    return measurements
}

/// The JSON document `--output` writes; `Scripts/report.py --service` turns it into a table.
struct Report: Codable {
    var kind = "service"
    var configuration: String
    var date: String
    var runs: Int
    var httpRounds: Int
    var httpSeconds: Int
    var connections: Int
    var loadAverageAtStart: String
    var cpuRounds: Int
    var scope: [ScopeMeasurement]
    var cpu: [CPUMeasurement]
    var http: [HTTPMeasurement]
}

let load = RunRecord.loadAverage()
let scope = modes.contains("scope") ? measureScopes() : []
// Destructured: Swift 6.3's ownership verifier rejects a loop over a tuple's array in top-level code.
let (serviceGroups, serviceTasks, servicePorts, serviceTokens) = try await startServices()
let cpu = modes.contains("cpu") ? try await measureCPU(tokens: serviceTokens) : []
let http = modes.contains("http") ? try await measureHTTP(ports: servicePorts, tokens: serviceTokens) : []
for group in serviceGroups { await group.triggerGracefulShutdown() }
for task in serviceTasks { try await task.value }
if let output {
    try RunRecord.write(
        Report(
            configuration: RunRecord.configuration, date: RunRecord.now, runs: runs, httpRounds: httpRounds,
            httpSeconds: httpSeconds, connections: connections, loadAverageAtStart: load, cpuRounds: cpuRounds,
            scope: scope, cpu: cpu, http: http),
        to: output)
}
