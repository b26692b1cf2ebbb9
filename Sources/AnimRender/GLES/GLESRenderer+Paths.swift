import AnimCore
import CGLES3

extension GLESRenderer {
    /// `PathDraw`: cairo's coverage of the path (`PathCoverage`, the software renderer's rule) for the visible part
    /// of the path's box, uploaded as an R8 texture and drawn as colour × coverage.
    func drawPath(_ draw: PathDraw, visible: PixelRect) throws(RenderError) {
        guard let area = Self.area(visible, draw.clip), !draw.path.isEmpty, draw.transform.isFinite,
            let map = ProjectiveMap(draw.transform)
        else { return }
        let box = draw.path.boundingBox
        guard box.isFinite, let quad = Self.footprint(of: box, map: map, in: area) else { return }
        if exceedsTextureLimit(quad) {
            return try drawOnCPU(.path(draw), area: quad, blend: .sourceOver)
        }
        let coverage = PathCoverage.rasterize(draw.path, transform: draw.transform, evenOdd: draw.evenOdd, area: quad)
        guard coverage.count == quad.pixelCount else { return }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        defer { glDeleteTextures(1, &texture) }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        coverage.withUnsafeBytes { raw in
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(quad.width), GLsizei(quad.height), 0, GLenum(GL_RED),
                GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
        }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        GLTexture.setSampling(filter: GL_NEAREST, mipmapped: false)
        try GLCheck.errors(after: "glTexImage2D(path coverage \(quad))")
        let program = try shaders.tint
        glUseProgram(program.id)
        glUniform2f(program[.sourceOrigin], GLfloat(quad.x), GLfloat(quad.y))
        glUniform2i(program[.sourceSize], GLint(quad.width), GLint(quad.height))
        glUniform1i(program[.channel], 0)
        let c = Self.premultiplied(draw.color)
        glUniform4f(program[.color], c.0, c.1, c.2, c.3)
        scissor(quad)
        drawQuad(quad, with: program)
        stats.itemsDrawn += 1
    }
}
