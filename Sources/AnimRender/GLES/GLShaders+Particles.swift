import CGLES3

/// The particle program: `ParticleDraw`'s particles as instanced quads, one draw call per draw.
extension GLShaders {
    /// Per instance (attribute divisor 1): the output-pixel box to cover, the inverse homography's columns, the
    /// local rectangle, the image map and the premultiplied colour; each vertex is a corner of the box.
    static let particleVertex = """
        #version 300 es
        layout(location = 1) in vec4 a_quad;
        layout(location = 2) in vec3 a_inverse0;
        layout(location = 3) in vec3 a_inverse1;
        layout(location = 4) in vec3 a_inverse2;
        layout(location = 5) in vec4 a_rect;
        layout(location = 6) in vec4 a_imageMap;
        layout(location = 7) in vec4 a_color;
        uniform vec2 u_viewOrigin;
        uniform vec2 u_viewSize;
        flat out mat3 v_inverse;
        flat out vec4 v_rect;
        flat out vec4 v_imageMap;
        flat out vec4 v_color;
        void main() {
            vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
            vec2 p = mix(a_quad.xy, a_quad.zw, corner);
            gl_Position = vec4((p - u_viewOrigin) / u_viewSize * 2.0 - 1.0, 0.0, 1.0);
            v_inverse = mat3(a_inverse0, a_inverse1, a_inverse2);
            v_rect = a_rect;
            v_imageMap = a_imageMap;
            v_color = a_color;
        }
        """

    /// `imageFragment` with the instance's map, rectangle and image map, times its colour.
    static let particleFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        \(coverage)
        flat in mat3 v_inverse;
        flat in vec4 v_rect;
        flat in vec4 v_imageMap;
        flat in vec4 v_color;
        uniform vec4 u_clamp;
        uniform vec4 u_textureMap;
        uniform sampler2D u_image;
        out vec4 fragColor;
        void main() {
            vec3 h = v_inverse * vec3(gl_FragCoord.xy + u_viewOrigin, 1.0);
            bool front = h.z > 0.0;
            vec2 q = front ? h.xy / h.z : vec2(0.0);
            vec2 jx = front ? (v_inverse[0].xy - q * v_inverse[0].z) / h.z : vec2(0.0);
            vec2 jy = front ? (v_inverse[1].xy - q * v_inverse[1].z) / h.z : vec2(0.0);
            vec2 p = clamp(v_imageMap.xy + q * v_imageMap.zw, u_clamp.xy, u_clamp.zw);
            // Sampled before any discard so the implicit derivatives (mipmap level) stay defined.
            vec4 texel = texture(u_image, (p - u_textureMap.xy) * u_textureMap.zw);
            if (!front) discard;
            float c = shapeCoverage(q, jx, jy, v_rect, vec4(0.0));
            fragColor = texel * v_color * c;
        }
        """
}

/// The buffer particle instances are streamed through, made with the programs and deleted with them.
final class GLParticleBuffer {
    let id: GLuint

    /// Floats per instance: box 4, inverse 9, rectangle 4, image map 4, colour 4.
    static let floatsPerInstance = 25

    init() {
        var id: GLuint = 0
        glGenBuffers(1, &id)
        self.id = id
    }

    deinit {
        var id = id
        glDeleteBuffers(1, &id)
    }
}
