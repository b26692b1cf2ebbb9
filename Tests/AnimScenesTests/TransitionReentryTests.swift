import AnimCore
import AnimKit
import AnimScenes
import AnimTestSupport
import Testing

/// One transition at a time per window: another is refused with a typed error and changes nothing
/// (docs/core-animation-rules.md#interactive-transitions).
@Suite struct TransitionReentryTests {
    @Test func aTransitionAskedForWhileOneRunsIsRefusedAndChangesNothing() throws {
        let f = try SceneFixture(start: 1)
        let first = f.scene("A")
        let stack = NavigationStack(connection: f.client, rootScene: first)
        let pushed = f.scene("B")
        let other = f.scene("C")
        try f.run { try f.window.setRootScene(stack) }
        try f.run { try stack.push(pushed) }
        #expect(f.window.isTransitioning)
        f.log.clear()
        let running = "push from \(first) to \(pushed)"
        #expect(throws: SceneTransitionError.transitionInProgress(running: running, refused: "present \(other)")) {
            try f.run { try f.window.present(other) }
        }
        #expect(throws: SceneTransitionError.transitionInProgress(running: running, refused: "push \(other)")) {
            try f.run { try stack.push(other) }
        }
        #expect(throws: SceneTransitionError.transitionInProgress(running: running, refused: "pop to \(first)")) {
            try f.run { _ = try stack.pop() }
        }
        #expect(f.log.all.isEmpty)
        #expect(!other.isLayerLoaded && other.presentingScene == nil && other.navigationStack == nil)
        #expect(stack.scenes.map { $0.title } == ["A", "B"])

        // Once it has completed, the same request goes through.
        try f.moveClock(to: 1.35)
        #expect(!f.window.isTransitioning)
        try f.run { try f.window.present(other, animated: false) }
        #expect(f.window.topScene === other)
    }

    @Test func requestsThatCannotBeMetAreRefusedWithWhatWasWrong() throws {
        let f = try SceneFixture(start: 1)
        let home = f.scene("A")
        let detail = f.scene("B")
        #expect(throws: SceneTransitionError.notInWindow(scene: "LoggingScene \"A\"")) {
            try f.run { try home.present(detail) }
        }
        try f.run { try f.window.setRootScene(home) }
        #expect(throws: SceneTransitionError.nothingToDismiss(scene: "LoggingScene \"A\"")) {
            try f.run { try home.dismiss() }
        }
        try f.run { try home.present(detail, animated: false) }
        #expect(throws: SceneTransitionError.alreadyShown(scene: "LoggingScene \"B\"")) {
            try f.run { try f.window.present(detail) }
        }
        #expect(
            throws: SceneTransitionError.alreadyPresenting(
                presenter: "LoggingScene \"A\"", presented: "LoggingScene \"B\"")
        ) {
            try f.run { try home.present(f.scene("C")) }
        }
    }
}
