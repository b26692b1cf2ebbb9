/// The timing of a layer, an animation or an emitter cell: every CAMediaTiming field.
///
/// Phase model (docs/core-animation-rules.md). Parent time `t` gives the elapsed time
/// `e = (t − beginTime)·speed`, which alone decides the phase: `e < 0` is BEFORE, `e ≥ activeDuration` is
/// AFTER (the end instant itself is AFTER), anything else is ACTIVE. While active, `e + timeOffset` wraps into
/// repeat cycles of `cycleDuration`; with `autoreverses` the second half of a cycle mirrors the first. Outside
/// the active duration only the fill mode gives an effect: backwards fill shows the state at `e = 0`, forwards
/// fill the state the active phase ended on. See `resolve(parentTime:)`.
public struct MediaTiming: Hashable, Codable, Sendable {
    /// The duration used when `duration` is not a positive finite number (CA's transaction default).
    public static let defaultDuration = 0.25

    /// A repeat count at or above this (CA's `Float.greatestFiniteMagnitude`, or `.infinity`) repeats forever.
    public static let foreverRepeatCount = Double(Float.greatestFiniteMagnitude)

    /// Start of the active duration, in the parent's time space.
    public var beginTime: Double
    /// The basic duration of one play; 0 or less means `defaultDuration`.
    public var duration: Double
    /// How fast local time runs relative to parent time; 0 pins local time at `timeOffset`.
    public var speed: Double
    /// Added to active local time; it wraps around the repeat cycles rather than shortening the playback.
    public var timeOffset: Double
    /// How many cycles to play, possibly fractional; 0 means one. Ignored when `repeatDuration` is set.
    public var repeatCount: Double
    /// How long to repeat, in local time; 0 means unset. Wins over `repeatCount` when both are set.
    public var repeatDuration: Double
    /// Whether each cycle plays forwards and then backwards.
    public var autoreverses: Bool
    /// What shows outside the active duration.
    public var fillMode: FillMode

    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Active local time for parent time `t`: `(t − beginTime)·speed + timeOffset`
    /// (docs/core-animation-rules.md#parent-time-to-local-time).
    @inline(__always)
    public func localTime(fromParent t: Double) -> Double {
        (t - beginTime) * speed + timeOffset
    }

    /// The parent time whose local time is `t`, or nil when `speed` is 0 (every parent time maps to
    /// `timeOffset` then, so there is no inverse).
    @inline(__always)
    public func parentTime(fromLocal t: Double) -> Double? {
        guard speed != 0 else { return nil }
        return (t - timeOffset) / speed + beginTime
    }

    /// `duration` when it is positive and finite, else `defaultDuration`.
    public var resolvedDuration: Double {
        duration > 0 && duration.isFinite ? duration : Self.defaultDuration
    }

    /// One repeat cycle: the resolved duration, twice that with `autoreverses`.
    public var cycleDuration: Double {
        autoreverses ? 2 * resolvedDuration : resolvedDuration
    }

    /// The active duration in local time (docs/core-animation-rules.md#repeat-and-autoreverse): `repeatDuration` when
    /// set (it wins over `repeatCount`, docs/core-animation-rules.md#decisions-on-open-points), else `repeatCount`
    /// cycles, else one cycle. `.infinity` when it repeats forever.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatsForever ? .infinity : repeatCount * cycleDuration }
        return cycleDuration
    }

    /// Whether the active duration never ends: an infinite `repeatDuration`, or (with no `repeatDuration`)
    /// a `repeatCount` of `foreverRepeatCount` or more.
    public var repeatsForever: Bool {
        if repeatDuration > 0 { return repeatDuration == .infinity }
        return repeatCount >= Self.foreverRepeatCount
    }

    /// Both `repeatCount` and `repeatDuration` are set. CA leaves this undefined; animserver lets
    /// `repeatDuration` win and the SDK logs a warning.
    public var hasConflictingRepeat: Bool {
        repeatCount > 0 && repeatDuration > 0
    }
}

extension MediaTiming {
    private enum CodingKeys: String, CodingKey {
        case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode
    }

    /// Decodes every field, taking the CAMediaTiming default for each one that is absent. Decoding does not
    /// validate; call `validate(field:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = MediaTiming()
        beginTime = try container.decodeIfPresent(Double.self, forKey: .beginTime) ?? defaults.beginTime
        duration = try container.decodeIfPresent(Double.self, forKey: .duration) ?? defaults.duration
        speed = try container.decodeIfPresent(Double.self, forKey: .speed) ?? defaults.speed
        timeOffset = try container.decodeIfPresent(Double.self, forKey: .timeOffset) ?? defaults.timeOffset
        repeatCount = try container.decodeIfPresent(Double.self, forKey: .repeatCount) ?? defaults.repeatCount
        repeatDuration =
            try container.decodeIfPresent(Double.self, forKey: .repeatDuration) ?? defaults.repeatDuration
        autoreverses = try container.decodeIfPresent(Bool.self, forKey: .autoreverses) ?? defaults.autoreverses
        fillMode = try container.decodeIfPresent(FillMode.self, forKey: .fillMode) ?? defaults.fillMode
    }
}
