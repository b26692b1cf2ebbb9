import AnimCore
import AnimImage
import AnimRender

/// Why the splash image was not loaded.
public enum SplashError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read or is no PNG libpng decodes.
    case unreadable(path: String, PNGError)

    public var description: String {
        switch self {
        case .unreadable(let path, let error): "splash image \(path): \(error)"
        }
    }
}

/// The image shown from the moment the output lights until the first client commit (`--splash`, or `"splash"`
/// in the config file): scaled to fit, centred, on black.
public struct SplashImage: Sendable {
    /// The image's key among the scene images: a source no client session has (sessions count up from 1).
    static let imageKey = RenderImage.Key(source: .max, image: 0)
    static let layer = LayerID(.max)
    static let image = ImageID(.max)

    public let path: String
    let pixels: RenderImage

    /// Reads and decodes the PNG at `path`.
    public init(path: String) throws(SplashError) {
        let png: PNGImage
        do throws(PNGError) {
            png = try PNGImage.read(contentsOf: path)
        } catch {
            throw .unreadable(path: path, error)
        }
        self.init(path: path, image: png)
    }

    /// `image` as the splash (tests).
    public init(path: String, image: PNGImage) {
        self.path = path
        pixels = RenderImage(key: Self.imageKey, pixels: PixelBuffer(premultiplying: image))
    }

    public var size: PixelSize { pixels.size }

    /// The splash over an output of `size`: one black layer covering it whose contents are the image, fitted
    /// and centred, at `opacity`.
    func scene(size: PixelSize, opacity: Double) -> StaticScene {
        var state = LayerState()
        state.bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        state.position = Point(x: Double(size.width) / 2, y: Double(size.height) / 2)
        state.backgroundColor = .black
        state.contents = Self.image
        state.contentsGravity = "resizeAspect"
        state.opacity = opacity
        return StaticScene(
            roots: [Self.layer], layers: [Self.layer: SceneLayer(id: Self.layer, state: state, sublayers: [])],
            images: [Self.image: pixels])
    }
}
