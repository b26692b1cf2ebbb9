import AnimCore
import CGLES3

extension GLESRenderer {
    /// Whether a buffer for `rect` would be larger than the texture limit (only possible when the output is, which
    /// a forced limit allows).
    func exceedsTextureLimit(_ rect: PixelRect) -> Bool {
        rect.width > info.maxTextureSize || rect.height > info.maxTextureSize
    }

    /// An offscreen pass too large for one texture: `item` drawn by the software renderer over transparent black
    /// for the pixels of `area` (it draws the same pixels, `Coverage` and all), then uploaded in tiles of at most
    /// `tileSize` pixels and composited with `blend` onto the current framebuffer.
    func drawOnCPU(_ item: DrawItem, area: PixelRect, blend: GroupBlend) throws(RenderError) {
        guard let window = current?.window else { return }
        let size = PixelSize(width: window.maxX, height: window.maxY)
        let software: SoftwareRenderer
        if let existing = cpuFallback {
            software = existing
        } else {
            software = SoftwareRenderer(size: size)
            cpuFallback = software
        }
        let list = DrawList(size: size, clearColor: .clear, items: [item])
        let cpuStats = try software.render(list, damage: .region([area]))
        stats.itemsDrawn += cpuStats.itemsDrawn
        stats.offscreenPasses += cpuStats.offscreenPasses
        let program = try shaders.composite
        glUseProgram(program.id)
        glUniform1i(program[.masked], 0)
        glUniform1f(program[.opacity], 1)
        if blend == .add { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE)) }
        defer { if blend == .add { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA)) } }
        var y = area.y
        while y < area.maxY {
            var x = area.x
            while x < area.maxX {
                let tile = PixelRect(
                    x: x, y: y, width: min(tileSize, area.maxX - x), height: min(tileSize, area.maxY - y))
                let pixels = try software.readPixels(tile)
                var texture = GLTexture.upload(pixels.bytes, size: pixels.size, levels: 1)
                defer { glDeleteTextures(1, &texture) }
                GLTexture.setSampling(filter: GL_NEAREST, mipmapped: false)
                try GLCheck.errors(after: "glTexSubImage2D(CPU pass tile \(tile))")
                stats.tilesRastered += 1
                glUniform2f(program[.sourceOrigin], GLfloat(tile.x), GLfloat(tile.y))
                scissor(tile)
                drawQuad(tile, with: program)
                x += tileSize
            }
            y += tileSize
        }
    }
}
