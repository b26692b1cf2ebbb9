/// Where finished frames go: the renderer plugs in here. Called on the server's loop thread, once per
/// rendered frame, in frame order.
public protocol FrameSink: AnyObject {
    func present(_ snapshot: RenderSnapshot)
}

/// The sink until a renderer exists (and the one tests read): counts frames and keeps the last one.
public final class CountingFrameSink: FrameSink {
    public private(set) var presentedFrames: UInt64 = 0
    public private(set) var lastSnapshot: RenderSnapshot?

    public init() {}

    public func present(_ snapshot: RenderSnapshot) {
        presentedFrames += 1
        lastSnapshot = snapshot
    }
}
