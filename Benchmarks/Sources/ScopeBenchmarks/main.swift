import BenchmarkSupport
import Foundation

// Creating and releasing a per-request scope (Scopes.swift), Trellis against the same scope written
// by hand, measured as RuntimeBenchmarks measures: each contender's batch calibrated to last about
// `--batch-ms`, contenders interleaved in rotating order for `--runs` rounds, minimum and median
// ns per operation reported, with the ratio of each to the hand-written struct.

var runs = 21
var batchMilliseconds = 20.0
var output: String?
var reader = ArgumentReader(
    Array(CommandLine.arguments.dropFirst()), usage: "usage: ScopeBenchmarks [--quick] [--runs N] [--batch-ms MS] [--output FILE]"
)
while let option = reader.nextOption() {
    switch option {
    case "--quick":
        runs = 5
        batchMilliseconds = 5
    case "--runs": runs = reader.positiveInteger(of: option)
    case "--batch-ms": batchMilliseconds = Double(reader.positiveInteger(of: option))
    case "--output": output = reader.value(of: option)
    default: reader.fail("unknown argument \(option)")
    }
}

let server = ServerScope()
let log = server.log
let clock = server.clock

/// A contender: runs `iterations` operations.
struct Contender {
    let name: String
    let operation: String
    let run: (Int) -> Void
}

// Each iteration creates a scope from runtime values (the iteration's number) and the server's
// members, reads what a handler would, and releases the scope at the end of the iteration.
let contenders = [
    Contender(name: "hand-written-struct", operation: "create") { iterations in
        for index in 0..<iterations {
            let scope = HandWrittenScope(requestID: index, caller: index, log: log, clock: clock)
            blackHole(ObjectIdentifier(scope.auditor))
        }
    },
    Contender(name: "hand-written-class", operation: "create") { iterations in
        for index in 0..<iterations {
            let scope = HandWrittenClassScope(requestID: index, caller: index, log: log, clock: clock)
            blackHole(ObjectIdentifier(scope.auditor))
        }
    },
    Contender(name: "trellis-scope", operation: "create") { iterations in
        for index in 0..<iterations {
            let scope = server.request(requestID: index, caller: index)
            blackHole(ObjectIdentifier(scope.auditor))
        }
    },
    Contender(name: "trellis-parent-scope", operation: "create") { iterations in
        for index in 0..<iterations {
            let scope = server.parentedRequest(requestID: index, caller: index)
            blackHole(ObjectIdentifier(scope.auditor))
        }
    },
    Contender(name: "trellis-listed-inputs", operation: "create") { iterations in
        for index in 0..<iterations {
            let scope = server.listedRequest(requestID: index, caller: index)
            blackHole(ObjectIdentifier(scope.auditor))
        }
    },
    // The scope itself escapes, as it does into a server's request context: the first contender,
    // the reference, is the hand-written class (a struct kept there holds no object of its own).
    Contender(name: "hand-written-class", operation: "create, kept") { iterations in
        for index in 0..<iterations {
            blackHole(HandWrittenClassScope(requestID: index, caller: index, log: log, clock: clock))
        }
    },
    Contender(name: "trellis-scope", operation: "create, kept") { iterations in
        for index in 0..<iterations {
            blackHole(server.request(requestID: index, caller: index))
        }
    },
    Contender(name: "trellis-parent-scope", operation: "create, kept") { iterations in
        for index in 0..<iterations {
            blackHole(server.parentedRequest(requestID: index, caller: index))
        }
    },
    Contender(name: "hand-written-struct", operation: "create+handler") { iterations in
        for index in 0..<iterations {
            blackHole(HandWrittenScope(requestID: index, caller: index, log: log, clock: clock).handler)
        }
    },
    Contender(name: "hand-written-class", operation: "create+handler") { iterations in
        for index in 0..<iterations {
            blackHole(HandWrittenClassScope(requestID: index, caller: index, log: log, clock: clock).handler)
        }
    },
    Contender(name: "trellis-scope", operation: "create+handler") { iterations in
        for index in 0..<iterations {
            blackHole(server.request(requestID: index, caller: index).handler)
        }
    },
    Contender(name: "trellis-parent-scope", operation: "create+handler") { iterations in
        for index in 0..<iterations {
            blackHole(server.parentedRequest(requestID: index, caller: index).handler)
        }
    },
    Contender(name: "trellis-listed-inputs", operation: "create+handler") { iterations in
        for index in 0..<iterations {
            blackHole(server.listedRequest(requestID: index, caller: index).handler)
        }
    },
]

struct Measurement: Codable {
    var contender: String
    var operation: String
    var minimumNanoseconds: Double
    var medianNanoseconds: Double
    var ratioToHandWrittenStruct: Double
    var samplesNanoseconds: [Double]
}

RunRecord.warnIfDebug("ScopeBenchmarks")
var measurements: [Measurement] = []
for operation in ["create", "create+handler", "create, kept"] {
    let group = contenders.filter { $0.operation == operation }
    let samples = Timing.interleavedSamples(group.map(\.run), batchMilliseconds: batchMilliseconds, runs: runs)
    let reference = Timing.median(samples[0])
    for (index, contender) in group.enumerated() {
        let measurement = Measurement(
            contender: contender.name, operation: operation, minimumNanoseconds: samples[index].min()!,
            medianNanoseconds: Timing.median(samples[index]), ratioToHandWrittenStruct: Timing.median(samples[index]) / reference,
            samplesNanoseconds: samples[index])
        measurements.append(measurement)
        let figures = String(
            format: "min %8.2f ns  median %8.2f ns  %5.2fx", measurement.minimumNanoseconds, measurement.medianNanoseconds,
            measurement.ratioToHandWrittenStruct)
        print("\(padded(operation, 16))\(padded(contender.name, 22))\(figures)")
    }
}
/// The JSON document `--output` writes; `Scripts/report.py` turns it into the table of `results/latest.md`.
struct Report: Codable {
    var kind = "scope"
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
