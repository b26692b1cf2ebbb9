import Testing

@testable import AnimCore

/// Evenly spaced keyframe kernels read their key times from rows shared by the whole process
/// (`EvenKeyTimes`) instead of dividing: the rows must hold exactly the divisions `KeyframeProgram` makes,
/// and kernels with and without a shared row must give the general program's values bit for bit.
@Suite("Evenly spaced keyframes read shared key times")
struct EvenKeyTimesTests {
    @Test func rowsHoldTheDivisions() throws {
        for n in 1...EvenKeyTimes.maxLast {
            let row = try #require(EvenKeyTimes.row(n))
            for i in 0...n {
                #expect(row[i].bitPattern == (Double(i) / Double(n)).bitPattern, "\(i) / \(n)")
            }
        }
        #expect(EvenKeyTimes.row(0) == nil)
        #expect(EvenKeyTimes.row(EvenKeyTimes.maxLast + 1) == nil)
    }

    /// 2, 3 and 33 keys (shared rows for the first two, the program's own times for the last), linear and
    /// cubic, at every key time, next to it and between.
    @Test(arguments: [KeyframeAnimation.CalculationMode.linear, .cubic])
    func kernelsMatchTheGeneralProgram(mode: KeyframeAnimation.CalculationMode) throws {
        let model = LayerState()
        for count in [2, 3, EvenKeyTimes.maxLast + 2] {
            let values: [PropertyValue] = (0..<count).map {
                .point(Point(x: Double($0 * 20) + 0.1, y: Double(($0 * 37) % 50) - 0.3))
            }
            let k = KeyframeAnimation(
                keyPath: try AnimKeyPath("position", on: .layer), values: values, calculationMode: mode)
            let general = try KeyframeProgram(k, timing: MediaTiming(duration: 1), timingFunction: .easeIn)
            let fast = try #require(LaneKeyframeProgram(general))
            #expect(fast.kernel.isEvenlySpaced)
            let last = count - 1
            if let shared = EvenKeyTimes.row(last) {
                #expect(fast.kernel.evenTimes == shared)
            } else {
                #expect(fast.kernel.evenTimes == fast.kernel.keyTimes)
            }
            var times = Array(stride(from: -0.01, through: 1.01, by: 0.0007))
            for i in 0...last {
                let t = Double(i) / Double(last)
                times += [t, t.nextDown, t.nextUp]
            }
            expectKernelMatchesGeneral(fast, general, model: model, at: times, "\(count)")
        }
    }
}
