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
}
