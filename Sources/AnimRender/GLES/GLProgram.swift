import CGLES3

/// The uniforms the renderer's shaders declare (`GLShaders`): each program looks all of them up once (-1 for those
/// it lacks), so a draw sets uniforms without string lookups.
enum GLUniform: Int, CaseIterable {
    case antialiased, borderWidth, channel, clamp, color, direction, image, imageMap, inverse, mask, masked
    case opacity, owned, quad, radii, radius, rect, source, sourceOrigin, sourceSize, textureMap, tint, viewOrigin
    case viewSize, weights
    case allChannels, backdrop, backdropOrigin, bias, blendMode, matrix, repeatEdges

    var name: String { "u_\(self)" }
}

/// A linked shader program and the locations of its uniforms: every GLES program of the package is made here
/// (the renderer's, and the DRM output's scan-out copy in AnimDisplay).
package final class GLProgram {
    package let id: GLuint
    private let locations: [GLint]

    /// Compiles and links `vertex` and `fragment`; `name` says which program a compile or link log is of.
    package init(vertex: String, fragment: String, name: String) throws(RenderError) {
        let vs = try Self.compile(GLenum(GL_VERTEX_SHADER), vertex, stage: "\(name) vertex")
        defer { glDeleteShader(vs) }
        let fs = try Self.compile(GLenum(GL_FRAGMENT_SHADER), fragment, stage: "\(name) fragment")
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glBindAttribLocation(program, 0, "a_position")
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            let log = Self.log(program, glGetProgramiv, glGetProgramInfoLog)
            glDeleteProgram(program)
            throw .shaderFailed(stage: "\(name) link", log: log)
        }
        id = program
        locations = GLUniform.allCases.map { glGetUniformLocation(program, $0.name) }
    }

    deinit { glDeleteProgram(id) }

    subscript(_ uniform: GLUniform) -> GLint { locations[uniform.rawValue] }

    /// The location of a uniform the renderer's shaders do not declare (-1 when the program has none).
    package func location(of uniform: String) -> GLint { glGetUniformLocation(id, uniform) }

    private static func compile(_ type: GLenum, _ source: String, stage: String) throws(RenderError) -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            let log = Self.log(shader, glGetShaderiv, glGetShaderInfoLog)
            glDeleteShader(shader)
            throw .shaderFailed(stage: stage, log: log)
        }
        return shader
    }

    private static func log(
        _ object: GLuint, _ query: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        _ read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var length: GLint = 0
        query(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 0 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        var written: GLsizei = 0
        read(object, length, &written, &buffer)
        return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
