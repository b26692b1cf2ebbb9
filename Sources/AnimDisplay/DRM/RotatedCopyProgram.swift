import AnimCore
import AnimRender
import CGLES3

/// A GLES program drawing a texture over the whole bound framebuffer, turned a quarter turn at a time: the GBM
/// scan-out's copy of the renderer's output.
final class RotatedCopyProgram {
    private let program: GLuint
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
        let vertex = try Self.compile(GLenum(GL_VERTEX_SHADER), Self.vertex, stage: "vertex")
        let fragment: GLuint
        do throws(DRMError) {
            fragment = try Self.compile(GLenum(GL_FRAGMENT_SHADER), Self.fragment, stage: "fragment")
        } catch {
            glDeleteShader(vertex)
            throw error
        }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            glDeleteProgram(program)
            throw .graphics(call: "glLinkProgram(scan-out copy)", detail: "link failed")
        }
        self.program = program
        corners = glGetUniformLocation(program, "u_corners")
        image = glGetUniformLocation(program, "u_image")
    }

    deinit { glDeleteProgram(program) }

    private static func compile(_ type: GLenum, _ source: String, stage: String) throws(DRMError) -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            var log = [GLchar](repeating: 0, count: 1024)
            glGetShaderInfoLog(shader, GLsizei(log.count), nil, &log)
            glDeleteShader(shader)
            let text = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .graphics(call: "glCompileShader(scan-out copy, \(stage))", detail: text)
        }
        return shader
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
        glUseProgram(program)
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
