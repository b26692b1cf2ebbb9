/// A descriptor an output has the server's loop watch, and what to do when it is readable: the DRM output's
/// udev monitor and seat (its card's page-flip events come through the pacer). The output runs no loop of its
/// own; the server registers each source on its loop when it starts.
public struct LoopSource: Sendable {
    /// What the descriptor is, for the log (`udev`, `seat`).
    public let name: String
    public let descriptor: Int32
    /// Runs on the loop thread when `descriptor` is readable: reads what arrived. True when the loop must plan
    /// its next frame (the seat was disabled or enabled).
    public let ready: @Sendable () -> Bool

    public init(name: String, descriptor: Int32, ready: @escaping @Sendable () -> Bool) {
        self.name = name
        self.descriptor = descriptor
        self.ready = ready
    }
}
