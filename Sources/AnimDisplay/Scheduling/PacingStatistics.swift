/// Commit-to-photon latencies (a commit's arrival to the flip timestamp of the first frame showing it), counted
/// in fixed buckets so `animctl status` can print them without keeping every sample.
public struct LatencyHistogram: Hashable, Sendable {
    /// Upper bounds of the buckets in seconds, ascending; the last bucket holds everything above the last bound.
    public static let bounds: [Double] = [0.008, 0.016, 0.024, 0.033, 0.050, 0.067, 0.100]

    /// One count per bucket: `bounds.count + 1` of them.
    public private(set) var counts: [UInt64]
    public private(set) var total: UInt64 = 0
    public private(set) var sum: Double = 0
    public private(set) var max: Double = 0

    public init() {
        counts = Array(repeating: 0, count: Self.bounds.count + 1)
    }

    /// Counts `seconds` in its bucket (a latency of exactly a bound falls in that bound's bucket). Negative
    /// latencies (a commit stamped after the flip it raced) count as 0.
    public mutating func record(_ seconds: Double) {
        let value = Swift.max(0, seconds)
        let bucket = Self.bounds.firstIndex { value <= $0 } ?? Self.bounds.count
        counts[bucket] += 1
        total += 1
        sum += value
        max = Swift.max(max, value)
    }

    /// The bucket bound at or above the `p` quantile (0…1): an upper estimate; infinity in the last bucket, 0
    /// before any sample.
    public func quantileBound(_ p: Double) -> Double {
        guard total > 0 else { return 0 }
        let rank = Swift.max(1, UInt64((p * Double(total)).rounded(.up)))
        var seen: UInt64 = 0
        for (index, count) in counts.enumerated() {
            seen += count
            if seen >= rank { return index < Self.bounds.count ? Self.bounds[index] : .infinity }
        }
        return .infinity
    }
}

/// What the frame scheduler measured from the flip timestamps since the output started.
public struct PacingStatistics: Hashable, Sendable {
    /// Frames whose flip completed.
    public var framesPresented: UInt64 = 0
    /// Vblanks a frame should have been shown at but was not (its deadline or its flip was missed).
    public var missedVblanks: UInt64 = 0
    /// Flips the kernel reported for a vblank no later than the previous flip's (by its sequence number): two
    /// pictures in one refresh, which one-flip-at-a-time pacing must never produce. 0 where the driver counts no
    /// sequences.
    public var sharedVblanks: UInt64 = 0
    /// Seconds frames reached the screen later than the vblank they were composed for.
    public var hitchTime: Double = 0
    /// Seconds of continuous frames: each presented frame covers the time from the previous flip (or one
    /// refresh before its target after an idle gap) to its own flip.
    public var animatedTime: Double = 0
    public var commitToPhoton = LatencyHistogram()
    /// The refresh interval measured from the flip timestamps (the mode's until two flips are seen).
    public var refreshInterval: Double

    public init(refreshInterval: Double) {
        self.refreshInterval = refreshInterval
    }

    /// Hitch time per animated time (Apple's "hitch-time ratio"; 0.002 is 2 ms/s). 0 before any animated time.
    public var hitchRatio: Double { animatedTime > 0 ? hitchTime / animatedTime : 0 }
}
