// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: the key times `KeyframeProgram.effectiveKeyTimes` makes (i / n), bit for bit.
// Checked by: EvenKeyTimesTests.

/// The evenly spaced key times i / n (the default of a keyframe animation) for every n up to `maxLast`,
/// computed once for the whole process and never freed. Every evenly spaced keyframe kernel with as many
/// keys points at the same row (`LaneKeyframeKernel.evenTimes`), so a frame finds them in cache instead
/// of dividing (three dependent divisions) or loading its own copy (a cache miss per layer).
enum EvenKeyTimes {
    /// The longest animation with a shared row (in segments); longer ones use their own key times.
    static let maxLast = 32
    /// Doubles per row: a multiple of eight, so each row starts on a cache line (short rows fit in one).
    private static let rowStride = 40

    /// Row n at n · rowStride: rows[n · rowStride + i] = Double(i) / Double(n) for i in 0...n. Written once
    /// in its initializer and only read after (hence safe to share).
    nonisolated(unsafe) private static let rows: UnsafePointer<Double> = {
        let rows = UnsafeMutableRawPointer.allocate(
            byteCount: (maxLast + 1) * rowStride * MemoryLayout<Double>.stride, alignment: 64
        ).bindMemory(to: Double.self, capacity: (maxLast + 1) * rowStride)
        rows.initialize(repeating: 0, count: (maxLast + 1) * rowStride)
        for n in 1...maxLast {
            for i in 0...n { rows[n * rowStride + i] = Double(i) / Double(n) }
        }
        return UnsafePointer(rows)
    }()

    /// The n + 1 times i / n, the same divisions `KeyframeProgram` makes; nil when n is 0 or over `maxLast`.
    static func row(_ n: Int) -> UnsafePointer<Double>? {
        guard n >= 1, n <= maxLast else { return nil }
        return rows + n * rowStride
    }
}
