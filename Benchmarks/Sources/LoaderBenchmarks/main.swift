import BenchmarkSupport
import Foundation
import Trellis

// The loader benchmark (issue 3): one graph of 200 nodes in layers, from a fixed seed; each node
// depends on 0-3 nodes of earlier layers, sleeps 10 ms (`Task.sleep`, standing in for I/O) and adds
// one value to the pool. Per round, in rotating order: `SerialLoader`, `ConcurrentLoader` with its
// default concurrency, `ConcurrentLoader(maximumConcurrency: 8)`. Measured: the wall time of
// `loadWithReport` (ContinuousClock around the call) and, from the `LoadReport`, the duration of the
// critical path (the chain of dependent nodes whose measured durations add up to the most): no
// loader can finish before it, so concurrent / critical path says how close a loader gets to the
// ideal. Also reported: the static ideal, longest chain (in nodes) x the sleep.

struct Options {
    var runs = 5
    var nodes = 200
    var layers = 10
    var sleepMilliseconds = 10
    var output: String?

    static let usage = "usage: LoaderBenchmarks [--quick] [--runs N] [--nodes N] [--output FILE]"

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var reader = ArgumentReader(Array(arguments.dropFirst()), usage: usage)
        while let option = reader.nextOption() {
            switch option {
            case "--quick": options.runs = 2
            case "--runs": options.runs = reader.positiveInteger(of: option)
            case "--nodes": options.nodes = reader.positiveInteger(of: option)
            case "--output": options.output = reader.value(of: option)
            default: reader.fail("unknown argument \(option)")
            }
        }
        return options
    }
}

/// The same SplitMix64 as `Generator/generate.py`: the same graph on every machine.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Node i's dependencies (indices of earlier-layer nodes), and the longest chain in nodes.
func makeGraph(nodes: Int, layers: Int) -> (dependencies: [[Int]], longestChain: Int) {
    var random = SplitMix64(state: 0x7E11_15 ^ UInt64(nodes))
    var dependencies: [[Int]] = []
    var depth: [Int] = []
    for index in 0..<nodes {
        let layer = index * layers / nodes
        let earlier = (0..<index).filter { $0 * layers / nodes < layer }
        let wanted = random.below(4)
        var chosen: [Int] = []
        while !earlier.isEmpty && chosen.count < min(wanted, earlier.count) {
            let candidate = earlier[random.below(earlier.count)]
            if !chosen.contains(candidate) { chosen.append(candidate) }
        }
        chosen.sort()
        dependencies.append(chosen)
        depth.append(1 + (chosen.map { depth[$0] }.max() ?? 0))
    }
    return (dependencies, depth.max() ?? 0)
}

func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
}

struct Result: Codable {
    var loader: String
    var maximumConcurrency: String
    var wallSeconds: [Double] = []
    var reportTotalSeconds: [Double] = []
    var criticalPathSeconds: [Double] = []
    var criticalPathNodes: [Int] = []
    var minimumWallSeconds = 0.0
    var medianWallSeconds = 0.0
    var minimumCriticalPathSeconds = 0.0
    var medianCriticalPathSeconds = 0.0
}

struct Report: Codable {
    var schema = 1
    var kind = "loader"
    var configuration: String
    var date: String
    var host: [String: String]
    var runs: Int
    var nodes: Int
    var layers: Int
    var edges: Int
    var sleepMilliseconds: Int
    var longestChainNodes: Int
    var idealSeconds: Double
    var results: [Result]
}

let options = Options.parse(CommandLine.arguments)
let hostInfo = [
    "processors": String(ProcessInfo.processInfo.activeProcessorCount), "loadAverageAtStart": RunRecord.loadAverage(),
]

let (graph, longestChain) = makeGraph(nodes: options.nodes, layers: options.layers)
let sleep = Duration.milliseconds(options.sleepMilliseconds)
let nodes: [DependencyNode] = graph.enumerated().map { index, dependencies in
    .dependency(id: DependencyId("n\(index)"), dependencies: dependencies.map { DependencyId("n\($0)") }) { pool in
        try await Task.sleep(for: sleep)
        return pool.appending(index, name: "n\(index)")
    }
}

typealias Load = @Sendable () async throws -> (pool: Pool, report: LoadReport)
let contenders: [(String, String, Load)] = [
    ("SerialLoader", "1", { try await SerialLoader(dependencies: nodes).loadWithReport() }),
    ("ConcurrentLoader", "default", { try await ConcurrentLoader(dependencies: nodes).loadWithReport() }),
    ("ConcurrentLoader", "8", { try await ConcurrentLoader(dependencies: nodes, maximumConcurrency: 8).loadWithReport() }),
]
var results = contenders.map { Result(loader: $0.0, maximumConcurrency: $0.1) }
let clock = ContinuousClock()
// One untimed warm-up load per contender.
for (_, _, load) in contenders { _ = try await load() }
for round in 0..<options.runs {
    for offset in 0..<contenders.count {
        let index = (round + offset) % contenders.count
        let start = clock.now
        let (pool, report) = try await contenders[index].2()
        let wall = clock.now - start
        precondition(pool.count == options.nodes, "every node adds one value")
        results[index].wallSeconds.append(seconds(wall))
        results[index].reportTotalSeconds.append(seconds(report.totalDuration))
        results[index].criticalPathSeconds.append(seconds(report.criticalPathDuration))
        results[index].criticalPathNodes.append(report.criticalPath.count)
    }
    print(
        "round \(round + 1)/\(options.runs): "
            + results.map {
                "\($0.loader)(\($0.maximumConcurrency)) \(String(format: "%.3f", $0.wallSeconds.last!)) s"
            }.joined(separator: ", "))
}
for index in results.indices {
    results[index].minimumWallSeconds = results[index].wallSeconds.min()!
    results[index].medianWallSeconds = Timing.median(results[index].wallSeconds)
    results[index].minimumCriticalPathSeconds = results[index].criticalPathSeconds.min()!
    results[index].medianCriticalPathSeconds = Timing.median(results[index].criticalPathSeconds)
}
let report = Report(
    configuration: RunRecord.configuration, date: RunRecord.now, host: hostInfo,
    runs: options.runs, nodes: options.nodes, layers: options.layers, edges: graph.map(\.count).reduce(0, +),
    sleepMilliseconds: options.sleepMilliseconds, longestChainNodes: longestChain,
    idealSeconds: Double(longestChain) * Double(options.sleepMilliseconds) / 1000, results: results)
if let output = options.output {
    try RunRecord.write(report, to: output)
} else {
    print(String(decoding: try RunRecord.json(report), as: UTF8.self))
}
