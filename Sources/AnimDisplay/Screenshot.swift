import AnimCore
import AnimRender

/// What a screenshot shows.
public enum ScreenshotTarget: Sendable {
    /// The whole output.
    case output
    /// One layer's subtree drawn alone in a buffer of its bounds' size (`DrawListCompiler.compileLayer`).
    case layer(LayerID, in: any SceneSource & Sendable)
}

/// The pixels of a screenshot and the frame they show.
public struct Screenshot: Sendable {
    /// Premultiplied RGBA8, the top row first.
    public var pixels: PixelBuffer
    public var frame: UInt64
    public var time: Double

    public init(pixels: PixelBuffer, frame: UInt64, time: Double) {
        self.pixels = pixels
        self.frame = frame
        self.time = time
    }
}

/// Why a screenshot could not be made.
public enum ScreenshotError: Error, Sendable, CustomStringConvertible {
    /// The scene has no such layer (it went away before the frame was drawn).
    case unknownLayer(LayerID)
    /// The renderer failed.
    case renderFailed(RenderError)
    /// The output stopped before drawing it.
    case outputStopped

    public var description: String {
        switch self {
        case .unknownLayer(let id): "\(id) does not exist in the frame"
        case .renderFailed(let error): "\(error)"
        case .outputStopped: "the output stopped before the screenshot was drawn"
        }
    }
}

/// A screenshot to take and whom to tell. `completion` runs on the render thread.
public struct ScreenshotJob: Sendable {
    public var target: ScreenshotTarget
    public var completion: @Sendable (Result<Screenshot, ScreenshotError>) -> Void

    public init(
        target: ScreenshotTarget, completion: @escaping @Sendable (Result<Screenshot, ScreenshotError>) -> Void
    ) {
        self.target = target
        self.completion = completion
    }
}
