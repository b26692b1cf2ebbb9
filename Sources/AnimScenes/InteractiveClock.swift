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

    /// How far short of the end 100 % stops: an animation exactly as long as the transition would otherwise reach
    /// its end there, stop, and complete the transition before `finish()` is called.
    static let endGuard = 1e-6

    /// The paused container's `timeOffset` that shows the transition at `percent`.
    static func scrubbedOffset(begin: Double, percent: Double, duration: Double) -> Double {
        begin + min(clamp(percent) * duration, max(0, duration - endGuard))
    }

    /// The container's timing that continues from `percent` at `speed` (negative runs back) from `parentNow`.
    static func resumed(
        begin: Double, percent: Double, duration: Double, speed: Double, parentNow: Double
    ) -> (beginTime: Double, speed: Double, timeOffset: Double) {
        (parentNow, speed, scrubbedOffset(begin: begin, percent: percent, duration: duration))
    }

    /// Parent seconds before the beginning at which a cancelled transition's run back ends. Running on to the
    /// beginning itself, a frame drawn before the restoring commit arrives could show a time from before the
    /// animations began, where they are inactive and the models' end state shows through; a lead of two 60 Hz
    /// frames leaves that commit one frame to arrive, and skips only the first 1/30 s of the animations.
    static let reversalLead = 1.0 / 30

    /// The local time a cancelled transition runs back from `percent` before its marker ends it (0: end at once).
    static func reversalDistance(percent: Double, duration: Double, speed: Double) -> Double {
        let scrubbed = scrubbedOffset(begin: 0, percent: percent, duration: duration)
        return max(0, scrubbed - reversalLead * abs(speed))
    }

    /// Parent seconds until the resumed time reaches the end (forwards) or the beginning (backwards).
    static func remainingTime(percent: Double, duration: Double, speed: Double) -> Double {
        guard speed != 0 else { return .infinity }
        let p = clamp(percent)
        return (speed > 0 ? (1 - p) : p) * duration / abs(speed)
    }
}
