import AnimCore

extension SpringAnimation {
    /// A gesture's velocity (points per second, e.g. `PanGestureRecognizer.velocity(in:)`) as a spring's
    /// `initialVelocity` for a move from `from` to `to`: the velocity's component along the move, in fractions
    /// of its distance per second (docs/core-animation-rules.md#spring-parameters), positive toward `to`. A
    /// finger flung away from `to` gives a negative one, so the spring first carries on outwards. 0 when the
    /// two points are the same.
    public static func initialVelocity(forGestureVelocity velocity: Point, from: Point, to: Point) -> Double {
        let dx = to.x - from.x
        let dy = to.y - from.y
        let squared = dx * dx + dy * dy
        guard squared > 0 else { return 0 }
        return (velocity.x * dx + velocity.y * dy) / squared
    }
}
