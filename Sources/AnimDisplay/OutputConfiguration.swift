import AnimCore
import AnimRender

/// How a headless output is set up: `animserverd --size --refresh --renderer --max-texture-size`.
public struct OutputConfiguration: Hashable, Sendable {
    /// The largest side accepted for `--size`.
    public static let maximumSide = 16384

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

extension PixelSize {
    /// Parses `WIDTHxHEIGHT` (`1280x720`); each side 1…`OutputConfiguration.maximumSide`. Nil otherwise.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...OutputConfiguration.maximumSide).contains(width),
            (1...OutputConfiguration.maximumSide).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }
}
