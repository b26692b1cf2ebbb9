/// What happened to an animation between two evaluations: the delegate callbacks of
/// docs/core-animation-rules.md#delegate-callbacks.
public struct AnimationEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The animation entered its active duration.
        case didStart
        /// The active duration completed (finished = true) or the animation was removed first (false).
        case didStop(finished: Bool)
    }

    /// The id the animation got when it was added to its layer's set.
    public var animationID: UInt64
    public var key: String?
    public var kind: Kind
    /// The layer-local time the event belongs to (the start or end of the active duration, or the time
    /// of removal), which can lie between two evaluations.
    public var localTime: Double
    /// Whether `localTime` is the layer's parent time: the event of an animation of the layer's own `timeOffset`,
    /// which runs on the parent time (docs/core-animation-rules.md#parent-time-to-local-time).
    public var isOnParentTime = false

    public var description: String {
        let k = key.map { "'\($0)'" } ?? "nil"
        switch kind {
        case .didStart: return "didStart(\(k)) at \(localTime)"
        case .didStop(let finished): return "didStop(\(k), finished: \(finished)) at \(localTime)"
        }
    }
}
