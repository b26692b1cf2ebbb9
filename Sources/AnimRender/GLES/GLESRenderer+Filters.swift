import AnimCore
import CGLES3

/// A layer's filters, backgroundFilters and compositingFilter on the GPU, pass for pass as the software renderer
/// draws them (`SoftwareRenderer+Filters.swift`).
extension GLESRenderer {
    /// `filters` applied in order to `input` (showing `window`): a blur in two passes through a scratch buffer
    /// back into the same target, a colour matrix into a new target (the old one goes back to the pool). Returns
    /// the target holding the result; the framebuffer bound afterwards is unspecified.
    func apply(
        _ filters: [GroupFilter], to input: GLTarget, window: PixelRect, repeatEdges: Bool
    ) throws(RenderError) -> GLTarget {
        var result = input
        glDisable(GLenum(GL_BLEND))
        defer { glEnable(GLenum(GL_BLEND)) }
        for filter in filters {
            switch filter {
            case .blur(let sigma):
                let kernel = GaussianKernel(sigma: sigma)
                guard kernel.radius > 0 else { continue }
                let scratch = try offscreen(window) {}
                defer { pool.give(scratch) }
                try blurPasses(
                    result, scratch: scratch, window: window, kernel: kernel, allChannels: true,
                    repeatEdges: repeatEdges)
            case .colorMatrix(let m):
                guard m.count == FilterParameter.matrixCount else { continue }
                let out = try offscreen(window) {}
                let program = try shaders.colorMatrix
                glUseProgram(program.id)
                // Column-major: column j holds row i's j-th multiplier.
                var columns = [GLfloat](repeating: 0, count: 16)
                for row in 0..<4 {
                    for column in 0..<4 { columns[column * 4 + row] = m[row * 5 + column] }
                }
                glUniformMatrix4fv(program[.matrix], 1, GLboolean(GL_FALSE), columns)
                glUniform4f(program[.bias], m[4], m[9], m[14], m[19])
                bind(out, window: window)
                scissor(window)
                glBindTexture(GLenum(GL_TEXTURE_2D), result.texture)
                drawQuad(window, with: program)
                pool.give(result)
                result = out
            }
        }
        return result
    }

    /// The separable gaussian: `source` → `scratch` horizontally, back into `source` vertically (both showing
    /// `window`), without GL blending. Shadows blur alpha only; filters every channel.
    func blurPasses(
        _ source: GLTarget, scratch: GLTarget, window: PixelRect, kernel: GaussianKernel, allChannels: Bool,
        repeatEdges: Bool
    ) throws(RenderError) {
        let program = try shaders.blur
        glUseProgram(program.id)
        glUniform1i(program[.radius], GLint(kernel.radius))
        glUniform4fv(program[.weights], GLsizei(GaussianKernelUniform.vectors), GaussianKernelUniform.packed(kernel))
        glUniform2i(program[.sourceSize], GLint(window.width), GLint(window.height))
        glUniform1i(program[.allChannels], allChannels ? 1 : 0)
        glUniform1i(program[.repeatEdges], repeatEdges ? 1 : 0)
        for (from, to, direction) in [(source, scratch, (1, 0)), (scratch, source, (0, 1))] {
            bind(to, window: window)
            scissor(window)
            glBindTexture(GLenum(GL_TEXTURE_2D), from.texture)
            glUniform2i(program[.direction], GLint(direction.0), GLint(direction.1))
            drawQuad(window, with: program)
        }
    }

    /// A pooled target holding the bound framebuffer's pixels of `rect` (output pixels inside its window) at its
    /// origin; the framebuffer stays bound.
    func copyOfCurrent(_ rect: PixelRect) throws(RenderError) -> GLTarget {
        guard let (target, window) = current else { throw .unsupported("a copy without a framebuffer") }
        let copy = try pool.take(atLeast: PixelSize(width: rect.width, height: rect.height))
        // A new target binds its own framebuffer while it is made.
        bind(target, window: window)
        stats.offscreenPasses += 1
        glBindTexture(GLenum(GL_TEXTURE_2D), copy.texture)
        glCopyTexSubImage2D(
            GLenum(GL_TEXTURE_2D), 0, 0, 0, GLint(rect.x - window.x), GLint(rect.y - window.y), GLsizei(rect.width),
            GLsizei(rect.height))
        return copy
    }

    /// `content` (showing `window`, masked by `mask` over the same window) blended with `mode` onto the bound
    /// framebuffer at `area`: the destination is copied first and the blend shader writes the result.
    func drawBlended(
        _ content: GLTarget, mask: GLTarget?, window: PixelRect, area: PixelRect, opacity: Double, mode: BlendMode
    ) throws(RenderError) {
        let below = try copyOfCurrent(area)
        defer { pool.give(below) }
        scissor(area)
        let program = try shaders.blend
        glUseProgram(program.id)
        glActiveTexture(GLenum(GL_TEXTURE2))
        glBindTexture(GLenum(GL_TEXTURE_2D), below.texture)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBindTexture(GLenum(GL_TEXTURE_2D), mask?.texture ?? 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), content.texture)
        glUniform1i(program[.masked], mask == nil ? 0 : 1)
        glUniform1f(program[.opacity], GLfloat(opacity))
        glUniform1i(program[.blendMode], GLint(BlendMode.allCases.firstIndex(of: mode) ?? 0))
        glUniform2f(program[.sourceOrigin], GLfloat(window.x), GLfloat(window.y))
        glUniform2f(program[.backdropOrigin], GLfloat(area.x), GLfloat(area.y))
        glDisable(GLenum(GL_BLEND))
        drawQuad(area, with: program)
        glEnable(GLenum(GL_BLEND))
    }

    /// A `BackdropDraw` onto the bound framebuffer: what lies under the shape, and as far around as the filters
    /// reach within the framebuffer's window, copied twice; one copy filtered (a blur repeating the edge
    /// pixels); the backdrop shader mixes the two through the shape's coverage times `opacity`.
    func drawBackdrop(_ b: BackdropDraw, opacity: Double, clip: PixelRect) throws(RenderError) {
        guard let parent = current, let map = ProjectiveMap(b.transform), b.rect.isFinite,
            let area = b.bounds.intersection(clip)?.intersection(parent.window),
            let read = area.outset(by: GroupFilter.reach(b.filters)).intersection(parent.window)
        else { return }
        let below = try copyOfCurrent(read)
        defer { pool.give(below) }
        var filtered = try copyOfCurrent(read)
        defer { pool.give(filtered) }
        filtered = try apply(b.filters, to: filtered, window: read, repeatEdges: true)
        bind(parent.target, window: parent.window)
        scissor(area)
        let program = try shaders.backdrop
        glUseProgram(program.id)
        setCoverageUniforms(program, map: map, antialiased: true)
        let r = Self.rectUniform(b.rect)
        glUniform4f(program[.rect], r.0, r.1, r.2, r.3)
        let radii = b.radii
        func clean(_ v: Double) -> GLfloat { GLfloat(v.isFinite ? max(v, 0) : 0) }
        glUniform4f(
            program[.radii], clean(radii.topLeft), clean(radii.topRight), clean(radii.bottomLeft),
            clean(radii.bottomRight))
        glUniform1f(program[.opacity], GLfloat(opacity))
        glUniform2f(program[.sourceOrigin], GLfloat(read.x), GLfloat(read.y))
        glActiveTexture(GLenum(GL_TEXTURE2))
        glBindTexture(GLenum(GL_TEXTURE_2D), below.texture)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), filtered.texture)
        glDisable(GLenum(GL_BLEND))
        drawQuad(area, with: program)
        glEnable(GLenum(GL_BLEND))
    }
}
