import AnimCore
import Foundation

/// UIPinchGestureRecognizer: continuous, two fingers. It begins once their distance has changed by
/// `hysteresis` points; `scale` is their distance over the distance when they went down (settable, as
/// UIKit's incremental pattern resets it to 1), `velocity` the scale's rate per second over the last 100 ms
/// (`VelocityEstimator`). It ends when a finger lifts, fails if one lifts first.
public final class PinchGestureRecognizer: GestureRecognizer, @unchecked Sendable {
    public var hysteresis = 8.0

    private var initialDistance = 0.0
    private var distance = 0.0
    private var estimator = VelocityEstimator()

    /// The fingers' distance now over their distance when the gesture's scale was last set (1 when they
    /// went down).
    public var scale: Double {
        get { initialDistance > 0 ? distance / initialDistance : 1 }
        set {
            guard distance > 0, newValue > 0 else { return }
            // The reference distance moves, so that the scale reads `newValue` now.
            initialDistance = distance / newValue
        }
    }

    /// Scale per second (the fingers' distance's rate over the distance they started at).
    public var velocity: Double {
        guard initialDistance > 0 else { return 0 }
        return estimator.velocity(components: 1)[0] / initialDistance
    }

    override func touchesBegan(_ touches: [Touch]) {
        guard self.touches.count <= 2 else {
            if state == .possible { transition(to: .failed) }
            return
        }
        guard self.touches.count == 2 else { return }
        initialDistance = Self.distance(self.touches)
        distance = initialDistance
        estimator.reset()
        estimator.add([distance], at: timestamp)
    }

    override func touchesMoved(_ touches: [Touch]) {
        guard self.touches.count == 2 else { return }
        distance = Self.distance(self.touches)
        estimator.add([distance], at: timestamp)
        switch state {
        case .possible:
            if abs(distance - initialDistance) >= hysteresis { transition(to: .began) }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    override func touchesEnded(_ touches: [Touch]) {
        transition(to: state.isActive ? .ended : .failed)
    }

    override func reset() {
        initialDistance = 0
        distance = 0
        estimator.reset()
    }

    static func distance(_ touches: [Touch]) -> Double {
        let a = touches[0].scenePoint
        let b = touches[1].scenePoint
        return hypot(b.x - a.x, b.y - a.y)
    }
}
