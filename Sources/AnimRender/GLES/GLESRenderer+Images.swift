import AnimCore
import CGLES3

extension GLESRenderer {
    /// Image points are unbounded on this side (no clamp, no tile ownership).
    private static let unbounded: GLfloat = 1e30

    func drawImage(_ draw: ImageDraw, visible: PixelRect) throws(RenderError) {
        guard let area = Self.area(visible, draw.clip), draw.rect.isFinite, draw.source.isFinite,
            draw.rect.width != 0, draw.rect.height != 0, draw.alpha.isFinite, draw.alpha > 0,
            let map = ProjectiveMap(draw.transform),
            let quad = Self.footprint(of: draw.rect, map: map, in: area)
        else { return }
        let program = try shaders.image
        glUseProgram(program.id)
        setCoverageUniforms(program, map: map, antialiased: draw.antialiased)
        let r = Self.rectUniform(draw.rect)
        glUniform4f(program[.rect], r.0, r.1, r.2, r.3)
        let sx = draw.source.size.width / draw.rect.size.width
        let sy = draw.source.size.height / draw.rect.size.height
        glUniform4f(
            program[.imageMap], GLfloat(draw.source.origin.x - draw.rect.origin.x * sx),
            GLfloat(draw.source.origin.y - draw.rect.origin.y * sy), GLfloat(sx), GLfloat(sy))
        if draw.clampToSource {
            let lo = (draw.source.minX + 0.5, draw.source.minY + 0.5)
            let hi = (max(draw.source.maxX - 0.5, lo.0), max(draw.source.maxY - 0.5, lo.1))
            glUniform4f(program[.clamp], GLfloat(lo.0), GLfloat(lo.1), GLfloat(hi.0), GLfloat(hi.1))
        } else {
            let u = Self.unbounded
            glUniform4f(program[.clamp], -u, -u, u, u)
        }
        let tint = Self.premultipliedTint(draw)
        glUniform4f(program[.tint], tint.r, tint.g, tint.b, tint.a)
        scissor(quad)
        let image = draw.image
        if image.tileSource == nil && image.width <= info.maxTextureSize && image.height <= info.maxTextureSize {
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
            let u = Self.unbounded
            glUniform4f(program[.owned], -u, -u, u, u)
            glUniform4f(
                program[.textureMap], 0, 0, 1 / GLfloat(image.width), 1 / GLfloat(image.height))
            drawQuad(quad, with: program)
        } else {
            try drawTiles(draw, map: map, quad: quad, program: program)
        }
        stats.itemsDrawn += 1
    }

    /// The factor each premultiplied texel channel is multiplied by: the tint premultiplied (each component clamped
    /// to 0…1), times the draw's alpha.
    static func premultipliedTint(_ draw: ImageDraw) -> (r: GLfloat, g: GLfloat, b: GLfloat, a: GLfloat) {
        let t = draw.tint.isFinite ? draw.tint.clamped : .clear
        let a = t.alpha * min(draw.alpha, 1)
        return (GLfloat(t.red * a), GLfloat(t.green * a), GLfloat(t.blue * a), GLfloat(a))
    }

    /// The cached texture of a whole image, uploaded (BGRA swapped, rows repacked) when missing.
    func wholeTexture(_ image: RenderImage) throws(RenderError) -> ImageTexture {
        if let cached = images.value(for: image.key), cached.size == image.size { return cached }
        let levels = GLTexture.levels(for: image.size)
        let id: GLuint
        if image.format == .rgba8Premultiplied && image.stride % 4 == 0 {
            guard let base = image.bytes.baseAddress else { throw .unsupported("an image without pixels") }
            id = GLTexture.upload(rgba: base, size: image.size, rowLength: image.stride / 4, levels: levels)
        } else {
            let pixels = TileRaster.pixels(of: image, area: PixelRect(size: image.size))
            id = GLTexture.upload(pixels, size: image.size, levels: levels)
        }
        let texture = ImageTexture(id: id, size: image.size, levels: levels)
        try GLCheck.errors(after: "glTexSubImage2D(image \(image.key), \(image.size))")
        images.insert(texture, bytes: texture.bytes, for: image.key)
        return texture
    }

    /// An image larger than the texture limit, or drawn on demand: the tiles that cover visible pixels, each drawn
    /// over the part of the quad its image points project to. Tiles are sampled without mipmaps (trilinear draws as
    /// linear).
    private func drawTiles(
        _ draw: ImageDraw, map: ProjectiveMap, quad: PixelRect, program: GLProgram
    ) throws(RenderError) {
        let image = draw.image
        let grid = TileGrid(imageSize: image.size, tileSize: tileSize)
        let visibility = TileVisibility(
            grid: grid, map: map, rect: draw.rect, source: draw.source, clampToSource: draw.clampToSource)
        let filter = draw.minificationFilter == .nearest ? GL_NEAREST : GL_LINEAR
        let magnify = draw.magnificationFilter == .nearest ? GL_NEAREST : GL_LINEAR
        let u = Self.unbounded
        for tile in visibility.tiles(visible: quad) {
            let texture = try tileTexture(image, tile: tile, grid: grid)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
            GLTexture.setSampling(filter: filter, mipmapped: false, magnify: magnify)
            let owned = grid.pixels(of: tile)
            let stored = grid.texture(of: tile)
            glUniform4f(
                program[.owned], tile.column == 0 ? -u : GLfloat(owned.x),
                tile.row == 0 ? -u : GLfloat(owned.y), tile.column == grid.columns - 1 ? u : GLfloat(owned.maxX),
                tile.row == grid.rows - 1 ? u : GLfloat(owned.maxY))
            glUniform4f(
                program[.textureMap], GLfloat(stored.x), GLfloat(stored.y), 1 / GLfloat(stored.width),
                1 / GLfloat(stored.height))
            drawQuad(tileQuad(tile, grid: grid, draw: draw, map: map, quad: quad) ?? quad, with: program)
        }
    }

    /// The output pixels where `tile`'s image points can land (with the antialiasing margin), or nil to use the
    /// whole quad (clamped sampling is not invertible).
    private func tileQuad(
        _ tile: TileIndex, grid: TileGrid, draw: ImageDraw, map: ProjectiveMap, quad: PixelRect
    ) -> PixelRect? {
        guard !draw.clampToSource, draw.source.width != 0, draw.source.height != 0 else { return nil }
        let owned = grid.pixels(of: tile)
        let kx = draw.rect.size.width / draw.source.size.width
        let ky = draw.rect.size.height / draw.source.size.height
        func localX(_ x: Double) -> Double { draw.rect.origin.x + (x - draw.source.origin.x) * kx }
        func localY(_ y: Double) -> Double { draw.rect.origin.y + (y - draw.source.origin.y) * ky }
        // Edge tiles own everything past the image's edge: the drawn rectangle grown by a margin bounds it.
        let grown = draw.rect.insetBy(dx: -abs(draw.rect.width), dy: -abs(draw.rect.height))
        let xs = [
            tile.column == 0 ? (kx > 0 ? grown.minX : grown.maxX) : localX(Double(owned.x)),
            tile.column == grid.columns - 1 ? (kx > 0 ? grown.maxX : grown.minX) : localX(Double(owned.maxX)),
        ]
        let ys = [
            tile.row == 0 ? (ky > 0 ? grown.minY : grown.maxY) : localY(Double(owned.y)),
            tile.row == grid.rows - 1 ? (ky > 0 ? grown.maxY : grown.minY) : localY(Double(owned.maxY)),
        ]
        let local = Rect(
            x: min(xs[0], xs[1]), y: min(ys[0], ys[1]), width: abs(xs[1] - xs[0]), height: abs(ys[1] - ys[0]))
        guard
            let limited = local.intersection(
                draw.rect.insetBy(dx: -0.5 * abs(draw.rect.width), dy: -0.5 * abs(draw.rect.height)))
        else {
            return nil
        }
        return Self.footprint(of: limited, map: map, in: quad)
    }

    /// A tile's texture from the cache, rastered on the CPU and uploaded when missing.
    private func tileTexture(
        _ image: RenderImage, tile: TileIndex, grid: TileGrid
    ) throws(RenderError)
        -> ImageTexture
    {
        let key = TileKey(image: image.key, tile: tile)
        if let cached = tiles.value(for: key) { return cached }
        let size = grid.texture(of: tile)
        let pixels = TileRaster.pixels(of: image, tile: tile, grid: grid)
        let id = GLTexture.upload(pixels, size: PixelSize(width: size.width, height: size.height), levels: 1)
        let texture = ImageTexture(id: id, size: PixelSize(width: size.width, height: size.height), levels: 1)
        try GLCheck.errors(after: "glTexSubImage2D(tile \(tile) of \(image.key))")
        stats.tilesRastered += 1
        tiles.insert(texture, bytes: texture.bytes, for: key)
        return texture
    }
}
