import AnimKit
import AnimScenes

/// What both transition apps print as their transitions begin and end ("present card began", "pop detail
/// cancelled"), each line once the server has applied the commits it speaks of, so a test may take a frame of that
/// state; and how a `--script` step waits for the end of the transition it started. Used on the app's queue.
public final class TransitionLog: @unchecked Sendable {
    private let connection: Connection
    private let window: SceneWindow
    /// Told when the running transition ends (the script waits on it).
    private var whenEnded: (@Sendable () -> Void)?

    public init(connection: Connection, window: SceneWindow) {
        self.connection = connection
        self.window = window
    }

    /// Starts a transition and prints "`name` began", or why it was refused.
    public func start(_ name: String, _ transition: () throws(SceneTransitionError) -> Void) {
        do {
            try transition()
            try? connection.sync()
            ExampleOutput.line("\(name) began")
        } catch {
            ExampleOutput.line("\(name) refused: \(error)")
        }
    }

    /// The animators' end (`AnnouncingAnimator`'s `ended`): prints "`name` finished" or "cancelled" and lets a
    /// waiting script step go on.
    public func ended(_ name: String, _ completed: Bool) {
        try? connection.sync()
        ExampleOutput.line("\(name) \(completed ? "finished" : "cancelled")")
        let waiting = whenEnded
        whenEnded = nil
        waiting?()
    }

    /// A script step that runs `action` and ends when the transition it started ends; at once when none began (it
    /// was refused, or a button whose scene is not on top did nothing), so the script goes on.
    public func step(_ name: String, _ action: @escaping () -> Void) -> ScriptStep {
        ScriptStep(name) { [weak self] done in
            guard let self else { return done() }
            whenEnded = done
            action()
            if !window.isTransitioning, let waiting = whenEnded {
                whenEnded = nil
                waiting()
            }
        }
    }
}
