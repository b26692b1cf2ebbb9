import AnimRender

/// One frame for an output: the scenes to draw (each client's, in order) at a presentation time. Built on the
/// server's loop thread and drawn on the render thread, so the scenes are frozen values.
public struct DisplayFrame: Sendable {
    /// The server's frame number; for a screenshot of the current time, the last frame presented (0 before the
    /// first).
    public let frame: UInt64
    /// The presentation time the scenes show (server media time).
    public let time: Double
    /// Back to front: each scene's roots are drawn after the previous scene's.
    public let scenes: [any SceneSource & Sendable]

    public init(frame: UInt64, time: Double, scenes: [any SceneSource & Sendable]) {
        self.frame = frame
        self.time = time
        self.scenes = scenes
    }
}
