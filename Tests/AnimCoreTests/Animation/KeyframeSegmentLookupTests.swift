import Testing

@testable import AnimCore

/// The keyframe kernel works evenly spaced key times out instead of loading them and finds the segment
/// from f · last and a walk; others take the binary search. Both give the general program's value, bit for
/// bit, for even, uneven and repeated key times, at every key time itself and around it.
@Suite("The keyframe kernel's segment lookup matches the general program")
struct KeyframeSegmentLookupTests {
    private static let keyTimeSets: [[Double]?] = [
        nil,
        [0, 0.2, 0.4, 0.6, 0.8, 1],
        [0, 0.05, 0.3, 0.31, 0.8, 1],
        [0, 0.5, 0.5, 0.5, 0.9, 1],
        [0, 0, 0, 0.2, 1, 1],
        [0, 0.9, 0.95, 0.97, 0.99, 1],
        [0, 0.01, 0.02, 0.03, 0.04, 1],
    ]

    @Test(arguments: [KeyframeAnimation.CalculationMode.linear, .cubic])
    func segmentsMatchTheGeneralProgram(mode: KeyframeAnimation.CalculationMode) throws {
        let model = LayerState()
        let values: [PropertyValue] = (0..<6).map { .point(Point(x: Double($0 * 20), y: Double(($0 * 37) % 50))) }
        for keyTimes in Self.keyTimeSets {
            let k = KeyframeAnimation(
                keyPath: try AnimKeyPath("position", on: .layer), values: values, keyTimes: keyTimes,
                calculationMode: mode)
            let timing = MediaTiming(duration: 1)
            let general = try KeyframeProgram(k, timing: timing, timingFunction: nil)
            let fast = try #require(LaneKeyframeProgram(general))
            let even = keyTimes == nil || keyTimes == [0, 0.2, 0.4, 0.6, 0.8, 1]
            #expect(fast.kernel.isEvenlySpaced == even, "\(String(describing: keyTimes))")
            var times = Array(stride(from: -0.01, through: 1.01, by: 0.001))
            for t in keyTimes ?? [0, 0.2, 0.4, 0.6, 0.8, 1] {
                times += [t, t.nextDown, t.nextUp]
            }
            expectKernelMatchesGeneral(fast, general, model: model, at: times, "\(mode)")
        }
    }

    /// Four-lane values (stored wide) with segment timing functions (stored beside the segments).
    @Test(arguments: [KeyframeAnimation.CalculationMode.linear, .cubic])
    func wideSegmentsWithFunctionsMatchTheGeneralProgram(mode: KeyframeAnimation.CalculationMode) throws {
        let model = LayerState()
        let rects = [
            Rect(x: 0, y: 0, width: 10, height: 2), Rect(x: 1, y: 3, width: 12, height: 2),
            Rect(x: 2, y: 2, width: 14, height: 5), Rect(x: -3, y: 1, width: 11, height: 2),
            Rect(x: 4, y: 0, width: 13, height: 9),
        ]
        let values = rects.map { PropertyValue.rect($0) }
        let k = KeyframeAnimation(
            keyPath: try AnimKeyPath("bounds", on: .layer), values: values,
            timingFunctions: [.easeIn, .linear, .default, .easeOut], calculationMode: mode)
        let general = try KeyframeProgram(k, timing: MediaTiming(duration: 1), timingFunction: nil)
        let fast = try #require(LaneKeyframeProgram(general))
        #expect(!fast.kernel.isNarrow)
        for t in stride(from: -0.01, through: 1.01, by: 0.003) {
            var viaKernel = model
            var viaGeneral = model
            var none: TransitionProgress?
            fast.kernel.apply(parentTime: t, to: &viaKernel)
            general.apply(parentTime: t, model: model, to: &viaGeneral, transition: &none, key: nil)
            #expect(viaKernel == viaGeneral, "\(mode) \(t)")
            #expect(viaKernel.bounds.size.width.bitPattern == viaGeneral.bounds.size.width.bitPattern)
        }
    }
}
