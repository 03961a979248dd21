/// How the harnesses time contenders, in one place: each contender's batch is calibrated to last
/// about the same time, warmed up once, then the contenders run in rotating order for a number of
/// rounds, so that none always runs first or last; a figure is nanoseconds per operation.
public enum Timing {
    /// The nanoseconds in `duration`.
    public static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    /// The median of `values` (the mean of the middle two for an even count).
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The number of operations `run` performs in about `targetNanoseconds`: the smallest power of
    /// two that lasts an eighth of the target, scaled to the target.
    public static func calibratedBatch(targetNanoseconds: Double, _ run: (Int) -> Void) -> Int {
        let clock = ContinuousClock()
        var iterations = 1
        while true {
            let elapsed = nanoseconds(clock.measure { run(iterations) })
            if elapsed >= targetNanoseconds / 8 || iterations >= 1 << 30 {
                return max(1, Int(Double(iterations) * targetNanoseconds / max(elapsed, 1)))
            }
            iterations *= 2
        }
    }

    /// Nanoseconds per operation of each of `runners` (`run(n)` performs `n` operations), `runs`
    /// samples each: batches calibrated to `batchMilliseconds`, each run once untimed, then rounds
    /// in rotating order.
    public static func interleavedSamples(_ runners: [(Int) -> Void], batchMilliseconds: Double, runs: Int) -> [[Double]] {
        let clock = ContinuousClock()
        let batches = runners.map { calibratedBatch(targetNanoseconds: batchMilliseconds * 1e6, $0) }
        for (run, batch) in zip(runners, batches) { run(batch) }
        var samples = Array(repeating: [Double](), count: runners.count)
        for round in 0..<runs {
            for offset in 0..<runners.count {
                let index = (round + offset) % runners.count
                let elapsed = clock.measure { runners[index](batches[index]) }
                samples[index].append(nanoseconds(elapsed) / Double(batches[index]))
            }
        }
        return samples
    }
}
