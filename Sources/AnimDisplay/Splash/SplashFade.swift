/// When the splash shows and how opaque: fully from the start until the first frame holding a client's layers,
/// then fading out over `duration` seconds of presentation time from that frame's time, drawn over the scene so
/// no frame between the splash and the scene is black. A pure state machine the output feeds every frame.
public struct SplashFade: Hashable, Sendable {
    /// Seconds the splash takes to fade into the scene.
    public static let duration = 0.25

    /// The presentation time of the first frame with a client's layers; nil before it.
    public private(set) var fadeStart: Double?
    /// The fade has ended (frames show the scene alone from then on).
    public private(set) var finished = false

    public init() {}

    /// The splash's opacity for a frame at `time` (1 before and at the fade's start, 0…1 during it), or nil once
    /// the fade is over. `hasContent`: the frame holds a client's layers.
    public mutating func opacity(at time: Double, hasContent: Bool) -> Double? {
        guard !finished else { return nil }
        guard let fadeStart else {
            if hasContent { fadeStart = time }
            return 1
        }
        // A clock set back before the fade began shows the splash whole rather than a negative fade.
        let progress = max(0, time - fadeStart) / Self.duration
        guard progress < 1 else {
            finished = true
            return nil
        }
        return 1 - progress
    }

    /// The splash is still to be faded out: the loop must keep making frames until it is gone.
    public var isFading: Bool { fadeStart != nil && !finished }
}
