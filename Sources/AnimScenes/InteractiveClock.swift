/// The container-time arithmetic of interactive transitions (docs/core-animation-rules.md#interactive-transitions),
/// apart from layers so it can be checked alone. A layer's local time is `(t_parent − beginTime) × speed +
/// timeOffset`.
enum InteractiveClock {
    /// The key of the marker animation that reports the end of a cancelled transition's run back.
    static let reversalKey = "AnimScenes.cancel"

    static func clamp(_ percent: Double) -> Double {
        guard percent.isFinite else { return 0 }
        return min(1, max(0, percent))
    }

    /// The paused container's `timeOffset` that shows the transition at `percent`.
    static func scrubbedOffset(begin: Double, percent: Double, duration: Double) -> Double {
        begin + clamp(percent) * duration
    }

    /// The container's timing that continues from `percent` at `speed` (negative runs back) from `parentNow`.
    static func resumed(
        begin: Double, percent: Double, duration: Double, speed: Double, parentNow: Double
    ) -> (beginTime: Double, speed: Double, timeOffset: Double) {
        (parentNow, speed, scrubbedOffset(begin: begin, percent: percent, duration: duration))
    }

    /// Parent seconds until the resumed time reaches the end (forwards) or the beginning (backwards).
    static func remainingTime(percent: Double, duration: Double, speed: Double) -> Double {
        guard speed != 0 else { return .infinity }
        let p = clamp(percent)
        return (speed > 0 ? (1 - p) : p) * duration / abs(speed)
    }
}
