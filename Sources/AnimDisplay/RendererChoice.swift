/// What `--renderer` asks for.
public enum RendererChoice: String, Hashable, Sendable, CaseIterable {
    /// GLES on a hardware GPU; the software renderer when EGL fails or reports a CPU rasterizer.
    case auto
    /// GLES or a start error.
    case gles
    /// The software renderer, without trying EGL.
    case software
}
