import BenchmarkSupport
import Foundation
import Graph10
import Graph100
import Graph1000
import Graph250
import Graph50

// A small harness rather than ordo-one/benchmark: see Benchmarks/README.md ("Why a custom
// harness"). Method, per (graph size, operation):
//   1. prepare every contender's container (untimed) and calibrate a batch size per contender so
//      one batch lasts about `batchMilliseconds`;
//   2. warm up each contender with two batches;
//   3. `runs` rounds; in each round every contender runs one batch, in rotating order, so machine
//      noise lands on all contenders alike; one sample = batch duration / batch size.
// Reported: minimum and median ns per operation over the runs, and every sample.

struct Options {
    var runs = 15
    var batchMilliseconds = 20.0
    var sizes: Set<Int> = [10, 50, 100, 250, 1000]
    var output: String?
    /// Only these contenders (all when empty): for profiling one of them.
    var contenders: Set<String> = []

    static let usage =
        "usage: RuntimeBenchmarks [--quick] [--runs N] [--batch-ms MS] [--sizes 10,50] [--contenders a,b] [--output FILE]"

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var reader = ArgumentReader(Array(arguments.dropFirst()), usage: usage)
        while let option = reader.nextOption() {
            switch option {
            case "--quick":
                options.runs = 5
                options.batchMilliseconds = 5
                options.sizes = [10, 100]
            case "--runs": options.runs = reader.positiveInteger(of: option)
            case "--batch-ms": options.batchMilliseconds = Double(reader.positiveInteger(of: option))
            case "--sizes":
                options.sizes = Set(reader.positiveIntegers(of: option))
                let unknown = options.sizes.subtracting([10, 50, 100, 250, 1000])
                if !unknown.isEmpty { reader.fail("no graph of \(unknown.sorted()) members; sizes are 10, 50, 100, 250, 1000") }
            case "--output": options.output = reader.value(of: option)
            case "--contenders": options.contenders = Set(reader.value(of: option).split(separator: ",").map(String.init))
            default: reader.fail("unknown argument \(option)")
            }
        }
        return options
    }
}

struct Measurement: Codable {
    var members: Int
    var contender: String
    var operation: String
    var status: String
    var pendingReason: String?
    var batchSize: Int?
    var minimumNanoseconds: Double?
    var medianNanoseconds: Double?
    var samplesNanoseconds: [Double]?
}

struct Report: Codable {
    var schema = 1
    var kind = "runtime"
    var configuration: String
    var date: String
    var host: [String: String]
    var runs: Int
    var batchMilliseconds: Double
    var measurements: [Measurement]
}

func nanoseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
}

/// The smallest batch lasting at least `target` nanoseconds (doubling, then scaled).
func calibrate(_ run: (Int) -> Void, target: Double) -> Int {
    let clock = ContinuousClock()
    var iterations = 1
    while true {
        let elapsed = nanoseconds(clock.measure { run(iterations) })
        if elapsed >= target / 8 || iterations >= 1 << 30 {
            return max(1, Int(Double(iterations) * target / max(elapsed, 1)))
        }
        iterations *= 2
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func measure(_ kernels: [Kernel], options: Options) -> [Measurement] {
    let clock = ContinuousClock()
    var measurements: [Measurement] = []
    let groups = Dictionary(
        grouping: kernels.filter {
            $0.prepare != nil && (options.contenders.isEmpty || options.contenders.contains($0.contender))
        }, by: \.operation)
    for operation in ["shared-read", "on-demand-read", "transient", "build"] {
        guard let group = groups[operation] else { continue }
        let runners = group.map { $0.prepare!() }
        let target = options.batchMilliseconds * 1e6
        // Warm up before calibrating (first-touch page faults and cold caches would make the batch
        // too small), calibrate twice and keep the larger batch, then warm up with the real batch.
        for runner in runners {
            let start = clock.now
            var calls = 0
            while calls < 1_000 && clock.now - start < .milliseconds(5) {
                runner(1)
                calls += 1
            }
        }
        let batches = runners.map { max(calibrate($0, target: target), calibrate($0, target: target)) }
        for (runner, batch) in zip(runners, batches) {
            runner(batch)
            runner(batch)
        }
        var samples = Array(repeating: [Double](), count: group.count)
        for round in 0..<options.runs {
            for offset in 0..<group.count {
                let index = (round + offset) % group.count
                let elapsed = clock.measure { runners[index](batches[index]) }
                samples[index].append(nanoseconds(elapsed) / Double(batches[index]))
            }
        }
        for (index, kernel) in group.enumerated() {
            func padded(_ text: String, _ width: Int) -> String {
                text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
            }
            let figures = String(format: "min %10.2f ns  median %10.2f ns", samples[index].min()!, median(samples[index]))
            print(
                "\(padded(String(kernel.members), 6))\(padded(kernel.operation, 16))\(padded(kernel.contender, 20))\(figures)  (batch \(batches[index]))"
            )
            measurements.append(
                Measurement(
                    members: kernel.members, contender: kernel.contender, operation: kernel.operation,
                    status: "measured", batchSize: batches[index], minimumNanoseconds: samples[index].min(),
                    medianNanoseconds: median(samples[index]), samplesNanoseconds: samples[index]))
        }
    }
    for kernel in kernels where kernel.prepare == nil {
        measurements.append(
            Measurement(
                members: kernel.members, contender: kernel.contender, operation: kernel.operation,
                status: "pending", pendingReason: kernel.pendingReason))
    }
    return measurements
}

func host() -> [String: String] {
    let info = ProcessInfo.processInfo
    var result = [
        "processors": String(info.activeProcessorCount),
        "hostName": info.hostName,
        "operatingSystem": info.operatingSystemVersionString,
    ]
    if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
        result["loadAverageAtStart"] = load.split(separator: " ").prefix(3).joined(separator: " ")
    }
    return result
}

let options = Options.parse(CommandLine.arguments)
#if DEBUG
    print("warning: RuntimeBenchmarks was built in debug; figures are meaningless. Use -c release.")
    let configuration = "debug"
#else
    let configuration = "release"
#endif
let hostInfo = host()
let allKernels: [(Int, () -> [Kernel])] = [
    (Graph10.members, Graph10.kernels),
    (Graph50.members, Graph50.kernels),
    (Graph100.members, Graph100.kernels),
    (Graph250.members, Graph250.kernels),
    (Graph1000.members, Graph1000.kernels),
]
var measurements: [Measurement] = []
for (size, kernels) in allKernels where options.sizes.contains(size) {
    measurements += measure(kernels(), options: options)
}
let formatter = ISO8601DateFormatter()
let report = Report(
    configuration: configuration, date: formatter.string(from: Date()), host: hostInfo, runs: options.runs,
    batchMilliseconds: options.batchMilliseconds, measurements: measurements)
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
let data = try encoder.encode(report)
if let output = options.output {
    try data.write(to: URL(fileURLWithPath: output))
    print("wrote \(output)")
} else {
    print(String(decoding: data, as: UTF8.self))
}
