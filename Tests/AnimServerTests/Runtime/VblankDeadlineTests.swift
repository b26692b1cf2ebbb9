import AnimDisplay
import Testing

/// The virtual vblank a headless server's frame is drawn for (`VirtualVblankPacer.vblank`).
@Suite struct VblankDeadlineTests {
    static let period = 1.0 / 60

    /// A vblank reached as "the last one plus a period" and the same vblank reached as "n periods" may differ in
    /// the last bit (5047.416666666666 and 5047.416666666667 here): compared as numbers, a frame wanted just after
    /// the first one ran a second frame in the same vblank, 75 frames a second at 60 Hz under a flood of commits.
    @Test func aFrameWantedJustAfterTheLastOneWaitsForTheNextVblank() {
        let first = vblankDeadline(wanted: 5047.4, period: Self.period, lastFrame: nil)
        #expect(abs(first - 5047.4) < 1e-9)
        // Wanted at once after the frame: the next vblank.
        let second = vblankDeadline(wanted: first + 0.000_1, period: Self.period, lastFrame: first)
        #expect(abs(second - first - Self.period) < 1e-9)
        // Wanted a little after that frame ran: the one after, not `second` once more.
        let third = vblankDeadline(wanted: second + 0.001, period: Self.period, lastFrame: second)
        #expect(abs(third - second - Self.period) < 1e-9)
    }

    @Test func aFrameWantedInTheFirstHalfOfAPeriodBelongsToTheVblankBeforeIt() {
        let vblank = 100 * Self.period
        #expect(
            vblankDeadline(wanted: vblank + 0.3 * Self.period, period: Self.period, lastFrame: nil) == vblank)
        #expect(
            abs(
                vblankDeadline(wanted: vblank + 0.7 * Self.period, period: Self.period, lastFrame: nil) - vblank
                    - Self.period) < 1e-9)
    }
}

/// The time of the virtual vblank (vblank 0 at time 0) that a frame wanted at `wanted` is drawn for, after the one
/// at `lastFrame`.
private func vblankDeadline(wanted: Double, period: Double, lastFrame: Double?) -> Double {
    let last = lastFrame.map { Int64(($0 / period).rounded()) }
    return Double(VirtualVblankPacer.vblank(wanted: wanted, interval: period, after: last)) * period
}
