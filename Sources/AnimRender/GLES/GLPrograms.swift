import CGLES3

/// The renderer's shader programs, compiled once per context.
final class GLPrograms {
    let rect: GLProgram
    let image: GLProgram
    let composite: GLProgram
    let blur: GLProgram
    let tint: GLProgram
    let particles: GLProgram
    let particleBuffer = GLParticleBuffer()
    let colorMatrix: GLProgram
    let blend: GLProgram
    let backdrop: GLProgram

    init() throws(RenderError) {
        rect = try GLProgram(vertex: GLShaders.quadVertex, fragment: GLShaders.rectFragment, name: "rect")
        image = try GLProgram(vertex: GLShaders.quadVertex, fragment: GLShaders.imageFragment, name: "image")
        composite = try GLProgram(
            vertex: GLShaders.quadVertex, fragment: GLShaders.compositeFragment, name: "composite")
        blur = try GLProgram(vertex: GLShaders.quadVertex, fragment: GLShaders.blurFragment, name: "blur")
        tint = try GLProgram(vertex: GLShaders.quadVertex, fragment: GLShaders.tintFragment, name: "tint")
        particles = try GLProgram(
            vertex: GLShaders.particleVertex, fragment: GLShaders.particleFragment, name: "particles")
        glUseProgram(particles.id)
        glUniform1i(particles[.image], 0)
        colorMatrix = try GLProgram(
            vertex: GLShaders.quadVertex, fragment: GLShaders.colorMatrixFragment, name: "colorMatrix")
        blend = try GLProgram(vertex: GLShaders.quadVertex, fragment: GLShaders.blendFragment, name: "blend")
        backdrop = try GLProgram(vertex: GLShaders.quadVertex, fragment: GLShaders.backdropFragment, name: "backdrop")
        // Texture units never change: the image, source and blur input on 0, a mask on 1.
        for program in [image, composite, blur, tint, colorMatrix, blend, backdrop] {
            glUseProgram(program.id)
            glUniform1i(program[program === image ? .image : .source], 0)
        }
        glUseProgram(composite.id)
        glUniform1i(composite[.mask], 1)
        // A blend mode's mask on 1 and its copy of the destination on 2; a backdrop's unfiltered copy on 2.
        glUseProgram(blend.id)
        glUniform1i(blend[.mask], 1)
        glUniform1i(blend[.backdrop], 2)
        glUseProgram(backdrop.id)
        glUniform1i(backdrop[.backdrop], 2)
        glUseProgram(0)
    }
}

/// A texture holding an image or one tile of it.
final class ImageTexture {
    let id: GLuint
    let size: PixelSize
    /// Storage allocated for a full mipmap chain (image textures; tiles have one level).
    let levels: Int
    var mipmapsReady = false

    init(id: GLuint, size: PixelSize, levels: Int) {
        self.id = id
        self.size = size
        self.levels = levels
    }

    var bytes: Int { levels > 1 ? size.pixelCount * 16 / 3 : size.pixelCount * 4 }

    deinit {
        var id = id
        glDeleteTextures(1, &id)
    }
}
