import AnimKit

/// UIScreenEdgePanGestureRecognizer for the left edge: a pan recognizer whose delegate lets it begin only when the
/// finger went down within `edgeWidth` points of the scene's left edge (UIKit's edge is about 20 points wide).
final class EdgePan: GestureRecognizerDelegate, @unchecked Sendable {
    let recognizer = PanGestureRecognizer()
    let edgeWidth: Double

    init(edgeWidth: Double = 20, handler: @escaping (PanGestureRecognizer) -> Void) {
        self.edgeWidth = edgeWidth
        recognizer.addHandler(handler)
        recognizer.maximumNumberOfTouches = 1
        recognizer.delegate = self
    }

    /// Asked once the finger has moved far enough to begin: where it went down is where it is less the translation.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let pan = recognizer as? PanGestureRecognizer, let now = pan.location(in: nil),
            let moved = pan.translation(in: nil)
        else { return false }
        return now.x - moved.x <= edgeWidth
    }
}
