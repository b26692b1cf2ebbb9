import AnimRender

/// Why an output could not start.
public enum OutputStartError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--renderer gles` was forced and EGL or GLES could not be set up.
    case glesUnavailable(RenderError)
    /// The selection was asked to decide without the EGL probe it needs (a programming error in the caller).
    case glesNotProbed
    /// The output size is not at least 1x1 or too large to allocate.
    case invalidSize(PixelSize)
    /// The render thread could not be started.
    case threadFailed(String)
    /// The DRM device could not be opened or lit.
    case drm(DRMError)

    public var description: String {
        switch self {
        case .glesUnavailable(let error): "--renderer gles: \(error)"
        case .glesNotProbed: "the renderer choice needs EGL to be tried first"
        case .invalidSize(let size): "output size \(size): each side must be 1…16384 pixels"
        case .threadFailed(let detail): "cannot start the render thread: \(detail)"
        case .drm(let error): "--output drm: \(error)"
        }
    }
}
