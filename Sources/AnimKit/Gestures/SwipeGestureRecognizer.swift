import AnimCore

/// UISwipeGestureRecognizer: discrete. Recognized when `numberOfTouchesRequired` fingers have moved
/// `minimumDistance` points along an allowed `direction` within `maximumDuration` seconds of going down,
/// staying within about 27° of that axis (the cross movement at most half the movement along it). Too slow,
/// another direction, or lifting first fails it.
public final class SwipeGestureRecognizer: GestureRecognizer, @unchecked Sendable {
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1)
        public static let left = Direction(rawValue: 2)
        public static let up = Direction(rawValue: 4)
        public static let down = Direction(rawValue: 8)
    }

    public var direction: Direction = .right
    public var numberOfTouchesRequired = 1
    public var minimumDistance = 50.0
    public var maximumDuration = 0.5

    private var start: Point?

    override func touchesBegan(_ touches: [Touch]) {
        guard state == .possible else { return }
        if self.touches.count > numberOfTouchesRequired {
            transition(to: .failed)
            return
        }
        start = centroid(of: self.touches)
        if self.touches.count == numberOfTouchesRequired { deadline = timestamp + maximumDuration }
    }

    override func touchesMoved(_ touches: [Touch]) {
        guard state == .possible, self.touches.count == numberOfTouchesRequired, let start,
            let now = centroid(of: self.touches)
        else { return }
        let dx = now.x - start.x
        let dy = now.y - start.y
        let along: Direction = abs(dx) >= abs(dy) ? (dx >= 0 ? .right : .left) : (dy >= 0 ? .down : .up)
        let distance = max(abs(dx), abs(dy))
        let cross = min(abs(dx), abs(dy))
        if distance >= minimumDistance {
            transition(to: direction.contains(along) && cross <= distance / 2 ? .recognized : .failed)
        } else if distance > 10 && !direction.contains(along) {
            transition(to: .failed)
        }
    }

    override func touchesEnded(_ touches: [Touch]) {
        if state == .possible { transition(to: .failed) }
    }

    override func deadlineReached() {
        transition(to: .failed)
    }

    override func reset() {
        start = nil
    }
}
