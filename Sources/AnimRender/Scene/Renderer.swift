/// Which implementation draws.
public enum RendererKind: String, Hashable, Sendable, CaseIterable {
    /// OpenGL ES 3 through EGL.
    case gles
    /// pixman and cairo on the CPU.
    case software
}

/// What a renderer is and what it can do, for logs and `animctl status`.
public struct RendererInfo: Hashable, Sendable {
    public var kind: RendererKind
    /// For GLES, GL_RENDERER and GL_VERSION; for the software renderer, the pixman and cairo versions.
    public var device: String
    /// The largest texture side the GPU accepts (or the forced lower limit); `Int.max` for the software renderer.
    public var maxTextureSize: Int
    /// The GL driver rasterizes on the CPU (llvmpipe, softpipe, SwiftShader).
    public var isSoftwareRasterizer: Bool

    public init(kind: RendererKind, device: String, maxTextureSize: Int, isSoftwareRasterizer: Bool) {
        self.kind = kind
        self.device = device
        self.maxTextureSize = maxTextureSize
        self.isSoftwareRasterizer = isSoftwareRasterizer
    }
}

/// Which output pixels a frame must redraw.
public enum Damage: Hashable, Sendable {
    /// Everything (the first frame, after a resize).
    case full
    /// Only these pixels; an empty list means nothing changed and nothing is drawn.
    case region([PixelRect])

    public var isEmpty: Bool {
        if case .region(let rects) = self { return rects.allSatisfy(\.isEmpty) }
        return false
    }
}

/// What one `render` call did: for benchmarks, damage tests and `animctl status`.
public struct RenderStats: Hashable, Sendable {
    /// Items drawn (leaves, counting those inside groups and shadows), after damage culling.
    public var itemsDrawn = 0
    /// Offscreen buffers used (groups, masks, shadows).
    public var offscreenPasses = 0
    /// Output pixels redrawn (the area of the damage inside the output).
    public var pixelsRedrawn = 0
    /// Tiles rastered on the CPU during this frame.
    public var tilesRastered = 0
    /// Tiles held in the tile cache after the frame, and their bytes.
    public var tilesCached = 0
    public var tileCacheBytes = 0

    public init() {}
}

/// The one interface both renderers implement. A renderer owns a persistent output buffer of the list's
/// size: `render` redraws only the damaged pixels (cleared to the list's clear colour first, then every item
/// drawn clipped to the damage), so pixels outside the damage keep the previous frame. Not thread-safe: a
/// renderer lives on the thread that created it (GL contexts are thread-affine).
public protocol Renderer: AnyObject {
    var info: RendererInfo { get }
    /// Draws `list` into the output buffer. A list of another size than the last one reallocates the
    /// buffer and redraws everything whatever `damage` says.
    func render(_ list: DrawList, damage: Damage) throws(RenderError) -> RenderStats
    /// The output buffer's pixels in `rect` (premultiplied RGBA8, top row first). Traps when `rect` is not
    /// inside the output.
    func readPixels(_ rect: PixelRect) throws(RenderError) -> PixelBuffer
}

/// Why a renderer could not start or draw.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// EGL or GL could not be set up: the call that failed and the error it reported.
    case graphicsUnavailable(call: String, code: Int, detail: String)
    /// A GL call failed while drawing.
    case drawFailed(call: String, code: Int)
    /// A shader did not compile or link: the driver's log.
    case shaderFailed(stage: String, log: String)
    /// A buffer of this size could not be allocated.
    case outOfMemory(size: PixelSize)
    /// The renderer was asked for something it cannot do (named).
    case unsupported(String)

    public var description: String {
        switch self {
        case .graphicsUnavailable(let call, let code, let detail):
            return "graphics unavailable: \(call) failed (0x\(String(code, radix: 16))): \(detail)"
        case .drawFailed(let call, let code): return "drawing failed: \(call) reported 0x\(String(code, radix: 16))"
        case .shaderFailed(let stage, let log): return "\(stage) shader failed: \(log)"
        case .outOfMemory(let size): return "cannot allocate a \(size) buffer"
        case .unsupported(let what): return "unsupported: \(what)"
        }
    }
}
