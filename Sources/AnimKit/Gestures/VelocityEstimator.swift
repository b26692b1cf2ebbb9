/// A quantity's rate of change from timed samples, as UIKit estimates a pan's velocity: over the samples of
/// the last `window` seconds (100 ms), from the oldest of them to the newest; when only the newest is that
/// recent, from the one before it. Timestamps are the events' exact media times, so a finger moving at a
/// constant speed gives that speed exactly; one that stopped before lifting gives 0.
struct VelocityEstimator {
    static let window = 0.1
    private var samples: [(time: Double, value: [Double])] = []

    mutating func reset() { samples = [] }

    /// A sample at `time`; one at the same time as the newest replaces it.
    mutating func add(_ value: [Double], at time: Double) {
        if let last = samples.last, last.time >= time {
            samples[samples.count - 1] = (max(last.time, time), value)
        } else {
            samples.append((time, value))
        }
        // Enough history for the window, and the sample just before it.
        while samples.count > 2, samples[1].time < time - Self.window { samples.removeFirst() }
    }

    /// Per second, one rate per component; zeros with fewer than two samples.
    func velocity(components: Int) -> [Double] {
        guard let newest = samples.last, samples.count >= 2 else { return Array(repeating: 0, count: components) }
        var oldest = samples[samples.count - 2]
        for sample in samples.dropLast() where sample.time >= newest.time - Self.window {
            oldest = sample
            break
        }
        let dt = newest.time - oldest.time
        guard dt > 0 else { return Array(repeating: 0, count: components) }
        return zip(newest.value, oldest.value).map { ($0 - $1) / dt }
    }
}

extension VelocityEstimator {
    var isEmpty: Bool { samples.isEmpty }
}
