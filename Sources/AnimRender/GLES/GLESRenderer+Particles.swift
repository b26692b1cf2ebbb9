import AnimCore
import CGLES3

extension GLESRenderer {
    /// A `ParticleDraw` as one instanced draw call: per particle, its box on the output, its inverse map, rectangle,
    /// image map and premultiplied colour go into a streamed buffer; the fragment shader is the image shader's,
    /// times the colour. An image beyond the texture limit (or drawn on demand) goes through the software renderer.
    func drawParticles(_ draw: ParticleDraw, visible: PixelRect) throws(RenderError) {
        guard let area = Self.area(visible, draw.clip), draw.source.isFinite, draw.alpha.isFinite, draw.alpha > 0,
            !draw.particles.isEmpty
        else { return }
        let image = draw.image
        guard image.tileSource == nil, image.width <= info.maxTextureSize, image.height <= info.maxTextureSize else {
            return try drawOnCPU(.particles(draw), area: area, blend: draw.blend == .additive ? .add : .sourceOver)
        }
        let groupAlpha = min(1, draw.alpha)
        var floats: [GLfloat] = []
        floats.reserveCapacity(draw.particles.count * GLParticleBuffer.floatsPerInstance)
        var count = 0
        for particle in draw.particles {
            let rect = particle.rect
            guard rect.isFinite, rect.width != 0, rect.height != 0,
                let map = ProjectiveMap(particle.transform(under: draw.transform)),
                let quad = Self.footprint(of: rect, map: map, in: area)
            else { continue }
            var color = particle.color
            color.alpha *= groupAlpha
            let c = Self.premultiplied(color)
            guard c.3 > 0 else { continue }
            floats.append(contentsOf: [GLfloat(quad.x), GLfloat(quad.y), GLfloat(quad.maxX), GLfloat(quad.maxY)])
            floats.append(contentsOf: map.inverseColumns.map { GLfloat($0) })
            let r = Self.rectUniform(rect)
            floats.append(contentsOf: [r.0, r.1, r.2, r.3])
            let sx = draw.source.size.width / rect.size.width
            let sy = draw.source.size.height / rect.size.height
            floats.append(contentsOf: [
                GLfloat(draw.source.origin.x - rect.origin.x * sx), GLfloat(draw.source.origin.y - rect.origin.y * sy),
                GLfloat(sx), GLfloat(sy),
            ])
            floats.append(contentsOf: [c.0, c.1, c.2, c.3])
            count += 1
        }
        guard count > 0 else { return }
        let programs = try shaders
        let program = programs.particles
        glUseProgram(program.id)
        glUniform1i(program[.antialiased], 1)
        let lo = (draw.source.minX + 0.5, draw.source.minY + 0.5)
        let hi = (max(draw.source.maxX - 0.5, lo.0), max(draw.source.maxY - 0.5, lo.1))
        glUniform4f(program[.clamp], GLfloat(lo.0), GLfloat(lo.1), GLfloat(hi.0), GLfloat(hi.1))
        glUniform4f(program[.textureMap], 0, 0, 1 / GLfloat(image.width), 1 / GLfloat(image.height))
        let window = current?.window ?? area
        glUniform2f(program[.viewOrigin], GLfloat(window.x), GLfloat(window.y))
        glUniform2f(program[.viewSize], GLfloat(window.width), GLfloat(window.height))
        let texture = try wholeTexture(image)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        let trilinear = draw.minificationFilter == .trilinear
        if trilinear && !texture.mipmapsReady {
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            texture.mipmapsReady = true
        }
        GLTexture.setSampling(
            filter: draw.minificationFilter == .nearest ? GL_NEAREST : GL_LINEAR, mipmapped: trilinear,
            magnify: draw.magnificationFilter == .nearest ? GL_NEAREST : GL_LINEAR)
        scissor(area)

        glBindBuffer(GLenum(GL_ARRAY_BUFFER), programs.particleBuffer.id)
        floats.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        let stride = GLsizei(GLParticleBuffer.floatsPerInstance * MemoryLayout<GLfloat>.size)
        let layout: [(location: GLuint, size: GLint, offset: Int)] = [
            (1, 4, 0), (2, 3, 4), (3, 3, 7), (4, 3, 10), (5, 4, 13), (6, 4, 17), (7, 4, 21),
        ]
        for attribute in layout {
            glEnableVertexAttribArray(attribute.location)
            glVertexAttribPointer(
                attribute.location, attribute.size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                UnsafeRawPointer(bitPattern: attribute.offset * MemoryLayout<GLfloat>.size))
            glVertexAttribDivisor(attribute.location, 1)
        }
        if draw.blend == .additive { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE)) }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        if draw.blend == .additive { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA)) }
        for attribute in layout {
            glVertexAttribDivisor(attribute.location, 0)
            glDisableVertexAttribArray(attribute.location)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        try GLCheck.errors(after: "glDrawArraysInstanced(\(count) particles)")
        stats.itemsDrawn += 1
    }
}
