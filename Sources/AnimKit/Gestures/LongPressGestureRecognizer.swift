import AnimCore

/// UILongPressGestureRecognizer: continuous. It begins when `numberOfTouchesRequired` fingers have stayed
/// down, within `allowableMovement` of where they went down, for `minimumPressDuration` seconds of media time;
/// then changes as they move (any distance) and ends when one lifts. It begins at exactly the deadline, with
/// no event needed then: the arena runs deadlines before any later event and the dispatcher's timer runs them
/// on the local estimate of the server's media clock (`MediaClock`).
public final class LongPressGestureRecognizer: GestureRecognizer, @unchecked Sendable {
    public var minimumPressDuration = 0.5
    public var numberOfTouchesRequired = 1
    /// Points (scene) the fingers may move before the press begins without it failing.
    public var allowableMovement = 10.0

    private var downPoints: [UInt32: Point] = [:]

    override func touchesBegan(_ touches: [Touch]) {
        for touch in touches { downPoints[touch.sequence] = touch.scenePoint }
        guard state == .possible else { return }
        if self.touches.count > numberOfTouchesRequired {
            transition(to: .failed)
        } else if self.touches.count == numberOfTouchesRequired {
            deadline = timestamp + minimumPressDuration
        }
    }

    override func touchesMoved(_ touches: [Touch]) {
        if state.isActive {
            transition(to: .changed)
            return
        }
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
        transition(to: state.isActive ? .ended : .failed)
    }

    override func deadlineReached() {
        if state == .possible { transition(to: .began) }
    }

    override func reset() {
        downPoints = [:]
    }
}
