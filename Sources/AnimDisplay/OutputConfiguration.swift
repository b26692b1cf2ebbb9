import AnimCore
import AnimRender

/// How a headless output is set up: `animserverd --size --refresh --renderer --max-texture-size`.
public struct OutputConfiguration: Hashable, Sendable {
    /// The largest side accepted for `--size`.
    public static let maximumSide = PixelSize.maximumParsedSide

    public var size: PixelSize
    /// Frames per second while something animates (shown by `animctl status`; the server paces the frames).
    public var refresh: Double
    public var renderer: RendererChoice
    /// A texture limit lower than the GPU's, for the GLES renderer (tests exercise the CPU tiles with it).
    public var maxTextureSize: Int?
    /// What the output shows where no layer is.
    public var clearColor: Color

    public init(
        size: PixelSize = PixelSize(width: 1280, height: 720), refresh: Double = 60, renderer: RendererChoice = .auto,
        maxTextureSize: Int? = nil, clearColor: Color = .black
    ) {
        self.size = size
        self.refresh = refresh
        self.renderer = renderer
        self.maxTextureSize = maxTextureSize
        self.clearColor = clearColor
    }
}
