/// The durations of the last `capacity` frames, in seconds, for p50, p99 and max: the server's evaluation
/// times and the output's render times.
public struct FrameTimeSamples: Sendable {
    public let capacity: Int
    private var samples: [Double] = []
    private var next = 0

    public init(capacity: Int = 600) {
        self.capacity = max(1, capacity)
        samples.reserveCapacity(self.capacity)
    }

    public mutating func record(_ seconds: Double) {
        if samples.count < capacity {
            samples.append(seconds)
        } else {
            samples[next] = seconds
        }
        next = (next + 1) % capacity
    }

    /// Nearest-rank percentiles over the window; zeros before the first frame.
    public var summary: FrameTimeSummary {
        guard !samples.isEmpty else { return FrameTimeSummary(p50: 0, p99: 0, max: 0) }
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double {
            let index = Int((p * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
        }
        return FrameTimeSummary(p50: rank(0.5), p99: rank(0.99), max: sorted[sorted.count - 1])
    }
}

/// Frame durations over the recent frames, in seconds.
public struct FrameTimeSummary: Hashable, Sendable {
    public var p50: Double
    public var p99: Double
    public var max: Double

    public init(p50: Double, p99: Double, max: Double) {
        self.p50 = p50
        self.p99 = p99
        self.max = max
    }
}
