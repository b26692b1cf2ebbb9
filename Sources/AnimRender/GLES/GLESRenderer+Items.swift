import AnimCore
import CGLES3

extension GLESRenderer {
    /// Draws `items` into the current framebuffer, touching only output pixels in `visible`.
    func draw(_ items: [DrawItem], visible: PixelRect) throws(RenderError) {
        for item in items {
            switch item {
            case .rect(let rect): try drawRect(rect, visible: visible)
            case .image(let image): try drawImage(image, visible: visible)
            case .path(let path): try drawPath(path, visible: visible)
            case .group(let group): try drawGroup(group, visible: visible)
            case .shadow(let shadow): try drawShadow(shadow, visible: visible)
            case .particles(let particles): try drawParticles(particles, visible: visible)
            }
        }
    }

    /// `visible` ∩ `clip`.
    static func area(_ visible: PixelRect, _ clip: PixelRect?) -> PixelRect? {
        guard let clip else { return visible }
        return visible.intersection(clip)
    }

    /// The output pixels a local rectangle can touch (its projection's box plus one pixel of antialiasing) within
    /// `area`.
    static func footprint(of rect: Rect, map: ProjectiveMap, in area: PixelRect) -> PixelRect? {
        guard let bounds = map.outputBounds(of: rect) else { return nil }
        // Near the horizon a projection is huge: clamp before converting to whole pixels.
        let lo = Point(x: Double(area.x - 2), y: Double(area.y - 2))
        let hi = Point(x: Double(area.maxX + 2), y: Double(area.maxY + 2))
        let x0 = min(max(bounds.minX, lo.x), hi.x)
        let x1 = min(max(bounds.maxX, lo.x), hi.x)
        let y0 = min(max(bounds.minY, lo.y), hi.y)
        let y1 = min(max(bounds.maxY, lo.y), hi.y)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite,
            let box = PixelRect(covering: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        else { return nil }
        return box.outset(by: 1).intersection(area)
    }

    static func premultiplied(_ color: Color) -> (GLfloat, GLfloat, GLfloat, GLfloat) {
        let a = min(max(color.alpha.isFinite ? color.alpha : 0, 0), 1)
        func c(_ v: Double) -> GLfloat { GLfloat(min(max(v.isFinite ? v : 0, 0), 1) * a) }
        return (c(color.red), c(color.green), c(color.blue), GLfloat(a))
    }

    /// Uploads the inverse homography (column-major mat3) and the antialiasing switch.
    func setCoverageUniforms(_ program: GLProgram, map: ProjectiveMap, antialiased: Bool) {
        let columns: [GLfloat] = map.inverseColumns.map { GLfloat($0) }
        glUniformMatrix3fv(program[.inverse], 1, GLboolean(GL_FALSE), columns)
        glUniform1i(program[.antialiased], antialiased ? 1 : 0)
    }

    static func rectUniform(_ r: Rect) -> (GLfloat, GLfloat, GLfloat, GLfloat) {
        (GLfloat(r.minX), GLfloat(r.minY), GLfloat(r.maxX), GLfloat(r.maxY))
    }

    // MARK: Rectangles

    func drawRect(_ draw: RectDraw, visible: PixelRect) throws(RenderError) {
        if let outline = draw.continuousOutline { return try drawPath(outline, visible: visible) }
        guard let area = Self.area(visible, draw.clip), draw.rect.isFinite,
            let map = ProjectiveMap(draw.transform),
            let quad = Self.footprint(of: draw.rect, map: map, in: area)
        else { return }
        // As `RectCoverage`: a border of no width draws nothing, a non-finite width fills.
        var border: GLfloat = -1
        if let width = draw.borderWidth, width.isFinite {
            guard width > 0 else { return }
            border = GLfloat(width)
        }
        let program = try shaders.rect
        glUseProgram(program.id)
        setCoverageUniforms(program, map: map, antialiased: draw.antialiased)
        let r = Self.rectUniform(draw.rect)
        glUniform4f(program[.rect], r.0, r.1, r.2, r.3)
        let radii = draw.radii
        func clean(_ v: Double) -> GLfloat { GLfloat(v.isFinite ? max(v, 0) : 0) }
        glUniform4f(
            program[.radii], clean(radii.topLeft), clean(radii.topRight), clean(radii.bottomLeft),
            clean(radii.bottomRight))
        glUniform1f(program[.borderWidth], border)
        let c = Self.premultiplied(draw.color)
        glUniform4f(program[.color], c.0, c.1, c.2, c.3)
        scissor(quad)
        drawQuad(quad, with: program)
        stats.itemsDrawn += 1
    }

    // MARK: Groups

    /// A `GroupDraw` as the software renderer draws it: the backdrop first, the items into a buffer over the
    /// visible bounds grown by the filters' reach, the filters, the mask over the same window, then composited:
    /// by GL blending for source over and add, through the blend shader over a copy of the destination for a
    /// blend mode.
    func drawGroup(_ group: GroupDraw, visible: PixelRect) throws(RenderError) {
        guard let clipped = Self.area(visible, group.clip), group.opacity.isFinite, group.opacity > 0 else { return }
        guard let parent = current else { return }
        let opacity = min(group.opacity, 1)
        if let backdrop = group.backdrop { try drawBackdrop(backdrop, opacity: opacity, clip: clipped) }
        guard let area = clipped.intersection(group.bounds) else { return }
        let reach = GroupFilter.reach(group.filters)
        let work = reach > 0 ? area.outset(by: reach).intersection(group.bounds) ?? area : area
        if exceedsTextureLimit(work) {
            return try drawOnCPU(.group(group), area: area, blend: group.blend)
        }
        var content = try offscreen(work) { () throws(RenderError) in try draw(group.items, visible: work) }
        defer { pool.give(content) }
        if !group.filters.isEmpty {
            content = try apply(group.filters, to: content, window: work, repeatEdges: false)
        }
        var mask: GLTarget?
        if let maskItems = group.mask {
            mask = try offscreen(work) { () throws(RenderError) in try draw(maskItems, visible: work) }
        }
        defer { if let mask { pool.give(mask) } }
        bind(parent.target, window: parent.window)
        if case .blend(let mode) = group.blend {
            return try drawBlended(content, mask: mask, window: work, area: area, opacity: opacity, mode: mode)
        }
        scissor(area)
        let program = try shaders.composite
        glUseProgram(program.id)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBindTexture(GLenum(GL_TEXTURE_2D), mask?.texture ?? 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), content.texture)
        glUniform1i(program[.masked], mask == nil ? 0 : 1)
        glUniform1f(program[.opacity], GLfloat(opacity))
        glUniform2f(program[.sourceOrigin], GLfloat(work.x), GLfloat(work.y))
        if group.blend == .add { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE)) }
        drawQuad(area, with: program)
        if group.blend == .add { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA)) }
    }

    /// A pooled buffer showing `window`, cleared to transparent, with `body` drawn into it; the previous
    /// framebuffer is bound again afterwards.
    func offscreen(_ window: PixelRect, _ body: () throws(RenderError) -> Void) throws(RenderError) -> GLTarget {
        let saved = current
        let target = try pool.take(atLeast: PixelSize(width: window.width, height: window.height))
        stats.offscreenPasses += 1
        bind(target, window: window)
        scissor(window)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        do {
            try body()
        } catch {
            pool.give(target)
            throw error
        }
        if let saved { bind(saved.target, window: saved.window) }
        return target
    }

    // MARK: Shadows

    func drawShadow(_ shadow: ShadowDraw, visible: PixelRect) throws(RenderError) {
        guard let clipped = Self.area(visible, shadow.clip), let area = clipped.intersection(shadow.bounds),
            shadow.offsetX.isFinite, shadow.offsetY.isFinite, abs(shadow.offsetX) < 1e6, abs(shadow.offsetY) < 1e6
        else { return }
        guard let parent = current else { return }
        let kernel = GaussianKernel(sigma: shadow.sigma)
        let dx = Int(shadow.offsetX.rounded())
        let dy = Int(shadow.offsetY.rounded())
        // The source pixels that reach `area` once moved and blurred.
        guard let reach = area.outset(by: kernel.radius).intersection(shadow.bounds) else { return }
        let window = PixelRect(x: reach.x - dx, y: reach.y - dy, width: reach.width, height: reach.height)
        if exceedsTextureLimit(window) {
            return try drawOnCPU(.shadow(shadow), area: area, blend: .sourceOver)
        }
        let source = try offscreen(window) { () throws(RenderError) in try draw(shadow.source, visible: window) }
        defer { pool.give(source) }
        if kernel.radius > 0 {
            let scratch = try offscreen(window) {}
            defer { pool.give(scratch) }
            glDisable(GLenum(GL_BLEND))
            try blurPasses(
                source, scratch: scratch, window: window, kernel: kernel, allChannels: false, repeatEdges: false)
            glEnable(GLenum(GL_BLEND))
        }
        bind(parent.target, window: parent.window)
        scissor(area)
        let program = try shaders.tint
        glUseProgram(program.id)
        glBindTexture(GLenum(GL_TEXTURE_2D), source.texture)
        glUniform2f(program[.sourceOrigin], GLfloat(window.x + dx), GLfloat(window.y + dy))
        glUniform2i(program[.sourceSize], GLint(window.width), GLint(window.height))
        glUniform1i(program[.channel], 3)
        let c = Self.premultiplied(shadow.color)
        glUniform4f(program[.color], c.0, c.1, c.2, c.3)
        drawQuad(area, with: program)
    }
}
