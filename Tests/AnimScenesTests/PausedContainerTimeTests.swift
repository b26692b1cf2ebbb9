import AnimCore
import AnimKit
import AnimTestSupport
import Testing

/// What interactive transitions rest on: an animation added with beginTime 0 under a paused ancestor begins at the
/// layer's local time of the commit, which is the ancestor's timeOffset (docs/core-animation-rules.md#interactive-transitions).
@Suite struct PausedContainerTimeTests {
    @Test func anAnimationAddedUnderAPausedAncestorBeginsAtThePausedLocalTime() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.connect(name: "paused")
        _ = try client.clock(.set(3))
        Transaction.begin()
        let container = AnimKit.Layer(connection: client)
        let child = AnimKit.Layer(connection: client)
        try container.addSublayer(child)
        container.speed = 0
        container.timeOffset = 5
        Transaction.commit()
        try client.sync()
        Transaction.begin()
        let move = BasicAnimation(keyPath: "position.x", from: .number(0), to: .number(100))
        move.duration = 1
        try child.add(move, forKey: "move")
        Transaction.commit()
        try client.sync()
        // Local time stands at 5 whatever the clock says: the animation is at its start.
        #expect(try child.presentation(at: 3).position.x == 0)
        #expect(try child.presentation(at: 50).position.x == 0)
        Transaction.begin()
        container.timeOffset = 5.25
        Transaction.commit()
        try client.sync()
        #expect(abs(try child.presentation(at: 50).position.x - 25) < 1e-9)
        // Resumed backwards from now (3) at local 5.25 with speed −1: at 3.125 it is back at 12.5.
        Transaction.begin()
        container.beginTime = 3
        container.speed = -1
        Transaction.commit()
        try client.sync()
        #expect(abs(try child.presentation(at: 3.125).position.x - 12.5) < 1e-9)
    }

    /// The way finish and cancel run the container (docs/core-animation-rules.md#parent-time-to-local-time): a paused
    /// layer's timeOffset animation runs on its parent's time, and one without values starts where the offset shows
    /// (its presentation before the commit), not at the model value.
    @Test func anAnimatedTimeOffsetRunsOnTheParentsTimeAndAnotherStartsWhereItShows() throws {
        let daemon = try DaemonHarness()
        let client = try daemon.connect(name: "ramp")
        _ = try client.clock(.set(3))
        Transaction.begin()
        let container = AnimKit.Layer(connection: client)
        let child = AnimKit.Layer(connection: client)
        try container.addSublayer(child)
        container.speed = 0
        Transaction.commit()
        Transaction.begin()
        let move = BasicAnimation(keyPath: "position.x", from: .number(0), to: .number(100))
        move.duration = 10
        try child.add(move, forKey: "move")
        let ramp = BasicAnimation(keyPath: "timeOffset", from: .number(0), to: .number(10))
        ramp.duration = 10
        try container.add(ramp, forKey: "ramp")
        Transaction.commit()
        try client.sync()
        // The ramp began at the parent's (absolute) 3: at 5 the container's time is 2, the child's move at 20 %.
        #expect(abs(try child.presentation(at: 5).position.x - 20) < 1e-9)
        #expect(abs(try container.presentation(at: 5).timing.timeOffset - 2) < 1e-9)
        _ = try client.clock(.set(5))
        Transaction.begin()
        // No from, to or by value: from the presentation before the commit to the model value (0).
        let back = BasicAnimation(keyPath: "timeOffset")
        back.duration = 2
        try container.add(back, forKey: "back")
        Transaction.commit()
        try client.sync()
        // From the presented 2 (not the model's 0) back to 0 over 2 s, after the ramp: half way at 6.
        #expect(abs(try child.presentation(at: 6).position.x - 10) < 1e-9)
    }
}
