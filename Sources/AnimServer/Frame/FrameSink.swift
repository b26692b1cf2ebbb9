/// Where finished frames go: the renderer plugs in here. Called on the server's loop thread, once per
/// rendered frame, in frame order.
public protocol FrameSink: AnyObject {
    func present(_ snapshot: RenderSnapshot)
}

/// A sink that draws nothing: counts frames and keeps the last one (tests read it).
public final class CountingFrameSink: FrameSink {
    public private(set) var presentedFrames: UInt64 = 0
    public private(set) var lastSnapshot: RenderSnapshot?

    public init() {}

    public func present(_ snapshot: RenderSnapshot) {
        presentedFrames += 1
        lastSnapshot = snapshot
    }
}
