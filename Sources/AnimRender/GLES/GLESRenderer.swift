import AnimCore
import CGLES3
import Foundation
import Logging

/// The GPU renderer: OpenGL ES 3 through EGL, drawing a `DrawList` into a persistent RGBA8 framebuffer the size
/// of the list. Every shape's coverage is computed per fragment with the same formula as the software renderer
/// (see `GLShaders.coverage`); images larger than `info.maxTextureSize` are drawn from 256×256 CPU tiles (only the
/// visible ones, cached within `tileCacheBudget`). All GL calls happen on the creating thread.
public final class GLESRenderer: Renderer {
    static let logger = Logger(label: "animserver.render.gles")

    public let info: RendererInfo
    /// Bytes of tile textures kept between frames (least recently used tiles leave first).
    public var tileCacheBudget: Int {
        get { tiles.budget }
        set { tiles.budget = max(0, newValue) }
    }
    /// Bytes of whole-image textures kept between frames.
    public var imageCacheBudget: Int {
        get { images.budget }
        set { images.budget = max(0, newValue) }
    }

    let device: EGLDevice
    let tileSize: Int
    private var programs: GLPrograms?
    private var output: GLTarget?
    let pool = GLTargetPool()
    var images = ByteBudgetCache<RenderImage.Key, ImageTexture>(budget: 256 << 20)
    var tiles = ByteBudgetCache<TileKey, ImageTexture>(budget: 64 << 20)
    var stats = RenderStats()
    /// Draws offscreen passes larger than `info.maxTextureSize` (made on first need, sized as the output).
    var cpuFallback: SoftwareRenderer?
    /// The size of the last frame drawn: until one of this size is drawn whole, damage is ignored.
    private var drawnSize: PixelSize?
    /// GL contexts are thread-affine: every call must come from the creating thread.
    private let thread = pthread_self()
    /// The framebuffer being drawn and the output pixels it shows (its row 0 is the window's top row).
    var current: (target: GLTarget, window: PixelRect)?

    /// EGL on Mesa's surfaceless platform; `maxTextureSize` forces a lower limit than the GPU's (tests, tiles).
    /// Without it, `ANIMSERVER_MAX_TEXTURE_SIZE` (a positive integer) does the same.
    public convenience init(size: PixelSize, maxTextureSize: Int? = nil) throws(RenderError) {
        try self.init(device: EGLDevice(), size: size, maxTextureSize: maxTextureSize)
    }

    /// Draws with `device`'s context (current on this thread), e.g. one on a GBM display.
    public init(
        device: EGLDevice, size: PixelSize, maxTextureSize forced: Int?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(RenderError) {
        self.device = device
        var limit = forced
        if limit == nil, let text = environment["ANIMSERVER_MAX_TEXTURE_SIZE"], !text.isEmpty {
            guard let value = Int(text), value > 0 else {
                throw .unsupported("ANIMSERVER_MAX_TEXTURE_SIZE=\(text): not a positive integer")
            }
            limit = value
        }
        if let limit, limit < 16 {
            throw .unsupported("a maximum texture size of \(limit) (tiles need at least 16)")
        }
        GLCheck.enableDebugOutput()
        var gpuLimit: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &gpuLimit)
        try GLCheck.setupErrors(after: "glGetIntegerv(GL_MAX_TEXTURE_SIZE)")
        let maxTexture = min(Int(gpuLimit), limit ?? Int.max)
        let renderer = GLCheck.string(GL_RENDERER)
        let version = GLCheck.string(GL_VERSION)
        let software = ["llvmpipe", "softpipe", "SwiftShader"].contains {
            renderer.localizedCaseInsensitiveContains($0)
        }
        info = RendererInfo(
            kind: .gles, device: "\(renderer) — \(version)", maxTextureSize: maxTexture,
            isSoftwareRasterizer: software)
        tileSize = min(TileGrid.defaultTileSize, maxTexture - 2)
        programs = try GLPrograms()
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        try GLCheck.setupErrors(after: "initial GL state")
        output = try makeOutput(size)
        Self.logger.debug(
            "GLES renderer: \(info.device), max texture \(maxTexture)\(limit != nil ? " (forced)" : ""), software rasterizer: \(software)"
        )
    }

    deinit {
        // GL objects go while the context is still current (the device is released after this body).
        try? device.makeCurrent()
        current = nil
        output = nil
        cpuFallback = nil
        pool.removeAll()
        _ = images.removeAll()
        _ = tiles.removeAll()
        programs = nil
    }

    private func makeOutput(_ size: PixelSize) throws(RenderError) -> GLTarget {
        guard size.width >= 1, size.height >= 1 else { throw .unsupported("an output of \(size)") }
        var gpuLimit: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &gpuLimit)
        guard size.width <= Int(gpuLimit), size.height <= Int(gpuLimit) else {
            throw .unsupported("an output of \(size): the GPU's framebuffers stop at \(gpuLimit) pixels")
        }
        return try GLTarget(size: size)
    }

    var shaders: GLPrograms {
        get throws(RenderError) {
            guard let programs else { throw .unsupported("drawing after teardown") }
            return programs
        }
    }

    public func render(_ list: DrawList, damage: Damage) throws(RenderError) -> RenderStats {
        try checkThread()
        try device.makeCurrent()
        stats = RenderStats()
        var regions: [PixelRect]
        let whole = PixelRect(size: list.size)
        if let existing = output, existing.size == list.size, drawnSize == list.size {
            switch damage {
            case .full: regions = [whole]
            case .region(let rects): regions = rects.compactMap { $0.intersection(whole) }
            }
        } else {
            if output?.size != list.size {
                output = nil
                output = try makeOutput(list.size)
            }
            drawnSize = list.size
            regions = [whole]
        }
        guard let output else { throw .unsupported("no output buffer") }
        let clear = list.clearColor.premultiplied
        // The union, as the software renderer counts it.
        stats.pixelsRedrawn = SoftwareRenderer.unionArea(regions)
        for region in regions {
            bind(output, window: whole)
            scissor(region)
            glClearColor(GLfloat(clear.r), GLfloat(clear.g), GLfloat(clear.b), GLfloat(clear.a))
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try draw(list.items, visible: region)
        }
        current = nil
        try GLCheck.errors(after: "render")
        stats.tilesCached = tiles.count
        stats.tileCacheBytes = tiles.bytes
        return stats
    }

    /// The texture the frames are drawn into (row 0 is the output's top row), for a scan-out that copies it to
    /// a window surface; nil before the first frame.
    public var outputTexture: UInt32? { output?.texture }

    public func readPixels(_ rect: PixelRect) throws(RenderError) -> PixelBuffer {
        guard let output else { throw .unsupported("reading pixels before the first frame") }
        precondition(PixelRect(size: output.size).contains(rect), "readPixels \(rect) outside \(output.size)")
        try checkThread()
        try device.makeCurrent()
        var bytes = [UInt8](repeating: 0, count: rect.pixelCount * 4)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), output.framebuffer)
        // Framebuffer row 0 is the output's top row, so GL's bottom-up rows come out top row first.
        bytes.withUnsafeMutableBytes { raw in
            glReadPixels(
                GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height), GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
        }
        try GLCheck.errors(after: "glReadPixels(\(rect))")
        return PixelBuffer(size: PixelSize(width: rect.width, height: rect.height), bytes: bytes)
    }

    private func checkThread() throws(RenderError) {
        guard pthread_equal(thread, pthread_self()) != 0 else {
            throw .unsupported("a GLESRenderer used from another thread than the one that created it")
        }
    }

    // MARK: Framebuffer state

    func bind(_ target: GLTarget, window: PixelRect) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(0, 0, GLsizei(window.width), GLsizei(window.height))
        current = (target, window)
    }

    /// Restricts drawing to `rect` (output pixels inside the current window).
    func scissor(_ rect: PixelRect) {
        let origin = current?.window ?? rect
        glScissor(
            GLint(rect.x - origin.x), GLint(rect.y - origin.y), GLsizei(rect.width), GLsizei(rect.height))
    }

    /// Sets the quad and window uniforms of `program` (in use) and draws the quad `rect` (output pixels).
    func drawQuad(_ rect: PixelRect, with program: GLProgram) {
        let window = current?.window ?? rect
        glUniform4f(
            program[.quad], GLfloat(rect.x), GLfloat(rect.y), GLfloat(rect.maxX), GLfloat(rect.maxY))
        glUniform2f(program[.viewOrigin], GLfloat(window.x), GLfloat(window.y))
        glUniform2f(program[.viewSize], GLfloat(window.width), GLfloat(window.height))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }
}
