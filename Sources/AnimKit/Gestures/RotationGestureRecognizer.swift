import AnimCore
import Foundation

/// UIRotationGestureRecognizer: continuous, two fingers. `rotation` is the angle (radians, clockwise on
/// screen as y grows down) the line between them has turned since they went down, unwrapped past ±π; it
/// begins once that reaches `hysteresis` radians; `velocity` is radians per second over the last 100 ms
/// (`VelocityEstimator`). It ends when a finger lifts, fails if one lifts first.
public final class RotationGestureRecognizer: GestureRecognizer, @unchecked Sendable {
    /// UIKit begins after a few degrees; 0.07 rad is 4°.
    public var hysteresis = 0.07

    private var lastAngle = 0.0
    private var turned = 0.0
    private var reference = 0.0
    private var estimator = VelocityEstimator()

    /// Radians turned since the fingers went down (or since it was last set).
    public var rotation: Double {
        get { turned - reference }
        set { reference = turned - newValue }
    }

    public var velocity: Double { estimator.velocity(components: 1)[0] }

    override func touchesBegan(_ touches: [Touch]) {
        guard self.touches.count <= 2 else {
            if state == .possible { transition(to: .failed) }
            return
        }
        guard self.touches.count == 2 else { return }
        lastAngle = Self.angle(self.touches)
        turned = 0
        reference = 0
        estimator.reset()
        estimator.add([0], at: timestamp)
    }

    override func touchesMoved(_ touches: [Touch]) {
        guard self.touches.count == 2 else { return }
        let angle = Self.angle(self.touches)
        var step = angle - lastAngle
        if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
        lastAngle = angle
        turned += step
        estimator.add([turned], at: timestamp)
        switch state {
        case .possible:
            if abs(turned) >= hysteresis { transition(to: .began) }
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
        lastAngle = 0
        turned = 0
        reference = 0
        estimator.reset()
    }

    static func angle(_ touches: [Touch]) -> Double {
        let a = touches[0].scenePoint
        let b = touches[1].scenePoint
        return atan2(b.y - a.y, b.x - a.x)
    }
}
