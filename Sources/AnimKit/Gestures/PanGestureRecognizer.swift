import AnimCore

/// UIPanGestureRecognizer: continuous. It begins once the centroid of `minimumNumberOfTouches` to
/// `maximumNumberOfTouches` fingers has moved `hysteresis` points from where they went down, changes with
/// every move, and ends when the fingers lift (fails if they lift first). Translation is measured from where
/// the fingers went down; a finger added or lifted mid-gesture does not make it jump.
public final class PanGestureRecognizer: GestureRecognizer, @unchecked Sendable {
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max
    /// How far (points, scene) the fingers move before the pan begins (UIKit: about 10).
    public var hysteresis = 10.0

    /// Scene-space translation: the centroid now minus `origin`.
    private var origin = Point(x: 0, y: 0)
    private var current = Point(x: 0, y: 0)
    private var estimator = VelocityEstimator()

    /// The translation since the fingers went down, in `layer`'s coordinates (nil: scene), converted on the
    /// model tree.
    public func translation(in layer: Layer?) -> Point? {
        vector(Point(x: current.x - origin.x, y: current.y - origin.y), in: layer)
    }

    /// Makes the translation in `layer`'s coordinates (nil: scene) `translation` from now on, as UIKit's
    /// incremental pattern uses it (`setTranslation(.zero, in: nil)` after each change). The velocity is
    /// unchanged.
    public func setTranslation(_ translation: Point, in layer: Layer?) {
        var sceneTranslation = translation
        if let layer {
            // The vector converted back: from the layer's space to the scene's.
            guard let a = layer.convert(Point(x: 0, y: 0), to: nil), let b = layer.convert(translation, to: nil) else {
                return
            }
            sceneTranslation = Point(x: b.x - a.x, y: b.y - a.y)
        }
        origin = Point(x: current.x - sceneTranslation.x, y: current.y - sceneTranslation.y)
    }

    /// Points per second in `layer`'s coordinates (nil: scene), from the last 100 ms of moves
    /// (`VelocityEstimator`): at `ended`, the speed at which the fingers lifted.
    public func velocity(in layer: Layer?) -> Point? {
        let v = estimator.velocity(components: 2)
        return vector(Point(x: v[0], y: v[1]), in: layer)
    }

    override func touchesBegan(_ touches: [Touch]) {
        if self.touches.count > maximumNumberOfTouches {
            if state == .possible { transition(to: .failed) }
            return
        }
        rebase()
    }

    override func touchesMoved(_ touches: [Touch]) {
        guard let centroid = centroid(of: self.touches) else { return }
        current = centroid
        estimator.add([current.x, current.y], at: timestamp)
        switch state {
        case .possible:
            guard self.touches.count >= minimumNumberOfTouches else { return }
            let dx = current.x - origin.x
            let dy = current.y - origin.y
            if (dx * dx + dy * dy).squareRoot() >= hysteresis { transition(to: .began) }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    override func touchesEnded(_ touches: [Touch]) {
        // The lift is a sample too: a finger that stopped before lifting ends with no velocity.
        if let centroid = centroid(of: self.touches) {
            current = centroid
            estimator.add([current.x, current.y], at: timestamp)
        }
        let remaining = self.touches.filter { t in !touches.contains { $0 === t } }
        if state.isActive {
            if remaining.count < minimumNumberOfTouches {
                transition(to: .ended)
            } else {
                rebase(without: touches)
            }
        } else if remaining.isEmpty {
            transition(to: .failed)
        } else {
            rebase(without: touches)
        }
    }

    override func reset() {
        origin = Point(x: 0, y: 0)
        current = origin
        estimator.reset()
    }

    /// A finger added or lifted moves the centroid: the origin moves with it, so the translation does not.
    private func rebase(without lifted: [Touch] = []) {
        let remaining = touches.filter { t in !lifted.contains { $0 === t } }
        guard let centroid = centroid(of: remaining) else { return }
        let translation = Point(x: current.x - origin.x, y: current.y - origin.y)
        if touches.count == 1 && lifted.isEmpty && state == .possible && estimator.isEmpty {
            origin = centroid
            current = centroid
        } else {
            current = centroid
            origin = Point(x: centroid.x - translation.x, y: centroid.y - translation.y)
        }
        estimator.reset()
        estimator.add([current.x, current.y], at: timestamp)
    }
}
