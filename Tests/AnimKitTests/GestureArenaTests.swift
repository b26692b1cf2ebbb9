import AnimCore
import Testing

@testable import AnimKit

/// How recognizers that see the same touches are resolved (GestureArena, README "Input and gestures").
@Suite struct GestureArenaTests {
    @Test func theFirstToBeginWinsAndTheOthersFail() throws {
        let scene = try GestureScene()
        let panLog = GestureLog()
        let pressLog = GestureLog()
        scene.card.addGestureRecognizer(PanGestureRecognizer { panLog.record($0) })
        scene.root.addGestureRecognizer(LongPressGestureRecognizer { pressLog.record($0) })
        // A quick drag: the pan begins at its third move, the long press (on the superlayer) fails then.
        scene.drag(200, 200, to: 264, 200, steps: 16)
        scene.dispatcher.runDeadlines(upTo: 2)
        #expect(panLog.entries.first == "began t=0.046875")
        #expect(pressLog.entries.isEmpty)

        // Held still for the press duration first: the long press begins and the pan, on the hit layer, fails.
        scene.down(1, 200, 200, at: 3)
        scene.dispatcher.runDeadlines(upTo: 3.5)
        for i in 1...4 { scene.move(1, 200 + 8 * Double(i), 200, at: 3.5 + Double(i) / 64) }
        scene.up(1, 232, 200, at: 3.5625)
        #expect(
            pressLog.entries == ["began t=3.5"]
                + Array(repeating: "changed", count: 4).enumerated().map {
                    "changed t=\(3.5 + Double($0.offset + 1) / 64)"
                } + ["ended t=3.5625"])
        #expect(panLog.entries.count == 15)
    }

    @Test func aRecognizerThatLostStaysFailedAfterTheWinnerEnds() throws {
        let scene = try GestureScene()
        let pressLog = GestureLog()
        let tapLog = GestureLog()
        scene.card.addGestureRecognizer(LongPressGestureRecognizer { pressLog.record($0) })
        scene.root.addGestureRecognizer(TapGestureRecognizer { tapLog.record($0) })
        // The press begins at 0.5 and ends at the lift, which the tap hears after it: failed since 0.5, it
        // does not recognize the lift as a tap.
        scene.down(1, 200, 200, at: 0)
        scene.up(1, 200, 200, at: 0.625)
        #expect(pressLog.entries == ["began t=0.5", "ended t=0.625"])
        #expect(tapLog.entries.isEmpty)
        // A short press is the tap's.
        scene.down(1, 200, 200, at: 1)
        scene.up(1, 200, 200, at: 1.125)
        #expect(tapLog.entries == ["ended t=1.125"])
        #expect(pressLog.entries.count == 2)
    }

    @Test func aDelegateAllowingBothLetsTheSecondBeginToo() throws {
        let scene = try GestureScene()
        let panLog = GestureLog()
        let pressLog = GestureLog()
        let pan = PanGestureRecognizer { panLog.record($0) }
        let both = AllowingBoth()
        pan.delegate = both
        scene.card.addGestureRecognizer(pan)
        scene.root.addGestureRecognizer(LongPressGestureRecognizer { pressLog.record($0) })
        scene.down(1, 200, 200, at: 0)
        scene.dispatcher.runDeadlines(upTo: 0.5)
        for i in 1...4 { scene.move(1, 200 + 8 * Double(i), 200, at: 0.5 + Double(i) / 64) }
        scene.up(1, 232, 200, at: 0.5625)
        #expect(pressLog.entries.first == "began t=0.5")
        #expect(pressLog.entries.last == "ended t=0.5625")
        #expect(panLog.entries.first == "began t=0.53125")
        #expect(panLog.entries.last == "ended t=0.5625")
    }

    @Test func aRecognizerWhoseDelegateRefusesToBeginFailsAndLetsTheNextOneWin() throws {
        let scene = try GestureScene()
        let cardLog = GestureLog()
        let rootLog = GestureLog()
        let refusing = RefusingToBegin()
        let cardPan = PanGestureRecognizer { cardLog.record($0) }
        cardPan.delegate = refusing
        scene.card.addGestureRecognizer(cardPan)
        scene.root.addGestureRecognizer(PanGestureRecognizer { rootLog.record($0) })
        scene.drag(200, 200, to: 264, 200, steps: 16)
        #expect(cardLog.entries.isEmpty)
        #expect(rootLog.entries.first == "began t=0.046875")
        #expect(rootLog.entries.count == 15)
    }

    @Test func aRecognizerRequiringAnotherToFailFailsWhenItRecognizes() throws {
        let scene = try GestureScene()
        let panLog = GestureLog()
        let swipeLog = GestureLog()
        let pan = PanGestureRecognizer { panLog.record($0) }
        let swipe = SwipeGestureRecognizer { swipeLog.record($0) }
        pan.require(toFail: swipe)
        scene.card.addGestureRecognizer(pan)
        scene.card.addGestureRecognizer(swipe)
        // Fast to the right: the pan waits in `possible` for the swipe, which recognizes; the pan fails.
        scene.drag(200, 200, to: 264, 200, steps: 8)
        #expect(swipeLog.entries == ["ended t=0.109375"])
        #expect(panLog.entries.isEmpty)
        // Downwards: the swipe (rightwards) fails past 10 points and the waiting pan begins at that moment.
        scene.drag(200, 200, to: 200, 264, steps: 16, from: 1)
        #expect(panLog.entries.first == "began t=1.046875")
        #expect(panLog.entries.last == "ended t=1.25")
    }

    @Test func aDisabledRecognizerSeesNoTouches() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let tap = TapGestureRecognizer { log.record($0) }
        tap.isEnabled = false
        scene.card.addGestureRecognizer(tap)
        scene.down(1, 200, 200, at: 0)
        scene.up(1, 200, 200, at: 0.125)
        #expect(log.entries.isEmpty)
        #expect(scene.card.gestureRecognizers.count == 1)
        scene.card.removeGestureRecognizer(tap)
        #expect(scene.card.gestureRecognizers.isEmpty)
        #expect(tap.layer == nil)
    }

    @Test func aServerCancelCancelsAnActivePan() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        scene.card.addGestureRecognizer(PanGestureRecognizer { log.record($0) })
        scene.drag(200, 200, to: 232, 200, steps: 8, lift: false)
        scene.cancel(1, 232, 200, at: 0.25)
        #expect(log.entries.first == "began t=0.046875")
        #expect(log.entries.last == "cancelled t=0.25")
    }
}

/// Touches to layers' handlers: the responder chain, locations, and recognizers taking touches over.
@Suite struct TouchDeliveryTests {
    @Test func theNearestLayerWithAHandlerGetsTheSequenceWithLocationsInAnyLayer() throws {
        let scene = try GestureScene()
        var seen: [String] = []
        scene.root.onTouch = { event in
            let inCard = event.location(in: scene.card).map { "(\($0.x), \($0.y))" } ?? "nil"
            let inRoot = event.location(in: scene.root).map { "(\($0.x), \($0.y))" } ?? "nil"
            seen.append("\(event.phase) t=\(event.timestamp) card \(inCard) root \(inRoot)")
            #expect(event.touch.layer === scene.card)
        }
        scene.down(1, 200, 200, at: 0)
        scene.move(1, 300, 210, at: 0.125)
        scene.up(1, 300, 210, at: 0.25)
        // The card (hit) has no handler: its superlayer's gets the whole sequence, also outside the card.
        #expect(
            seen == [
                "began t=0.0 card (50.0, 50.0) root (200.0, 200.0)",
                "moved t=0.125 card (150.0, 60.0) root (300.0, 210.0)",
                "ended t=0.25 card (150.0, 60.0) root (300.0, 210.0)",
            ])
    }

    @Test func aRecognizerThatBeginsCancelsTheTouchesInTheLayer() throws {
        let scene = try GestureScene()
        var phases: [TouchPhase] = []
        scene.card.onTouch = { phases.append($0.phase) }
        let pan = PanGestureRecognizer()
        scene.root.addGestureRecognizer(pan)
        scene.drag(200, 200, to: 264, 200, steps: 16)
        #expect(phases == [.began, .moved, .moved, .cancelled])

        phases = []
        pan.cancelsTouchesInLayer = false
        scene.drag(200, 200, to: 264, 200, steps: 16, from: 1)
        #expect(phases == [.began] + Array(repeating: .moved, count: 16) + [.ended])
    }

    @Test func aTouchWithoutHandlersOrRecognizersGoesNowhere() throws {
        let scene = try GestureScene()
        var count = 0
        scene.card.onTouch = { _ in count += 1 }
        scene.down(1, 10, 10, at: 0)
        scene.up(1, 10, 10, at: 0.125)
        #expect(count == 0)
    }
}
