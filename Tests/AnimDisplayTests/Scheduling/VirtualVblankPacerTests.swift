import Testing

@testable import AnimDisplay

@Suite("Virtual vblanks of the headless output")
struct VirtualVblankPacerTests {
    static let hz60 = 1.0 / 60

    @Test("A frame is composed at its vblank and evaluated at that vblank's time though the timer wakes late")
    func lateWakeUp() {
        let pacer = VirtualVblankPacer(interval: Self.hz60, start: 2)
        // Wanted a little after vblank 300: it belongs to it (planned before it came).
        let vblank = pacer.time(ofVblank: 300)
        #expect(vblank == 2 + 300 * Self.hz60)
        #expect(pacer.plan(wanted: vblank + 0.001, now: vblank - 0.01) == .compose(start: vblank, presentation: vblank))
        // The timer wakes 7 ms late: the frame is still vblank 300's.
        #expect(pacer.beginFrame(now: vblank + 0.007) == vblank)
        // The next one, wanted an interval after it, is the next vblank's, at its exact time.
        let next = pacer.time(ofVblank: 301)
        #expect(
            pacer.plan(wanted: vblank + Self.hz60, now: vblank + 0.008) == .compose(start: next, presentation: next))
        #expect(pacer.beginFrame(now: next + 0.015) == next)
    }

    @Test("Never two frames in one vblank: a frame wanted at once after the last one waits for the next vblank")
    func oneFramePerVblank() {
        let pacer = VirtualVblankPacer(interval: Self.hz60)
        let first = pacer.time(ofVblank: 600)
        #expect(pacer.plan(wanted: first, now: first) == .compose(start: first, presentation: first))
        #expect(pacer.beginFrame(now: first) == first)
        let second = pacer.time(ofVblank: 601)
        #expect(
            pacer.plan(wanted: first + 0.000_1, now: first + 0.000_1) == .compose(start: second, presentation: second))
    }

    @Test("A frame wanted in the first half of an interval after a vblank is that vblank's, composed at once")
    func wantedAfterItsVblank() {
        let pacer = VirtualVblankPacer(interval: Self.hz60)
        let vblank = pacer.time(ofVblank: 120)
        let commit = vblank + 0.3 * Self.hz60
        #expect(pacer.plan(wanted: commit, now: commit) == .compose(start: vblank, presentation: vblank))
        #expect(pacer.beginFrame(now: commit + 0.001) == vblank)
        // Wanted in the second half: the next vblank's.
        let next = pacer.time(ofVblank: 122)
        #expect(
            pacer.plan(wanted: next - 0.4 * Self.hz60, now: commit + 0.002) == .compose(start: next, presentation: next)
        )
    }

    @Test("Nothing wanted: idle; a still clock's frames are not paced")
    func idle() {
        let pacer = VirtualVblankPacer(refreshRate: 50)
        #expect(pacer.interval == 1.0 / 50)
        #expect(pacer.plan(wanted: nil, now: 3) == .idle)
        #expect(pacer.eventDescriptor == -1)
        #expect(!pacer.pacesStillClock)
        #expect(VirtualVblankPacer(refreshRate: 0).interval == Self.hz60)
    }
}
