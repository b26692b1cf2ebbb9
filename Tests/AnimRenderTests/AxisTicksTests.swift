import Testing

@testable import AnimRender

@Suite("AxisTicks")
struct AxisTicksTests {
    @Test(arguments: [
        (0.13, 0.2), (0.3, 0.5), (0.7, 1.0), (1.0, 1.0), (2.1, 5.0), (45.0, 50.0), (0.01, 0.01), (6.0, 10.0),
        (1200.0, 2000.0),
    ])
    func niceStepIsTheNextOneTwoOrFive(raw: Double, expected: Double) {
        #expect(abs(AxisTicks.niceStep(for: raw) - expected) < expected * 1e-12)
    }

    @Test func ticksForZeroToTen() {
        let ticks = AxisTicks(range: 0...10, maximumCount: 5)
        #expect(ticks.step == 2)
        #expect(ticks.values == [0, 2, 4, 6, 8, 10])
        #expect(ticks.values.map(ticks.label(for:)) == ["0", "2", "4", "6", "8", "10"])
    }

    @Test func ticksStayInsideAMarginedRange() {
        let ticks = AxisTicks(range: -0.5...10.5, maximumCount: 8)
        #expect(ticks.step == 2)
        #expect(ticks.values == [0, 2, 4, 6, 8, 10])
    }

    @Test func fractionalStepsGetMatchingDecimals() {
        let ticks = AxisTicks(range: -0.05...1.05, maximumCount: 7)
        #expect(abs(ticks.step - 0.2) < 1e-15)
        #expect(ticks.decimals == 1)
        #expect(ticks.values.map(ticks.label(for:)) == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        let tenths = AxisTicks(range: 0...1, maximumCount: 10)
        #expect(tenths.decimals == 1)
        #expect(tenths.values.count == 11)
        #expect(tenths.label(for: tenths.values[3]) == "0.3")
    }

    @Test func negativeRangesAndZero() {
        let ticks = AxisTicks(range: -3...7, maximumCount: 5)
        #expect(ticks.values == [-2, 0, 2, 4, 6])
        #expect(ticks.values.map(ticks.label(for:)) == ["-2", "0", "2", "4", "6"])
    }

    @Test func formatting() {
        #expect(AxisTicks.format(1234.5678, decimals: 2) == "1234.57")
        #expect(AxisTicks.format(0.05, decimals: 2) == "0.05")
        #expect(AxisTicks.format(-0.0001, decimals: 1) == "0.0")
        #expect(AxisTicks.format(-2.5, decimals: 0) == "-3")
        #expect(AxisTicks.format(-0.25, decimals: 2) == "-0.25")
        #expect(AxisTicks.format(1e20, decimals: 0) == "1e+20")
    }
}
