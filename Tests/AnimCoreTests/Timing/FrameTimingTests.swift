import Testing

@testable import AnimCore

/// `FrameTiming` (the kernels' timing with its durations worked out at attach time) against
/// `MediaTiming.resolve`, bit for bit, over every fill mode, repeat form, speed and offset sign, and times
/// on and around cycle boundaries.
@Suite("FrameTiming resolves as MediaTiming does")
struct FrameTimingTests {
    private static let timings: [MediaTiming] = {
        var all: [MediaTiming] = []
        for fill in [FillMode.removed, .forwards, .backwards, .both] {
            for (count, repeatDuration) in [(0.0, 0.0), (3, 0), (2.5, 0), (.infinity, 0), (0, 1.7), (2, 0.9)] {
                for autoreverses in [false, true] {
                    for (speed, offset) in [(1.0, 0.0), (2, 0.3), (-1, 0.1), (0, 0.25), (0.5, -0.7)] {
                        for duration in [0.0, 0.1, 1, 2] {
                            all.append(
                                MediaTiming(
                                    beginTime: 0.5, duration: duration, speed: speed, timeOffset: offset,
                                    repeatCount: count, repeatDuration: repeatDuration, autoreverses: autoreverses,
                                    fillMode: fill))
                        }
                    }
                }
            }
        }
        return all
    }()

    @Test func resolutionsMatchBitForBit() {
        var times = Array(stride(from: -2.0, through: 8, by: 0.05))
        times += [0.5, 0.6, 0.8, 1.5, 2.5, 3.5, .infinity, -.infinity, .nan, 1e300, -0.0]
        for timing in Self.timings {
            let frame = FrameTiming(timing)
            for t in times {
                let fast = frame.resolve(parentTime: t)
                let general = timing.resolve(parentTime: t)
                #expect(fast.phase == general.phase, "\(timing) at \(t)")
                #expect(fast.fraction?.bitPattern == general.fraction?.bitPattern, "\(timing) at \(t)")
                #expect(fast.cycle == general.cycle, "\(timing) at \(t)")
                #expect(fast.isReversed == general.isReversed, "\(timing) at \(t)")
            }
        }
    }
}
