import AnimCore

/// UITapGestureRecognizer: discrete. `numberOfTouchesRequired` fingers down and up, `numberOfTapsRequired`
/// times, each finger staying within `allowableMovement` of where it went down and each tap starting within
/// `maximumTapInterval` of the previous one's lift; recognized at the last lift. More fingers, too much
/// movement or too long a pause fails it.
public final class TapGestureRecognizer: GestureRecognizer, @unchecked Sendable {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    /// Points (scene) a finger may move before the tap fails.
    public var allowableMovement = 10.0
    /// Seconds (media time) between a lift and the next tap's first finger (UIKit: about 0.35).
    public var maximumTapInterval = 0.35

    private var tapsDone = 0
    /// Fingers down in the current tap, at most, and where each went down.
    private var fingersThisTap = 0
    private var downPoints: [UInt32: Point] = [:]

    override func touchesBegan(_ touches: [Touch]) {
        deadline = nil
        for touch in touches { downPoints[touch.sequence] = touch.scenePoint }
        fingersThisTap = max(fingersThisTap, self.touches.count)
        if fingersThisTap > numberOfTouchesRequired { transition(to: .failed) }
    }

    override func touchesMoved(_ touches: [Touch]) {
        for touch in touches {
            guard let down = downPoints[touch.sequence] else { continue }
            let dx = touch.scenePoint.x - down.x
            let dy = touch.scenePoint.y - down.y
            if (dx * dx + dy * dy).squareRoot() > allowableMovement {
                transition(to: .failed)
                return
            }
        }
    }

    override func touchesEnded(_ touches: [Touch]) {
        touchesMoved(touches)
        guard state == .possible else { return }
        let remaining = self.touches.filter { t in !touches.contains { $0 === t } }
        guard remaining.isEmpty else { return }
        guard fingersThisTap == numberOfTouchesRequired else {
            transition(to: .failed)
            return
        }
        tapsDone += 1
        fingersThisTap = 0
        downPoints = [:]
        if tapsDone >= numberOfTapsRequired {
            transition(to: .recognized)
        } else {
            deadline = timestamp + maximumTapInterval
        }
    }

    override func deadlineReached() {
        transition(to: .failed)
    }

    override func reset() {
        tapsDone = 0
        fingersThisTap = 0
        downPoints = [:]
    }
}
