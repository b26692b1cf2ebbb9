/// The container-time arithmetic of interactive transitions (docs/core-animation-rules.md#interactive-transitions),
/// apart from layers so it can be checked alone. A layer's local time is `(t_parent − beginTime) × speed +
/// timeOffset`.
enum InteractiveClock {
    /// The key of the container's `timeOffset` animation that runs the rest after finish or cancel.
    static let completionKey = "AnimScenes.completion"

    static func clamp(_ percent: Double) -> Double {
        guard percent.isFinite else { return 0 }
        return min(1, max(0, percent))
    }

    /// How far short of the end 100 % stops: an animation exactly as long as the transition would otherwise reach
    /// its end there, stop, and complete the transition before `finish()` is called.
    static let endGuard = 1e-6

    /// The paused container's `timeOffset` that shows the transition at `percent`.
    static func scrubbedOffset(begin: Double, percent: Double, duration: Double) -> Double {
        begin + min(clamp(percent) * duration, max(0, duration - endGuard))
    }

    /// The container's `timeOffset` animation after finish (`forwards`, to the end) or cancel (back to the
    /// beginning): from where `percent` shows, over the distance / `speed` parent seconds (`speed` > 0).
    static func completionRun(
        begin: Double, percent: Double, duration: Double, speed: Double, forwards: Bool
    ) -> (from: Double, to: Double, duration: Double) {
        let from = scrubbedOffset(begin: begin, percent: percent, duration: duration)
        let to = forwards ? begin + duration : begin
        return (from, to, abs(to - from) / speed)
    }
}
