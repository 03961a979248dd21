import BenchmarkSupport
import Dispatch
import Foundation
import Swinject
import Trellis

// Loads from one container by many tasks at once (issue 27). Each contender performs the same total
// number of loads in one task or split over `--tasks` child tasks of one task group (the cooperative
// pool has one thread per core); the figure is nanoseconds per load of the whole batch, so on two
// cores a load path that writes no memory shared between threads runs the split batch in about half
// the time of the one task, and one that writes a cache line every core needs (a reference count)
// takes longer. Every load's result is used in place: its identity goes to an opaque sink.
//
// Contenders: hand-written code holding the object it reads (the floor), and the same read keeping a
// reference as `load` hands one to its caller; the runtime container (`ContainerBuilder` ->
// `RuntimeContainer`) through `load`, `await load` and `withLoaded`; Swinject's synchronized
// resolver (its thread-safe mode) as a peer. Timing as in the other harnesses: calibrated batches, a
// warm-up, rounds in rotating order, median and minimum reported.

var runs = 15
var batchMilliseconds = 40.0
var tasks = 8
var output: String?
var reader = ArgumentReader(
    Array(CommandLine.arguments.dropFirst()),
    usage: "usage: ConcurrentLoadBenchmarks [--quick] [--runs N] [--batch-ms MS] [--tasks N] [--output FILE]")
while let option = reader.nextOption() {
    switch option {
    case "--quick":
        runs = 5
        batchMilliseconds = 10
    case "--runs": runs = reader.positiveInteger(of: option)
    case "--batch-ms": batchMilliseconds = Double(reader.positiveInteger(of: option))
    case "--tasks": tasks = reader.positiveInteger(of: option)
    case "--output": output = reader.value(of: option)
    default: reader.fail("unknown argument \(option)")
    }
}

/// A singleton every load returns.
final class Database: Sendable {
    let connections = 4
}

/// A singleton registered under a name.
final class Cache: Sendable {
    let capacity = 128
}

/// A transient value type: a load builds one from the singleton.
struct Handler {
    let database: Database
}

/// Hand-written code that keeps what it reads: the floor for a load.
final class HandWritten: Sendable {
    let database = Database()
    let cache = Cache()
    var handler: Handler { Handler(database: database) }
}

let handWritten = HandWritten()
let runtime = ContainerBuilder()
    .registerSingleton { Database() }
    .registerSingleton(name: "primary") { Cache() }
    .register { (resolver: Trellis.Resolver) in Handler(database: resolver.load()) }
    .build()
_ = runtime.load(Database.self)
_ = runtime.load(Cache.self, name: "primary")

/// Swinject's container is thread-safe only through `synchronize()`; the resolver it returns is
/// what a multi-threaded program must use.
struct SwinjectResolver: @unchecked Sendable {
    let resolver: any Swinject.Resolver
}
let swinject: SwinjectResolver = {
    let container = Container()
    container.register(Database.self) { _ in Database() }.inObjectScope(.container)
    container.register(Cache.self, name: "primary") { _ in Cache() }.inObjectScope(.container)
    container.register(Handler.self) { resolver in Handler(database: resolver.resolve(Database.self)!) }
    let resolver = container.synchronize()
    _ = resolver.resolve(Database.self)
    _ = resolver.resolve(Cache.self, name: "primary")
    return SwinjectResolver(resolver: resolver)
}()

/// Runs `body(loads)` on `taskCount` child tasks sharing `total` loads, and waits for them.
func onTasks(_ taskCount: Int, _ total: Int, _ body: @escaping @Sendable (Int) async -> Void) {
    waitFor {
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<taskCount {
                let share = total / taskCount + (index < total % taskCount ? 1 : 0)
                group.addTask { await body(share) }
            }
        }
    }
}

/// One way of loading, run in one task and split over `tasks` tasks.
struct Contender {
    let name: String
    let operation: String
    let loads: @Sendable (Int) async -> Void

    /// Synchronous loads, run inside the task (here `load` is the synchronous overload; in the
    /// task's own async context Swift would choose the `async` one).
    init(name: String, operation: String, _ loads: @escaping @Sendable (Int) -> Void) {
        self.init(name: name, operation: operation, asynchronous: { loads($0) })
    }

    init(name: String, operation: String, asynchronous loads: @escaping @Sendable (Int) async -> Void) {
        self.name = name
        self.operation = operation
        self.loads = loads
    }
}

let contenders = [
    Contender(name: "hand-written", operation: "singleton") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(handWritten.database)) }
    },
    Contender(name: "hand-written-retained", operation: "singleton") { count in
        for _ in 0..<count {
            let kept = Unmanaged.passRetained(handWritten.database)
            blackHole(ObjectIdentifier(kept.takeUnretainedValue()))
            kept.release()
        }
    },
    Contender(name: "trellis-runtime", operation: "singleton") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(runtime.load(Database.self))) }
    },
    Contender(
        name: "trellis-async-load", operation: "singleton",
        asynchronous: { count in
            for _ in 0..<count { blackHole(ObjectIdentifier(await runtime.load(Database.self))) }
        }),
    Contender(name: "trellis-withLoaded", operation: "singleton") { count in
        for _ in 0..<count { runtime.withLoaded(Database.self) { blackHole(ObjectIdentifier($0)) } }
    },
    Contender(name: "swinject", operation: "singleton") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(swinject.resolver.resolve(Database.self)!)) }
    },
    Contender(name: "hand-written", operation: "named singleton") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(handWritten.cache)) }
    },
    Contender(name: "trellis-runtime", operation: "named singleton") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(runtime.load(Cache.self, name: "primary"))) }
    },
    Contender(name: "trellis-withLoaded", operation: "named singleton") { count in
        for _ in 0..<count { runtime.withLoaded(Cache.self, name: "primary") { blackHole(ObjectIdentifier($0)) } }
    },
    Contender(name: "swinject", operation: "named singleton") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(swinject.resolver.resolve(Cache.self, name: "primary")!)) }
    },
    Contender(name: "hand-written", operation: "transient") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(handWritten.handler.database)) }
    },
    Contender(name: "trellis-runtime", operation: "transient") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(runtime.load(Handler.self).database)) }
    },
    Contender(name: "swinject", operation: "transient") { count in
        for _ in 0..<count { blackHole(ObjectIdentifier(swinject.resolver.resolve(Handler.self)!.database)) }
    },
]

struct Measurement: Codable {
    var contender: String
    var operation: String
    /// How many tasks shared the batch: 1, or `--tasks`.
    var taskCount: Int
    var minimumNanoseconds: Double
    var medianNanoseconds: Double
    /// Median against hand-written code in one task doing the same loads.
    var ratioToHandWritten: Double
    /// For the split batch: median against the same contender in one task.
    var ratioToOneTask: Double?
    var samplesNanoseconds: [Double]
}

RunRecord.warnIfDebug("ConcurrentLoadBenchmarks")
print("\(ProcessInfo.processInfo.activeProcessorCount) cores, \(tasks) tasks")
var measurements: [Measurement] = []
for operation in ["singleton", "named singleton", "transient"] {
    let group = contenders.filter { $0.operation == operation }
    let runners: [(Int) -> Void] = group.flatMap { contender -> [(Int) -> Void] in
        let loads = contender.loads
        let taskCount = tasks
        return [{ onTasks(1, $0, loads) }, { onTasks(taskCount, $0, loads) }]
    }
    let samples = Timing.interleavedSamples(runners, batchMilliseconds: batchMilliseconds, runs: runs)
    let reference = Timing.median(samples[0])
    for (index, contender) in group.enumerated() {
        let single = Timing.median(samples[2 * index])
        for (offset, taskCount) in [1, tasks].enumerated() {
            let values = samples[2 * index + offset]
            let median = Timing.median(values)
            let againstOneThread: Double? = offset == 1 ? median / single : nil
            let measurement = Measurement(
                contender: contender.name, operation: operation, taskCount: taskCount, minimumNanoseconds: values.min()!,
                medianNanoseconds: median, ratioToHandWritten: median / reference,
                ratioToOneTask: againstOneThread, samplesNanoseconds: values)
            measurements.append(measurement)
            var figures = String(
                format: "min %8.2f ns  median %8.2f ns  %6.2fx hand-written", measurement.minimumNanoseconds, median,
                measurement.ratioToHandWritten)
            if let ratio = measurement.ratioToOneTask { figures += String(format: "  %5.2fx one task", ratio) }
            print(
                "\(padded(operation, 17))\(padded(contender.name, 22))\(padded(taskCount == 1 ? "1 task" : "\(taskCount) tasks", 10))\(figures)"
            )
        }
    }
}

/// The JSON document `--output` writes; `Scripts/report.py` turns it into a table of `results/latest.md`.
struct Report: Codable {
    var kind = "concurrent-load"
    var configuration: String
    var date: String
    var cores: Int
    var tasks: Int
    var runs: Int
    var batchMilliseconds: Double
    var loadAverageAtStart: String
    var measurements: [Measurement]
}

if let output {
    try RunRecord.write(
        Report(
            configuration: RunRecord.configuration, date: RunRecord.now, cores: ProcessInfo.processInfo.activeProcessorCount,
            tasks: tasks, runs: runs, batchMilliseconds: batchMilliseconds, loadAverageAtStart: RunRecord.loadAverage(),
            measurements: measurements),
        to: output)
}
