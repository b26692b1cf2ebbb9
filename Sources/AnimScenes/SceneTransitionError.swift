/// Why a scene transition was refused. Nothing changes when one is thrown: no lifecycle call, no layer moves.
public enum SceneTransitionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another transition of the same window (or of a navigation stack outside any window) is running. It is
    /// refused, not queued (UIKit logs "attempt to present while a presentation is in progress" and ignores it):
    /// retry from the running transition's completion. Names what runs and what was asked.
    case transitionInProgress(running: String, refused: String)
    /// The scene already presents `presented`; dismiss it first (UIKit presents from the top only).
    case alreadyPresenting(presenter: String, presented: String)
    /// The scene is shown elsewhere already (a window's root, presented, or in a navigation stack).
    case alreadyShown(scene: String)
    /// The scene is in no window, so it has nothing to present in or to dismiss from.
    case notInWindow(scene: String)
    /// `dismiss` found no presented scene.
    case nothingToDismiss(scene: String)
    /// `pop` on a stack holding only its root scene.
    case cannotPopRoot(stack: String)
    /// The scene's layers belong to another connection than the window's.
    case foreignConnection(scene: String)

    public var description: String {
        switch self {
        case .transitionInProgress(let running, let refused):
            "\(refused) refused: \(running) is in progress (transitions are not queued; retry from its completion)"
        case .alreadyPresenting(let presenter, let presented):
            "\(presenter) already presents \(presented); dismiss it first"
        case .alreadyShown(let scene): "\(scene) is already shown (root, presented or in a navigation stack)"
        case .notInWindow(let scene): "\(scene) is in no window"
        case .nothingToDismiss(let scene): "\(scene) presents nothing and was not presented: nothing to dismiss"
        case .cannotPopRoot(let stack): "\(stack) holds only its root scene: nothing to pop"
        case .foreignConnection(let scene): "\(scene) uses another connection than the window"
        }
    }
}
