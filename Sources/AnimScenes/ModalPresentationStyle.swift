/// How a presented scene covers its presenter (UIModalPresentationStyle, the styles animserver has).
public enum ModalPresentationStyle: Sendable, Hashable {
    /// Covers the container; once presented, the presenter's layer leaves the container
    /// (`PresentationController.shouldRemovePresentersLayer` is true) and the presenter gets
    /// willDisappear/didDisappear.
    case fullScreen
    /// Covers the container; the presenter's layer stays below and the presenter gets no disappearance calls.
    case overFullScreen
    /// The presented scene's `transitioningDelegate` supplies the presentation controller; without one it acts as
    /// `overFullScreen`.
    case custom
}

/// The kind of a transition, as its context reports it.
public enum TransitionKind: Sendable, Hashable, CustomStringConvertible {
    case present, dismiss, push, pop

    public var description: String {
        switch self {
        case .present: "present"
        case .dismiss: "dismiss"
        case .push: "push"
        case .pop: "pop"
        }
    }
}

/// The two scenes of a transition (UITransitionContextViewControllerKey / ViewKey).
public enum TransitionKey: Sendable, Hashable {
    /// The scene visible when the transition begins.
    case from
    /// The scene visible when it ends.
    case to
}
