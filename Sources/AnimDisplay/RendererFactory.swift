import AnimRender

/// How the output makes its renderers, on the render thread: the real GLES and software renderers, or
/// fakes in tests.
public struct RendererFactory: Sendable {
    /// A GLES renderer of `size` with an optional forced texture limit; throws when EGL or GLES fail.
    public var gles: @Sendable (_ size: PixelSize, _ maxTextureSize: Int?) throws(RenderError) -> any Renderer
    /// A software renderer of `size`.
    public var software: @Sendable (_ size: PixelSize) -> any Renderer

    public init(
        gles: @escaping @Sendable (PixelSize, Int?) throws(RenderError) -> any Renderer,
        software: @escaping @Sendable (PixelSize) -> any Renderer
    ) {
        self.gles = gles
        self.software = software
    }

    /// `GLESRenderer` on EGL and `SoftwareRenderer` on pixman.
    public static let standard = RendererFactory(
        gles: { (size, limit) throws(RenderError) in try GLESRenderer(size: size, maxTextureSize: limit) },
        software: { SoftwareRenderer(size: $0) })
}
