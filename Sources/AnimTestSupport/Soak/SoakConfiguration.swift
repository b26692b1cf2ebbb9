/// The shape of a soak: how many clients with how many layers, how much of it animates, how fast clients and
/// layers come and go, for how long, and the bounds its summary is held to.
public struct SoakConfiguration: Sendable {
    public var clients = 32
    public var layersPerClient = 1000
    /// The share of each client's layers with a repeating opacity animation.
    public var animatedFraction = 0.1
    /// Seconds of load (clients connected, animating, churning), not counting the start and the leaving.
    public var duration = 600.0
    /// Every this many seconds `churnClients` clients disconnect and as many new ones connect.
    public var churnInterval = 5.0
    public var churnClients = 4
    /// Every second one client, in turn, destroys this share of its layers and creates as many new ones.
    public var layerChurnFraction = 0.05
    /// The output the layers are spread over (the daemon's `--size`).
    public var outputWidth = 1280
    public var outputHeight = 720
    /// RSS after every client left may exceed RSS before the first one came by this much (the renderer's output
    /// buffer, allocated by the first drawn frame, and the allocator's own pages).
    public var residentMarginBytes = 16 << 20
    /// The share of the frames the output's refresh rate asks for that may be missing (not built, or dropped by
    /// the render thread) while clients are connected.
    public var missedFrameFraction = 0.05
    /// Seconds to wait, after every client left, for the descriptors to come back to the start.
    public var settleSeconds = 3.0

    public init() {}
}
