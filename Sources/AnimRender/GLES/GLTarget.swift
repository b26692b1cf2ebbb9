import CGLES3

/// An RGBA8 texture with a framebuffer object drawing into it: the output and the offscreen buffers.
final class GLTarget {
    let texture: GLuint
    let framebuffer: GLuint
    let size: PixelSize

    init(size: PixelSize) throws(RenderError) {
        guard size.width >= 1, size.height >= 1 else { throw .outOfMemory(size: size) }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        GLTexture.setSampling(filter: GL_NEAREST, mipmapped: false)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        let error = glGetError()
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE), error == GLenum(GL_NO_ERROR) else {
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteTextures(1, &texture)
            if error == GLenum(GL_OUT_OF_MEMORY) { throw .outOfMemory(size: size) }
            throw .drawFailed(
                call: "glCheckFramebufferStatus(\(size))", code: Int(error != 0 ? error : status))
        }
        self.texture = texture
        self.framebuffer = framebuffer
        self.size = size
    }

    deinit {
        var framebuffer = framebuffer
        var texture = texture
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
    }
}

/// Offscreen targets reused across passes and frames: one is taken for each group, mask and shadow pass, and
/// given back when the pass is composited. A target at least as large as the request is reused.
final class GLTargetPool {
    private var free: [GLTarget] = []
    /// Free targets kept between frames.
    private let keep = 8

    func take(atLeast size: PixelSize) throws(RenderError) -> GLTarget {
        if let i = free.indices.filter({ free[$0].size.width >= size.width && free[$0].size.height >= size.height })
            .min(by: { free[$0].size.pixelCount < free[$1].size.pixelCount })
        {
            return free.remove(at: i)
        }
        // Rounded up to 64 pixels so windows that change by a pixel or two reuse the same buffers.
        let rounded = PixelSize(width: (size.width + 63) / 64 * 64, height: (size.height + 63) / 64 * 64)
        return try GLTarget(size: rounded)
    }

    func give(_ target: GLTarget) {
        free.append(target)
        if free.count > keep {
            free.sort { $0.size.pixelCount > $1.size.pixelCount }
            free.removeLast(free.count - keep)
        }
    }

    func removeAll() { free.removeAll() }
}

/// Texture helpers.
enum GLTexture {
    /// Min/mag filters and edge clamping for the texture bound to GL_TEXTURE_2D.
    static func setSampling(filter: Int32, mipmapped: Bool, magnify: Int32? = nil) {
        let target = GLenum(GL_TEXTURE_2D)
        let min = mipmapped ? GL_LINEAR_MIPMAP_LINEAR : filter
        glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), min)
        glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), magnify ?? filter)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    /// A new RGBA8 texture holding `bytes` (premultiplied RGBA, top row first, `size`), bound to GL_TEXTURE_2D.
    static func upload(rgba bytes: UnsafeRawPointer, size: PixelSize, rowLength: Int, levels: Int = 1) -> GLuint {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(
            GLenum(GL_TEXTURE_2D), GLsizei(levels), GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(rowLength))
        glTexSubImage2D(
            GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), bytes)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        return texture
    }

    /// As `upload(rgba:…)` for tightly packed bytes (`size.pixelCount × 4` of them).
    static func upload(_ pixels: [UInt8], size: PixelSize, levels: Int) -> GLuint {
        pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            return upload(rgba: base, size: size, rowLength: size.width, levels: levels)
        }
    }

    /// Mip levels a full chain for `size` has.
    static func levels(for size: PixelSize) -> Int {
        var n = 1
        var side = max(size.width, size.height)
        while side > 1 {
            side /= 2
            n += 1
        }
        return n
    }
}
