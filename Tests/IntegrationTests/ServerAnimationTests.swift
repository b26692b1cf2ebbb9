import AnimCore
import AnimKit
import AnimTestSupport
import Dispatch
import Testing

/// The real daemon with a manual clock, the real SDK over the real socket: animations run on the server's clock.
@Suite struct ServerAnimationTests {
    @Test func presentationValuesFollowTheServerClockAtExactTimes() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon)
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        let move = AnimKit.BasicAnimation(keyPath: "position.x", from: .number(0), to: .number(100))
        move.duration = 1
        move.timingFunction = .linear
        try layer.add(move, forKey: "move")
        Transaction.commit()
        try client.sync()

        #expect(abs(try layer.presentation(at: 0.25).position.x - 25) < 1e-9)
        #expect(abs(try layer.presentation(at: 0.8).position.x - 80) < 1e-9)
        try moveClock(client, to: 0.5)
        #expect(abs(try layer.presentation().position.x - 50) < 1e-9)
        // After the end the animation is removed: the model value (0) shows again, and the key is gone.
        try moveClock(client, to: 1.5)
        #expect(try layer.presentation().position.x == 0)
        #expect(try layer.presentation().bounds == Rect(x: 0, y: 0, width: 10, height: 10))
        let animations = try client.inspect(.animations(0))
        #expect(animations == "[]")
    }

    @Test func didStartComesBeforeDidStopAndRemovalReportsUnfinished() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon)
        let recorder = EventRecorder()
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        let short = AnimKit.BasicAnimation(keyPath: "opacity", from: .number(0), to: .number(1))
        short.duration = 1
        recorder.watch(short, as: "short")
        let long = AnimKit.BasicAnimation(keyPath: "position.y", from: .number(0), to: .number(50))
        long.duration = 5
        recorder.watch(long, as: "long")
        try layer.add(short, forKey: "short")
        try layer.add(long, forKey: "long")
        Transaction.commit()
        try client.sync()
        #expect(recorder.all == ["start short", "start long"])

        try moveClock(client, to: 0.999)
        #expect(recorder.all == ["start short", "start long"])
        try moveClock(client, to: 1)
        #expect(recorder.all == ["start short", "start long", "stop short finished"])

        Transaction.begin()
        layer.removeAnimation(forKey: "long")
        Transaction.commit()
        try client.sync()
        #expect(recorder.all == ["start short", "start long", "stop short finished", "stop long unfinished"])
    }

    @Test func nestedTransactionsKeepTheirDurationsAndTheOuterCompletionWaitsForBoth() throws {
        // Reference vector 15 (docs/core-animation-rules.md#reference-vectors), on the server: opacity over 2 s
        // (outer), transform over 1 s (nested).
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon)
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        Transaction.commit()
        try client.sync()

        let completed = Flag()
        Transaction.begin()
        Transaction.animationDuration = 2
        Transaction.setCompletionBlock { completed.set() }
        layer.opacity = 0.5
        Transaction.begin()
        Transaction.animationDuration = 1
        layer.transform = .scale(2, 2, 1)
        Transaction.commit()
        Transaction.commit()
        try client.sync()
        #expect(Set(layer.animationKeys) == ["opacity", "transform"])

        let curve = AnimCore.TimingFunction.default
        let atHalf = try layer.presentation(at: 0.5)
        #expect(abs(atHalf.opacity - (1 - 0.5 * curve.evaluate(0.25))) < 1e-6)
        #expect(abs(atHalf.transform.m11 - (1 + curve.evaluate(0.5))) < 1e-6)

        try moveClock(client, to: 1.5)
        let atOneAndHalf = try layer.presentation()
        #expect(atOneAndHalf.transform == .scale(2, 2, 1))
        #expect(atOneAndHalf.opacity > 0.5)
        #expect(!completed.isSet)
        try moveClock(client, to: 2)
        #expect(completed.isSet)
        #expect(try layer.presentation().opacity == 0.5)
    }

    @Test func actionLookupOnTheServerFollowsVector16() throws {
        final class Delegate: LayerDelegate, @unchecked Sendable {
            var answer: (any Action)?
            func action(for layer: AnimKit.Layer, forKey event: String) -> (any Action)? { answer }
        }
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon)
        let delegate = Delegate()
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        Transaction.commit()
        try client.sync()
        let custom = AnimKit.BasicAnimation()
        custom.duration = 3
        layer.actions = ["opacity": custom]
        layer.delegate = delegate

        // The delegate answers null: no animation at all, although `actions` has one.
        delegate.answer = NullAction.shared
        Transaction.begin()
        layer.opacity = 0.2
        Transaction.commit()
        try client.sync()
        #expect(try client.inspect(.animations(0)) == "[]")
        #expect(try layer.presentation().opacity == 0.2)

        // The delegate answers nil: the search falls through to actions["opacity"], a 3 s animation.
        delegate.answer = nil
        Transaction.begin()
        layer.opacity = 0.8
        Transaction.commit()
        try client.sync()
        #expect(layer.animationKeys == ["opacity"])
        let listed = try client.inspect(.animations(0))
        #expect(listed.contains("\"duration\":3"))
        try moveClock(client, to: 1.5)
        let midway = try layer.presentation().opacity
        #expect(midway > 0.2 && midway < 0.8)
    }

    @Test func presentationHitTestFindsALayerWhereItsAnimationHasMovedIt() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon)
        Transaction.begin()
        let root = AnimKit.Layer(connection: client)
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 100)
        root.position = Point(x: 200, y: 50)
        let box = AnimKit.Layer(connection: client)
        box.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        box.position = Point(x: 10, y: 50)
        try root.addSublayer(box)
        let move = AnimKit.BasicAnimation(keyPath: "position.x", from: .number(10), to: .number(310))
        move.duration = 1
        move.timingFunction = .linear
        try box.add(move, forKey: "move")
        Transaction.commit()
        try client.sync()
        try moveClock(client, to: 0.5)
        // On screen the box is at x = 160 now; its model is still at x = 10.
        #expect(try root.presentationHitTest(Point(x: 160, y: 50)) === box)
        #expect(try root.presentationHitTest(Point(x: 10, y: 50)) === root)
        #expect(root.hitTest(Point(x: 10, y: 50)) === box)
        #expect(try root.presentationHitTest(Point(x: 500, y: 50)) == nil)
    }
}
