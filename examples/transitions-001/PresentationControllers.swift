import AnimScenes
import TransitionExampleSupport

/// The card's presentation: the card sits inset in the window over the home scene, which stays (a custom
/// presentation keeps the presenter's layer).
final class CardPresentationController: PresentationController, @unchecked Sendable {
    private let metrics: Metrics

    init(presentedScene: Scene, presenting: Scene?, metrics: Metrics) {
        self.metrics = metrics
        super.init(presentedScene: presentedScene, presenting: presenting)
    }

    override var frameOfPresentedLayerInContainer: Rect { CardContent.frame(metrics) }
}

/// Seed 001's custom presentation: a half-height sheet over a black dimming layer at 50 %, which fades in
/// alongside the presentation and out alongside the dismissal (`DimmingPresentationController`); a tap on the
/// dimming layer dismisses the sheet.
final class SheetPresentationController: DimmingPresentationController, @unchecked Sendable {
    private let metrics: Metrics
    private let tapOutside: TapGestureRecognizer

    init(presentedScene: Scene, presenting: Scene?, metrics: Metrics, dismiss: @escaping () -> Void) {
        self.metrics = metrics
        tapOutside = TapGestureRecognizer { _ in dismiss() }
        super.init(presentedScene: presentedScene, presenting: presenting, color: Color(white: 0, alpha: 0.5))
        dimmingLayer.addGestureRecognizer(tapOutside)
    }

    override var frameOfPresentedLayerInContainer: Rect { SheetContent.frame(metrics) }
}
