import BenchmarkSupport
import Foundation
import Trellis

// Providers, lazy values, collections (issue 23) and async shared members against the same written
// by hand, measured as the other harnesses measure: batches calibrated to `--batch-ms`, contenders
// interleaved in rotating order for `--runs` rounds, the median ns per operation and its ratio to
// hand-written.

var runs = 21
var batchMilliseconds = 20.0
var output: String?
// `--iterations N --only CONTENDER/OPERATION`: runs that one contender N times and nothing else, untimed,
// so that `valgrind --tool=callgrind` counts its instructions (two counts, N and 0, give one operation's).
var fixedIterations: Int?
var only: String?
var list = false
var reader = ArgumentReader(
    Array(CommandLine.arguments.dropFirst()),
    usage: """
        usage: ProviderCollectionBenchmarks [--quick] [--runs N] [--batch-ms MS] [--output FILE]
               ProviderCollectionBenchmarks --only CONTENDER/OPERATION --iterations N  (untimed, for callgrind)
               ProviderCollectionBenchmarks --list  (the names --only takes, one a line)
        """)
while let option = reader.nextOption() {
    switch option {
    case "--quick":
        runs = 5
        batchMilliseconds = 5
    case "--runs": runs = reader.positiveInteger(of: option)
    case "--batch-ms": batchMilliseconds = Double(reader.positiveInteger(of: option))
    case "--output": output = reader.value(of: option)
    case "--only": only = reader.value(of: option)
    case "--list": list = true
    case "--iterations":
        let text = reader.value(of: option)
        guard let count = Int(text), count >= 0 else { reader.fail("--iterations takes a count, not '\(text)'") }
        fixedIterations = count
    default: reader.fail("unknown argument \(option)")
    }
}

struct Contender {
    let name: String
    let operation: String
    let run: (Int) -> Void
}

let worker = Worker(queue: "mail")
let handWrittenWorker = HandWrittenWorker(queue: "mail")
let lazyRenderer = Lazy { Renderer() }
let keptRenderer = Renderer()
_ = lazyRenderer()
let table = RouteTable()
let handWrittenTable = HandWrittenRouteTable()

let pool = Pool(name: "db")
let handWrittenPool = HandWrittenPool(name: "db")

let contenders = [
    // Creating and releasing the container: Trellis allocates and binds its providers' link.
    Contender(name: "hand-written", operation: "create") { iterations in
        for _ in 0..<iterations { blackHole(ObjectIdentifier(HandWrittenWorker(queue: "q").runner)) }
    },
    Contender(name: "trellis", operation: "create") { iterations in
        for _ in 0..<iterations { blackHole(ObjectIdentifier(Worker(queue: "q").runner)) }
    },
    Contender(name: "hand-written", operation: "provider of a transient") { iterations in
        let runner = handWrittenWorker.runner
        for _ in 0..<iterations { blackHole(ObjectIdentifier(runner.makeHandler())) }
    },
    Contender(name: "trellis", operation: "provider of a transient") { iterations in
        let runner = worker.runner
        for _ in 0..<iterations { blackHole(ObjectIdentifier(runner.makeHandler())) }
    },
    Contender(name: "hand-written", operation: "provider of a shared member") { iterations in
        let runner = handWrittenWorker.runner
        for _ in 0..<iterations { blackHole(ObjectIdentifier(runner.current())) }
    },
    Contender(name: "trellis", operation: "provider of a shared member") { iterations in
        let runner = worker.runner
        for _ in 0..<iterations { blackHole(ObjectIdentifier(runner.current())) }
    },
    // A built lazy value against a stored reference (the least a hand-written lazy value costs).
    Contender(name: "hand-written", operation: "lazy value, built") { iterations in
        for _ in 0..<iterations { blackHole(ObjectIdentifier(keptRenderer)) }
    },
    Contender(name: "trellis", operation: "lazy value, built") { iterations in
        for _ in 0..<iterations { blackHole(ObjectIdentifier(lazyRenderer())) }
    },
    Contender(name: "hand-written", operation: "collection of 8, read") { iterations in
        for _ in 0..<iterations { blackHole(ObjectIdentifier(handWrittenTable.routes[7])) }
    },
    Contender(name: "trellis", operation: "collection of 8, read") { iterations in
        for _ in 0..<iterations { blackHole(ObjectIdentifier(table.routes[7])) }
    },
    // An async `.shared` member once built, read from a task: the cell's value against a stored task's.
    Contender(name: "hand-written", operation: "async shared member, read") { iterations in
        waitFor { for _ in 0..<iterations { blackHole(ObjectIdentifier(await handWrittenPool.connection)) } }
    },
    Contender(name: "trellis", operation: "async shared member, read") { iterations in
        waitFor { for _ in 0..<iterations { blackHole(ObjectIdentifier(await pool.connection)) } }
    },
    // Creating the container, which starts the build task, and awaiting the member.
    Contender(name: "hand-written", operation: "async shared member, create and await") { iterations in
        waitFor {
            for _ in 0..<iterations { blackHole(ObjectIdentifier(await HandWrittenPool(name: "q").connection)) }
        }
    },
    Contender(name: "trellis", operation: "async shared member, create and await") { iterations in
        waitFor { for _ in 0..<iterations { blackHole(ObjectIdentifier(await Pool(name: "q").connection)) } }
    },
    // The task holding the container, as the container's must: what that part of the difference costs.
    Contender(name: "hand-written, task holding the object", operation: "async shared member, create and await") {
        iterations in
        waitFor {
            for _ in 0..<iterations {
                blackHole(ObjectIdentifier(await HandWrittenPoolHoldingItself(name: "q").connection))
            }
        }
    },
]

if list {
    for contender in contenders { print("\(contender.name)/\(contender.operation)") }
    exit(0)
}

if let only {
    guard let contender = contenders.first(where: { "\($0.name)/\($0.operation)" == only }) else {
        reader.fail("no contender '\(only)'; one of: \(contenders.map { "\($0.name)/\($0.operation)" })")
    }
    contender.run(fixedIterations ?? 1)
    exit(0)
}

struct Measurement: Codable {
    var contender: String
    var operation: String
    var minimumNanoseconds: Double
    var medianNanoseconds: Double
    var ratioToHandWritten: Double
    var samplesNanoseconds: [Double]
}

RunRecord.warnIfDebug("ProviderCollectionBenchmarks")
var measurements: [Measurement] = []
var operations: [String] = []
for contender in contenders where !operations.contains(contender.operation) { operations.append(contender.operation) }
for operation in operations {
    let group = contenders.filter { $0.operation == operation }
    let samples = Timing.interleavedSamples(group.map(\.run), batchMilliseconds: batchMilliseconds, runs: runs)
    let reference = Timing.median(samples[0])
    for (index, contender) in group.enumerated() {
        let median = Timing.median(samples[index])
        let measurement = Measurement(
            contender: contender.name, operation: operation, minimumNanoseconds: samples[index].min()!,
            medianNanoseconds: median, ratioToHandWritten: median / reference, samplesNanoseconds: samples[index])
        measurements.append(measurement)
        let figures = String(
            format: "min %8.2f ns  median %8.2f ns  %5.2fx", measurement.minimumNanoseconds, median,
            measurement.ratioToHandWritten)
        print("\(padded(operation, 30))\(padded(contender.name, 14))\(figures)")
    }
}

/// The JSON document `--output` writes; `Scripts/report.py --features` turns it into a table.
struct Report: Codable {
    var kind = "features"
    var configuration: String
    var date: String
    var runs: Int
    var batchMilliseconds: Double
    var loadAverageAtStart: String
    var measurements: [Measurement]
}

if let output {
    try RunRecord.write(
        Report(
            configuration: RunRecord.configuration, date: RunRecord.now, runs: runs, batchMilliseconds: batchMilliseconds,
            loadAverageAtStart: RunRecord.loadAverage(), measurements: measurements),
        to: output)
}
