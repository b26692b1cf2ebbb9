/// Where a parent time falls relative to an object's active duration.
public enum TimingPhase: Hashable, Sendable {
    /// Elapsed time is negative: the object has not started.
    case before
    /// Elapsed time is within `[0, activeDuration)`.
    case active
    /// Elapsed time has reached `activeDuration` (the end instant included).
    case after
}

/// The outcome of `MediaTiming.resolve(parentTime:)`: the phase, and what to evaluate in it.
public struct TimingResolution: Hashable, Sendable {
    /// The phase, decided on elapsed time alone.
    public var phase: TimingPhase
    /// The basic fraction `f` in [0, 1], before any timing function is applied; nil means no effect (before
    /// or after the active duration without the matching fill).
    public var fraction: Double?
    /// The repeat index `k` of the evaluated cycle (negative when a negative `timeOffset` wraps back);
    /// 0 when `fraction` is nil.
    public var cycle: Int
    /// Whether the evaluated instant lies on the backward leg of an autoreversing cycle; false when
    /// `fraction` is nil.
    public var isReversed: Bool

    public init(phase: TimingPhase, fraction: Double?, cycle: Int = 0, isReversed: Bool = false) {
        self.phase = phase
        self.fraction = fraction
        self.cycle = cycle
        self.isReversed = isReversed
    }

    /// Whether the object contributes anything at this time.
    public var hasEffect: Bool { fraction != nil }
}
