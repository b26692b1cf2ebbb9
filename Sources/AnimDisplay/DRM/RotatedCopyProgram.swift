import AnimCore
import AnimRender
import CGLES3

/// A GLES program drawing a texture over the whole bound framebuffer, turned a quarter turn at a time: the GBM
/// scan-out's copy of the renderer's output.
final class RotatedCopyProgram {
    private let program: GLProgram
    private let corners: GLint
    private let image: GLint

    private static let vertex = """
        #version 300 es
        uniform vec2 u_corners[4];
        out highp vec2 v_texture;
        void main() {
            // Strip order: the panel's top-left, bottom-left, top-right, bottom-right.
            const vec2 positions[4] = vec2[4](vec2(-1.0, 1.0), vec2(-1.0, -1.0), vec2(1.0, 1.0), vec2(1.0, -1.0));
            gl_Position = vec4(positions[gl_VertexID], 0.0, 1.0);
            v_texture = u_corners[gl_VertexID];
        }
        """
    private static let fragment = """
        #version 300 es
        precision highp float;
        uniform sampler2D u_image;
        in highp vec2 v_texture;
        out vec4 color;
        void main() { color = vec4(texture(u_image, v_texture).rgb, 1.0); }
        """

    init() throws(DRMError) {
        do throws(RenderError) {
            program = try GLProgram(vertex: Self.vertex, fragment: Self.fragment, name: "scan-out copy")
        } catch {
            throw .graphics(call: "scan-out copy program", detail: "\(error)")
        }
        corners = program.location(of: "u_corners")
        image = program.location(of: "u_image")
    }

    /// Draws the `source` rectangle of `texture` (the scene, `scene` pixels, row 0 at the top) onto framebuffer 0
    /// of `panel` pixels. The renderer's state it changes (blending, scissor, program, texture) is put back as
    /// the renderer set it up.
    func draw(texture: UInt32, scene: PixelSize, source: PixelRect, panel: PixelSize, rotation: OutputRotation) {
        var values: [GLfloat] = []
        for p in Self.sourceCorners(scene: scene, source: source, panel: panel, rotation: rotation) {
            values += [GLfloat(p.x), GLfloat(p.y)]
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, GLsizei(panel.width), GLsizei(panel.height))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_BLEND))
        glUseProgram(program.id)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glUniform1i(image, 0)
        glUniform2fv(corners, 4, values)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glEnable(GLenum(GL_BLEND))
        glEnable(GLenum(GL_SCISSOR_TEST))
    }

    /// The texture coordinates (0…1 across the scene) each panel corner samples, in strip order (top-left,
    /// bottom-left, top-right, bottom-right): the corners of `source` turned by `rotation`.
    static func sourceCorners(
        scene: PixelSize, source: PixelRect, panel: PixelSize, rotation: OutputRotation
    ) -> [Point] {
        let panelCorners = [
            Point(x: 0, y: 0), Point(x: 0, y: Double(panel.height)), Point(x: Double(panel.width), y: 0),
            Point(x: Double(panel.width), y: Double(panel.height)),
        ]
        let size = PixelSize(width: source.width, height: source.height)
        return panelCorners.map { corner in
            let p = rotation.scenePoint(corner, scene: size)
            return Point(
                x: (Double(source.x) + p.x) / Double(scene.width), y: (Double(source.y) + p.y) / Double(scene.height))
        }
    }
}
