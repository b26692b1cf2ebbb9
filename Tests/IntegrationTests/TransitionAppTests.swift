import AnimKit
import AnimTestSupport
import Foundation
import Testing

/// examples/transitions-001 (seed 001) on a 240 × 160 output: driven by `animctl input` at fixed manual-clock
/// times, its frames compared with goldens (software within 2/255 on 99.9 % of pixels, GLES within
/// `RenderTolerance.gles`); a scene a transition returns to must come back exactly, pixel for pixel.
@Suite struct TransitionApp001Tests {
    // Where the app's buttons are on a 240 × 160 scene (examples/transitions-001/SceneContent.swift lays them out).
    static let presentCard = (120.0, 52.0)
    static let pushDetail = (120.0, 91.0)
    static let showSheet = (120.0, 130.0)
    static let closeCard = (120.0, 103.0)
    static let dimming = (120.0, 40.0)

    @Test(arguments: TestRenderers.all)
    func theCardScalesFromFourFifthsAndFadesInThenBackOut(renderer: String) throws {
        let app = try TransitionAppRun("example-transitions-001", renderer: renderer)
        let t = try app.now
        let home = try app.expectFrame("transitions-001-home")
        try app.tap(Self.presentCard.0, Self.presentCard.1)
        #expect(app.expectLine("present card began"))
        // The card animator lasts 0.4 s: halfway, the card is at scale 0.9 and half transparent over the home scene.
        try app.moveClock(to: t + 0.2)
        try app.expectFrame("transitions-001-card-presenting")
        try app.moveClock(to: t + 0.5)
        #expect(app.expectLine("present card finished"))
        try app.expectFrame("transitions-001-card-presented")
        try app.tap(Self.closeCard.0, Self.closeCard.1)
        #expect(app.expectLine("dismiss card began"))
        // The dismissal is the presentation reversed: 0.2 s into it the frame is the one 0.2 s into the presentation.
        try app.moveClock(to: t + 0.7)
        try app.expectFrame("transitions-001-card-presenting")
        try app.moveClock(to: t + 1)
        #expect(app.expectLine("dismiss card finished"))
        try app.expectFrame(identicalTo: home, "transitions-001-after-the-card")
        // The card is gone from the screen and from input: the button under where its Close was pushes the detail.
        try app.tap(Self.pushDetail.0, Self.pushDetail.1)
        #expect(app.expectLine("push detail began"))
        #expect(!app.lines.contains { $0.hasPrefix("dismiss card refused") })
    }

    @Test(arguments: TestRenderers.all)
    func theEdgePanPopFinishesPastHalfOrOnAFlickAndCancelsBelow(renderer: String) throws {
        let app = try TransitionAppRun("example-transitions-001", renderer: renderer)
        let t = try app.now
        let home = try app.frame()
        try app.tap(Self.pushDetail.0, Self.pushDetail.1)
        #expect(app.expectLine("push detail began"))
        try app.moveClock(to: t + 0.2)
        try app.expectFrame("transitions-001-pushing")
        // Back, tapped where the sliding bar shows it, is refused while the push runs (nothing is queued).
        try app.tap(144, 12)
        #expect(
            eventually(timeout: 20) {
                app.lines.contains { $0.hasPrefix("pop detail refused: ") && $0.contains("is in progress") }
            }, "\(app.lines)")
        try app.moveClock(to: t + 0.5)
        #expect(app.expectLine("push detail finished"))
        let detail = try app.expectFrame("transitions-001-detail")

        // Away from the left edge a pan pops nothing.
        try app.moveClock(to: t + 1)
        try app.drag(100, 80, 200, 80, steps: 16)
        try app.expectFrame(identicalTo: detail, "transitions-001-pan-off-the-edge")
        #expect(!app.lines.contains { $0.hasPrefix("pop detail interactively") })

        // A quarter of the width at 60 pt/s: cancelled, the detail back exactly as it was.
        try app.moveClock(to: t + 2)
        try app.drag(2, 80, 62, 80, steps: 64)
        #expect(try app.settle(until: "pop detail cancelled"))
        #expect(app.lines.contains("pop released at 25 % moving 60 pt/s: cancel"))
        try app.expectFrame(identicalTo: detail, "transitions-001-pop-cancelled")

        // Four fifths at 192 pt/s: finished, the home scene back exactly. Halfway (the 40th move, 120 points) the
        // paused transition shows its middle: the linear animator's layers half across, the title half faded in.
        try app.moveClock(to: t + 5)
        try app.drag(
            2, 80, 194, 80, steps: 64,
            pause: (
                40,
                {
                    #expect(app.expectLine("pop detail at 50 %"))
                    try app.expectFrame("transitions-001-pop-at-half")
                }
            ))
        #expect(try app.settle(until: "pop detail finished"))
        #expect(app.lines.contains("pop released at 80 % moving 192 pt/s: finish"))
        try app.expectFrame(identicalTo: home, "transitions-001-pop-finished")

        // A sixth of the width flicked at 640 pt/s (faster than 300, 600 design points a second) finishes too.
        try app.moveClock(to: t + 8)
        try app.tap(Self.pushDetail.0, Self.pushDetail.1)
        #expect(app.expectLine("push detail began", times: 2))
        try app.moveClock(to: t + 8.5)
        #expect(app.expectLine("push detail finished", times: 2))
        try app.drag(2, 80, 42, 80, steps: 4)
        #expect(try app.settle(until: "pop detail finished", times: 2))
        #expect(app.lines.contains("pop released at 17 % moving 640 pt/s: finish"))
        try app.expectFrame(identicalTo: home, "transitions-001-pop-flicked")
    }

    @Test(arguments: TestRenderers.all)
    func theSheetRisesOverADimmingLayerThatATapOutsideDismisses(renderer: String) throws {
        let app = try TransitionAppRun("example-transitions-001", renderer: renderer)
        let t = try app.now
        let home = try app.frame()
        try app.tap(Self.showSheet.0, Self.showSheet.1)
        #expect(app.expectLine("present sheet began"))
        try app.moveClock(to: t + 0.2)
        try app.expectFrame("transitions-001-sheet-presenting")
        try app.moveClock(to: t + 0.5)
        #expect(app.expectLine("present sheet finished"))
        try app.expectFrame("transitions-001-sheet-presented")
        // The dimming layer above the sheet takes the tap: the button under it does nothing.
        try app.tap(Self.dimming.0, Self.dimming.1)
        #expect(app.expectLine("dismiss sheet began"))
        // Down the way it came, the dimming fading out alongside: the frame of 0.2 s into the presentation.
        try app.moveClock(to: t + 0.7)
        try app.expectFrame("transitions-001-sheet-presenting")
        try app.moveClock(to: t + 1)
        #expect(app.expectLine("dismiss sheet finished"))
        try app.expectFrame(identicalTo: home, "transitions-001-after-the-sheet")
        #expect(!app.lines.contains { $0.hasPrefix("present card") })
    }

    @Test func aClickOnAButtonActsAsATap() throws {
        let app = try TransitionAppRun("example-transitions-001", renderer: "software")
        let t = try app.now
        let result = try app.daemon.animctl(["input", "tap", "--pointer", "\(Self.showSheet.0)", "\(Self.showSheet.1)"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(app.expectLine("present sheet began"))
        try app.moveClock(to: t + 0.5)
        #expect(app.expectLine("present sheet finished"))
        try app.expectFrame("transitions-001-sheet-presented")
    }

    @Test func theScriptPlaysEveryTransitionInOrderWithoutInput() throws {
        let app = try TransitionAppRun(
            "example-transitions-001", renderer: "software", arguments: ["--script", "--step", "0.5"])
        let t = try app.now
        let home = try app.frame()
        #expect(try app.settle(until: "script done", step: 0.25, limit: 40))
        let ends = app.lines.filter { $0.hasSuffix(" finished") || $0.hasSuffix(" cancelled") }
        #expect(
            ends == [
                "present card finished", "dismiss card finished", "push detail finished", "pop detail finished",
                "present sheet finished", "dismiss sheet finished",
            ])
        #expect(try app.now > t)
        try app.expectFrame(identicalTo: home, "transitions-001-after-the-script")
    }
}

/// Both apps as a user runs them on a live server: a monotonic clock, `--script` and `--hold`.
@Suite struct TransitionAppScriptTests {
    @Test(arguments: [
        ("example-transitions-001", ["present card", "dismiss card", "push detail", "pop detail"]),
        ("example-transitions-003", ["present B", "dismiss B"]),
    ])
    func theScriptRunsOnAMonotonicClockAndTheAppExitsAfterHold(app: String, transitions: [String]) throws {
        let daemon = try DaemonHarness(clock: "monotonic", size: "240x160")
        let result = try BuiltProgram.run(
            app, ["--socket", daemon.socketPath, "--size", "240x160", "--script", "--step", "0.1", "--hold", "8"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "ready 240x160")
        #expect(lines.contains("script done"), "\(result.standardOutput)")
        for transition in transitions {
            let began = lines.firstIndex(of: "\(transition) began")
            let finished = lines.firstIndex(of: "\(transition) finished")
            #expect(began != nil && finished != nil && began! < finished!, "\(transition): \(lines)")
        }
    }
}

/// examples/transitions-003 (seed 003) on a 240 × 160 output, as `TransitionApp001Tests` drives 001.
@Suite struct TransitionApp003Tests {
    @Test(arguments: TestRenderers.all)
    func bSlidesInFromTheLeftAndOutDownwards(renderer: String) throws {
        let app = try TransitionAppRun("example-transitions-003", renderer: renderer)
        let t = try app.now
        let a = try app.expectFrame("transitions-003-a")
        try app.tap(120, 80)
        #expect(app.expectLine("present B began"))
        // One second, ease in and out: halfway through B covers the left half.
        try app.moveClock(to: t + 0.5)
        try app.expectFrame("transitions-003-presenting")
        try app.moveClock(to: t + 1.25)
        #expect(app.expectLine("present B finished"))
        try app.expectFrame("transitions-003-b")
        try app.tap(120, 80)
        #expect(app.expectLine("dismiss B began"))
        try app.moveClock(to: t + 1.75)
        try app.expectFrame("transitions-003-dismissing")
        try app.moveClock(to: t + 2.5)
        #expect(app.expectLine("dismiss B finished"))
        try app.expectFrame(identicalTo: a, "transitions-003-after-dismiss")
    }

    @Test func aClickPresentsAndAnotherDismissesAsTapsDo() throws {
        let app = try TransitionAppRun("example-transitions-003", renderer: "software")
        let t = try app.now
        #expect(try app.daemon.animctl(["input", "tap", "--pointer", "120", "80"]).status == 0)
        #expect(app.expectLine("present B began"))
        try app.moveClock(to: t + 1.25)
        #expect(app.expectLine("present B finished"))
        #expect(try app.daemon.animctl(["input", "tap", "--pointer", "120", "80"]).status == 0)
        #expect(app.expectLine("dismiss B began"))
    }

    @Test(arguments: TestRenderers.all)
    func aPanDownDismissesFromHalfTheHeightAndIsCancelledBelow(renderer: String) throws {
        let app = try TransitionAppRun("example-transitions-003", renderer: renderer)
        let t = try app.now
        let a = try app.frame()
        try app.tap(120, 80)
        try app.moveClock(to: t + 1.25)
        #expect(app.expectLine("present B finished"))
        let b = try app.frame()

        // A quarter of the height down: cancelled, B back exactly as it was.
        try app.moveClock(to: t + 2)
        try app.drag(120, 20, 120, 60, steps: 32)
        #expect(try app.settle(until: "dismiss B cancelled"))
        #expect(app.lines.contains("dismiss released at 25 %: cancel"))
        try app.expectFrame(identicalTo: b, "transitions-003-pan-cancelled")

        // Four fifths: finished, A uncovered exactly as it was. Halfway (the 20th move, 80 points down) the paused
        // dismissal shows what the animator shows half its duration in: the tap's dismissal frame at 0.5 s.
        try app.moveClock(to: t + 5)
        try app.drag(
            120, 20, 120, 148, steps: 32,
            pause: (
                20,
                {
                    #expect(app.expectLine("dismiss B at 50 %"))
                    try app.expectFrame("transitions-003-dismissing")
                }
            ))
        #expect(try app.settle(until: "dismiss B finished"))
        #expect(app.lines.contains("dismiss released at 80 %: finish"))
        try app.expectFrame(identicalTo: a, "transitions-003-pan-finished")
    }
}
