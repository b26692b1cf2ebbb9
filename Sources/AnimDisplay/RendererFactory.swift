import AnimRender

/// How the output makes its renderers, on the render thread: the real GLES and software renderers, or
/// fakes in tests.
public struct RendererFactory: Sendable {
    /// A GLES renderer of `size` with an optional forced texture limit; throws when EGL or GLES fail.
    public var gles: @Sendable (_ size: PixelSize, _ maxTextureSize: Int?) throws(RenderError) -> any Renderer
    /// A software renderer of `size`.
    public var software: @Sendable (_ size: PixelSize) -> any Renderer
    /// Asks EGL what the GLES renderer would be without loading the GL driver into this process (the daemon
    /// runs itself as a child to answer), for `--renderer auto`; nil when the child could not be asked. Without
    /// it, auto creates the GLES renderer to find out, and a CPU rasterizer's driver then stays loaded.
    public var probe: (@Sendable (_ size: PixelSize, _ maxTextureSize: Int?) -> Result<RendererInfo, RenderError>?)?

    public init(
        gles: @escaping @Sendable (PixelSize, Int?) throws(RenderError) -> any Renderer,
        software: @escaping @Sendable (PixelSize) -> any Renderer,
        probe: (@Sendable (PixelSize, Int?) -> Result<RendererInfo, RenderError>?)? = nil
    ) {
        self.gles = gles
        self.software = software
        self.probe = probe
    }

    /// `GLESRenderer` on EGL and `SoftwareRenderer` on pixman.
    public static let standard = RendererFactory(
        gles: { (size, limit) throws(RenderError) in try GLESRenderer(size: size, maxTextureSize: limit) },
        software: { SoftwareRenderer(size: $0) })
}
