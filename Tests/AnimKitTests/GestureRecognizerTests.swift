import AnimCore
import Dispatch
import Testing

@testable import AnimKit

/// Each recognizer's state machine on synthetic touch sequences at exact media times (no sleeps: deadlines
/// run from later events or `runDeadlines(upTo:)`, as the dispatcher's timer runs them).
@Suite struct GestureRecognizerTests {
    private static func describe(_ p: Point?) -> String {
        guard let p else { return "nil" }
        return "(\(p.x), \(p.y))"
    }

    @Test func panBeginsPastItsHysteresisAndReportsExactTranslationAndVelocity() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let pan = PanGestureRecognizer { pan in
            log.record(pan, "\(Self.describe(pan.translation(in: nil))) v=\(Self.describe(pan.velocity(in: nil)))")
        }
        scene.card.addGestureRecognizer(pan)
        // 4 points every 1/64 s: 256 points per second.
        scene.drag(200, 200, to: 264, 200, steps: 16)
        #expect(log.entries.count == 15)
        #expect(log.entries.first == "began t=0.046875 (12.0, 0.0) v=(256.0, 0.0)")
        #expect(log.entries[1] == "changed t=0.0625 (16.0, 0.0) v=(256.0, 0.0)")
        #expect(log.entries.last == "ended t=0.25 (64.0, 0.0) v=(256.0, 0.0)")
        #expect(pan.state == .possible)
    }

    @Test func panTranslationAndVelocityInAScaledLayerAreConverted() throws {
        let scene = try GestureScene()
        scene.card.transform = .scale(2, 2, 1)
        var seen: [String] = []
        let pan = PanGestureRecognizer { pan in
            guard pan.state == .ended else { return }
            seen.append(Self.describe(pan.translation(in: scene.card)))
            seen.append(Self.describe(pan.velocity(in: scene.card)))
            seen.append(Self.describe(pan.location(in: scene.card)))
        }
        scene.card.addGestureRecognizer(pan)
        scene.drag(200, 200, to: 200, 264, steps: 16)
        // The card's 100×100 bounds fill 200×200 scene points: vectors halve; (200, 264) is (50, 82) in it.
        #expect(seen == ["(0.0, 32.0)", "(0.0, 128.0)", "(50.0, 82.0)"])
    }

    @Test func aPanWhoseFingerStoppedBeforeLiftingEndsWithZeroVelocity() throws {
        let scene = try GestureScene()
        var final: Point?
        let pan = PanGestureRecognizer { pan in if pan.state == .ended { final = pan.velocity(in: nil) } }
        scene.card.addGestureRecognizer(pan)
        scene.drag(200, 200, to: 264, 200, steps: 16, lift: false)
        scene.up(1, 264, 200, at: 0.5)
        #expect(final == Point(x: 0, y: 0))
    }

    @Test func setTranslationRebasesTheTranslationButNotTheVelocity() throws {
        let scene = try GestureScene()
        var steps: [String] = []
        let pan = PanGestureRecognizer { pan in
            steps.append(Self.describe(pan.translation(in: nil)))
            pan.setTranslation(Point(x: 0, y: 0), in: nil)
        }
        scene.card.addGestureRecognizer(pan)
        scene.drag(200, 200, to: 220, 200, steps: 5)
        #expect(steps == ["(12.0, 0.0)", "(4.0, 0.0)", "(4.0, 0.0)", "(0.0, 0.0)"])
    }

    @Test func aPanLiftedBeforeItsHysteresisFails() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let pan = PanGestureRecognizer { log.record($0) }
        scene.card.addGestureRecognizer(pan)
        scene.drag(200, 200, to: 208, 200, steps: 2)
        #expect(log.entries.isEmpty)
    }

    @Test func aTapIsRecognizedAtTheLiftAndFailsPastItsAllowableMovement() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let tap = TapGestureRecognizer { log.record($0, Self.describe($0.location(in: scene.card))) }
        scene.card.addGestureRecognizer(tap)
        scene.down(1, 200, 200, at: 0)
        scene.up(1, 203, 200, at: 0.125)
        scene.down(1, 200, 200, at: 1)
        scene.move(1, 211, 200, at: 1.125)
        scene.up(1, 211, 200, at: 1.25)
        #expect(log.entries == ["ended t=0.125 (53.0, 50.0)"])
    }

    @Test func aTwoFingerTapNeedsBothFingers() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let tap = TapGestureRecognizer { log.record($0) }
        tap.numberOfTouchesRequired = 2
        scene.card.addGestureRecognizer(tap)
        scene.down(1, 200, 200, at: 0)
        scene.up(1, 200, 200, at: 0.125)
        scene.down(1, 200, 200, at: 1)
        scene.down(2, 220, 200, at: 1.015625)
        scene.up(1, 200, 200, at: 1.125)
        scene.up(2, 220, 200, at: 1.140625)
        #expect(log.entries == ["ended t=1.140625"])
    }

    @Test func aSingleTapThatRequiresTheDoubleTapToFailWaitsForItsInterval() throws {
        let scene = try GestureScene()
        let single = GestureLog()
        let double = GestureLog()
        let singleTap = TapGestureRecognizer { single.record($0) }
        let doubleTap = TapGestureRecognizer { double.record($0) }
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        scene.card.addGestureRecognizer(singleTap)
        scene.card.addGestureRecognizer(doubleTap)

        scene.down(1, 200, 200, at: 0)
        scene.up(1, 200, 200, at: 0.125)
        #expect(single.entries.isEmpty)
        scene.dispatcher.runDeadlines(upTo: 0.4)
        #expect(single.entries.isEmpty)
        scene.dispatcher.runDeadlines(upTo: 1)
        // Recognized when the double tap failed: at the end of its interval, not when the timer ran.
        #expect(single.entries == ["ended t=\(0.125 + 0.35)"])

        scene.down(1, 200, 200, at: 2)
        scene.up(1, 200, 200, at: 2.125)
        scene.down(1, 200, 200, at: 2.25)
        scene.up(1, 200, 200, at: 2.375)
        scene.dispatcher.runDeadlines(upTo: 3)
        #expect(double.entries == ["ended t=2.375"])
        #expect(single.entries.count == 1)
    }

    @Test func aLongPressBeginsAtItsDeadlineWithoutAnEvent() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let press = LongPressGestureRecognizer { log.record($0, Self.describe($0.location(in: nil))) }
        scene.card.addGestureRecognizer(press)
        scene.down(1, 200, 200, at: 0)
        scene.move(1, 203, 200, at: 0.25)
        scene.dispatcher.runDeadlines(upTo: 0.4)
        #expect(log.entries.isEmpty)
        scene.dispatcher.runDeadlines(upTo: 0.75)
        scene.move(1, 260, 200, at: 1)
        scene.up(1, 260, 200, at: 1.25)
        #expect(
            log.entries == [
                "began t=0.5 (203.0, 200.0)", "changed t=1.0 (260.0, 200.0)", "ended t=1.25 (260.0, 200.0)",
            ])
    }

    @Test func onAMonotonicServerClockALongPressBeginsFromTheTimerAtItsDeadline() throws {
        let server = try FakeServer(version: 4, clockMode: .monotonic)
        let layer = Layer(connection: server.connection)
        // Sent now: an implicit transaction left open would join the next test's on this thread.
        Transaction.flush()
        let began = DispatchSemaphore(value: 0)
        let press = LongPressGestureRecognizer { press in
            if press.state == .began { began.signal() }
        }
        press.minimumPressDuration = 0.0625
        layer.addGestureRecognizer(press)
        let dispatcher = server.connection.inputDispatcher
        // Pressed now by the SDK's estimate of the server's clock; nothing else arrives after it.
        let down = dispatcher.mediaTime
        server.queue.sync {
            dispatcher.touch(
                sequence: 1, phase: .began, time: down, layer: layer, scenePoint: Point(x: 1, y: 1),
                layerPoint: Point(x: 1, y: 1))
        }
        #expect(began.wait(timeout: .now() + 5) == .success)
        #expect(server.queue.sync { press.timestamp } == down + 0.0625)
    }

    @Test func aLaterEventRunsTheLongPressDeadlineFirstAtItsOwnTime() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let press = LongPressGestureRecognizer { log.record($0) }
        scene.card.addGestureRecognizer(press)
        scene.down(1, 200, 200, at: 0)
        scene.move(1, 204, 200, at: 0.75)
        #expect(log.entries == ["began t=0.5", "changed t=0.75"])
    }

    @Test func aLongPressMovedPastItsAllowableMovementFails() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let press = LongPressGestureRecognizer { log.record($0) }
        scene.card.addGestureRecognizer(press)
        scene.down(1, 200, 200, at: 0)
        scene.move(1, 211, 200, at: 0.25)
        scene.dispatcher.runDeadlines(upTo: 1)
        #expect(log.entries.isEmpty)
    }

    @Test func aSwipeIsRecognizedInItsDirectionOnlyAndWithinItsDuration() throws {
        let scene = try GestureScene()
        let right = GestureLog()
        let left = GestureLog()
        let swipeRight = SwipeGestureRecognizer { right.record($0) }
        let swipeLeft = SwipeGestureRecognizer { left.record($0) }
        swipeLeft.direction = .left
        let both = AllowingBoth()
        swipeRight.delegate = both
        scene.card.addGestureRecognizer(swipeRight)
        scene.card.addGestureRecognizer(swipeLeft)
        scene.drag(200, 200, to: 264, 200, steps: 8)
        #expect(right.entries == ["ended t=0.109375"])
        #expect(left.entries.isEmpty)
        // 64 points in 0.75 s: too slow.
        scene.down(1, 200, 200, at: 2)
        scene.move(1, 230, 200, at: 2.375)
        scene.move(1, 264, 200, at: 2.75)
        scene.up(1, 264, 200, at: 2.75)
        #expect(right.entries.count == 1)
    }

    @Test func pinchScaleIsTheDistanceRatioWithItsVelocity() throws {
        let scene = try GestureScene()
        let log = GestureLog()
        let pinch = PinchGestureRecognizer { log.record($0, "scale=\($0.scale) v=\($0.velocity)") }
        scene.card.addGestureRecognizer(pinch)
        scene.down(1, 180, 200, at: 0)
        scene.down(2, 220, 200, at: 0)
        for i in 1...10 { scene.move(2, 220 + 4 * Double(i), 200, at: Double(i) / 64) }
        scene.up(2, 260, 200, at: 10.0 / 64)
        scene.up(1, 180, 200, at: 10.0 / 64)
        // The distance grows 4 points per 1/64 s from 40: 6.4 per second in scale.
        #expect(log.entries.first == "began t=0.03125 scale=1.2 v=6.4")
        #expect(log.entries.last == "ended t=0.15625 scale=2.0 v=6.4")
        #expect(log.entries.count == 10)
    }

    @Test func rotationFollowsTheAngleBetweenTheFingers() throws {
        let scene = try GestureScene()
        var ended: (rotation: Double, velocity: Double)?
        var began: Double?
        let rotation = RotationGestureRecognizer { r in
            if r.state == .began { began = r.timestamp }
            if r.state == .ended { ended = (r.rotation, r.velocity) }
        }
        scene.card.addGestureRecognizer(rotation)
        scene.down(1, 200, 200, at: 0)
        scene.down(2, 240, 200, at: 0)
        for i in 1...8 {
            let angle = Double(i) * .pi / 16
            scene.move(2, 200 + 40 * cos(angle), 200 + 40 * sin(angle), at: Double(i) / 64)
        }
        scene.up(2, 200, 240, at: 8.0 / 64)
        #expect(began == 1.0 / 64)
        let end = try #require(ended)
        #expect(abs(end.rotation - .pi / 2) < 1e-12)
        #expect(abs(end.velocity - 4 * .pi) < 1e-9)
    }
}

/// VelocityEstimator: UIKit's window over the last 100 ms.
@Suite struct VelocityEstimatorTests {
    @Test func onlyTheLastHundredMillisecondsCount() {
        var estimator = VelocityEstimator()
        estimator.add([0], at: 0)
        estimator.add([100], at: 0.5)
        for i in 1...8 { estimator.add([100 + 2 * Double(i)], at: 0.5 + Double(i) / 64) }
        // Samples at 0.5 + k/64 for k ≥ 2 lie within 0.1 s of the newest (k = 8): 12 points in 6/64 s.
        #expect(estimator.velocity(components: 1) == [128])
    }

    @Test func aSingleRecentSampleIsMeasuredFromTheOneBefore() {
        var estimator = VelocityEstimator()
        estimator.add([0], at: 0)
        estimator.add([64], at: 1)
        #expect(estimator.velocity(components: 1) == [64])
        estimator.add([96], at: 1)
        #expect(estimator.velocity(components: 1) == [96])
    }
}

/// MediaClock: the local estimate of the server's media time.
@Suite struct MediaClockTests {
    @Test func aMonotonicClockRunsAtRateOneAndMovesOnlyForward() {
        var clock = MediaClock(serverTime: 10, rate: 1, localTime: 100)
        #expect(clock.now(local: 100.5) == 10.5)
        #expect(clock.delay(until: 11, local: 100.5) == 0.5)
        clock.observe(10.25, local: 100.5)
        #expect(clock.now(local: 100.5) == 10.5)
        clock.observe(12, local: 100.5)
        #expect(clock.now(local: 101) == 12.5)
    }

    @Test func theConnectionsMediaTimeStartsAtWelcomeAndRunsWithAMonotonicServerClock() throws {
        let manual = try FakeServer(version: 4, clockMode: .manual)
        #expect(manual.connection.currentMediaTime() == 100)  // Welcome's serverTime, not moving by itself
        let monotonic = try FakeServer(version: 4, clockMode: .monotonic)
        let first = monotonic.connection.currentMediaTime()
        #expect(first >= 100 && first < 110)
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(20))  // 20 ms of local time pass
        #expect(monotonic.connection.currentMediaTime() >= first + 0.02)
    }

    @Test func aManualClockHasNoTimerAndMovesWhenTheServerReportsIt() {
        var clock = MediaClock(serverTime: 10, rate: 0, localTime: 100)
        #expect(clock.delay(until: 11, local: 100) == nil)
        #expect(clock.now(local: 200) == 10)
        clock.observe(11, local: 200)
        #expect(clock.now(local: 300) == 11)
    }
}

/// The pan-to-spring hand-off: the gesture's velocity as the spring's initial velocity.
@Suite struct GestureSpringVelocityTests {
    @Test func theVelocityAlongTheMoveIsInFractionsOfItsDistancePerSecond() {
        // Released 100 points right of home moving right at 250 pt/s: away from home, 2.5 distances per second.
        let away = SpringAnimation.initialVelocity(
            forGestureVelocity: Point(x: 250, y: 40), from: Point(x: 400, y: 240), to: Point(x: 300, y: 240))
        #expect(away == -2.5)
        let toward = SpringAnimation.initialVelocity(
            forGestureVelocity: Point(x: 0, y: -50), from: Point(x: 300, y: 340), to: Point(x: 300, y: 240))
        #expect(toward == 0.5)
        #expect(
            SpringAnimation.initialVelocity(
                forGestureVelocity: Point(x: 9, y: 9), from: Point(x: 1, y: 1), to: Point(x: 1, y: 1))
                == 0)
    }
}
