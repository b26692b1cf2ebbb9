/// The renderer's GLSL ES 3.00 sources. Every fragment shader works from gl_FragCoord: the framebuffer's row 0
/// is the top row of its window onto the output (`u_viewOrigin`), so a fragment's output pixel centre is
/// gl_FragCoord.xy + u_viewOrigin.
enum GLShaders {
    /// A quad given in output pixels (`u_quad`: min x, min y, max x, max y) drawn as a 4-vertex strip without
    /// attributes, mapped so the window's top row lands on framebuffer row 0.
    static let quadVertex = """
        #version 300 es
        uniform vec4 u_quad;
        uniform vec2 u_viewOrigin;
        uniform vec2 u_viewSize;
        void main() {
            vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
            vec2 p = mix(u_quad.xy, u_quad.zw, corner);
            gl_Position = vec4((p - u_viewOrigin) / u_viewSize * 2.0 - 1.0, 0.0, 1.0);
        }
        """

    /// The coverage rule of `RectDraw` (DrawList.swift), step for step as `RectCoverage` computes it on the CPU
    /// (radii clamped to half the shorter side, sign(0) = +1, ties to the x edge): the local point q
    /// of the pixel centre through the inverse homography, the analytic jacobian J of that map, the signed
    /// distance d to the rounded rectangle with its gradient, g = |Jᵀ∇d|, coverage clamp(0.5 − d/g, 0, 1).
    static let coverage = """
        uniform mat3 u_inverse;
        uniform vec2 u_viewOrigin;
        uniform int u_antialiased;

        // Signed distance to a rectangle (min x, min y, max x, max y) with corner radii (top-left, top-right,
        // bottom-left, bottom-right; y down), and its gradient in local units.
        float roundedRectDistance(vec2 q, vec4 r, vec4 radii, out vec2 grad) {
            vec2 centre = 0.5 * (r.xy + r.zw);
            vec2 half_ = 0.5 * (r.zw - r.xy);
            vec2 p = q - centre;
            vec2 s = vec2(p.x < 0.0 ? -1.0 : 1.0, p.y < 0.0 ? -1.0 : 1.0);
            float radius = p.x < 0.0 ? (p.y < 0.0 ? radii.x : radii.z) : (p.y < 0.0 ? radii.y : radii.w);
            radius = clamp(radius, 0.0, max(0.0, min(half_.x, half_.y)));
            vec2 k = abs(p) - half_ + radius;
            if (k.x > 0.0 && k.y > 0.0) {
                float l = length(k);
                grad = s * k / l;
                return l - radius;
            }
            if (k.x >= k.y) {
                grad = vec2(s.x, 0.0);
                return k.x - radius;
            }
            grad = vec2(0.0, s.y);
            return k.y - radius;
        }

        // Coverage of a rounded rectangle at local point q, whose map has jacobian columns jx, jy.
        float shapeCoverage(vec2 q, vec2 jx, vec2 jy, vec4 r, vec4 radii) {
            vec2 grad;
            float d = roundedRectDistance(q, r, radii, grad);
            float g = length(vec2(dot(jx, grad), dot(jy, grad)));
            if (u_antialiased == 0 || !(g > 0.0) || isinf(g)) return d <= 0.0 ? 1.0 : 0.0;
            return clamp(0.5 - d / g, 0.0, 1.0);
        }

        // The local point of this fragment and the jacobian of output → local; false behind the eye.
        bool localPoint(out vec2 q, out vec2 jx, out vec2 jy) {
            vec3 h = u_inverse * vec3(gl_FragCoord.xy + u_viewOrigin, 1.0);
            if (!(h.z > 0.0)) {
                q = vec2(0.0);
                jx = vec2(0.0);
                jy = vec2(0.0);
                return false;
            }
            q = h.xy / h.z;
            jx = (u_inverse[0].xy - q * u_inverse[0].z) / h.z;
            jy = (u_inverse[1].xy - q * u_inverse[1].z) / h.z;
            return true;
        }
        """

    /// `RectDraw`: fill (u_borderWidth < 0) or border (outer × (1 − inner)).
    static let rectFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        \(coverage)
        uniform vec4 u_rect;
        uniform vec4 u_radii;
        uniform float u_borderWidth;
        uniform vec4 u_color;
        out vec4 fragColor;
        void main() {
            vec2 q, jx, jy;
            if (!localPoint(q, jx, jy)) discard;
            float c = shapeCoverage(q, jx, jy, u_rect, u_radii);
            if (u_borderWidth >= 0.0) {
                vec4 inner = u_rect + vec4(u_borderWidth, u_borderWidth, -u_borderWidth, -u_borderWidth);
                vec4 innerRadii = max(u_radii - u_borderWidth, 0.0);
                // An inset rectangle without area leaves no hole.
                if (inner.z > inner.x && inner.w > inner.y) c *= 1.0 - shapeCoverage(q, jx, jy, inner, innerRadii);
            }
            fragColor = u_color * c;
        }
        """

    /// `ImageDraw` and the tiles of an oversize image: image point = u_imageMap.xy + q · u_imageMap.zw, clamped
    /// to u_clamp (the source's pixel centres with clampToSource, else unbounded); a tile only draws the image
    /// points it owns (u_owned, half-open); texture coordinate = (image point − u_texture.xy) · u_texture.zw. The
    /// premultiplied texel is multiplied by u_tint: the draw's tint premultiplied, times its alpha.
    static let imageFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        \(coverage)
        uniform vec4 u_rect;
        uniform vec4 u_imageMap;
        uniform vec4 u_clamp;
        uniform vec4 u_owned;
        uniform vec4 u_textureMap;
        uniform vec4 u_tint;
        uniform sampler2D u_image;
        out vec4 fragColor;
        void main() {
            vec2 q, jx, jy;
            bool front = localPoint(q, jx, jy);
            vec2 p = clamp(u_imageMap.xy + q * u_imageMap.zw, u_clamp.xy, u_clamp.zw);
            // Sampled before any discard so the implicit derivatives (mipmap level) stay defined.
            vec4 texel = texture(u_image, (p - u_textureMap.xy) * u_textureMap.zw);
            if (!front || any(lessThan(p, u_owned.xy)) || any(greaterThanEqual(p, u_owned.zw))) discard;
            float c = shapeCoverage(q, jx, jy, u_rect, vec4(0.0));
            fragColor = texel * (u_tint * c);
        }
        """

    /// A finished offscreen buffer (u_source, window origin u_sourceOrigin in output pixels) times its mask's
    /// alpha (when u_masked) and u_opacity.
    static let compositeFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform vec2 u_viewOrigin;
        uniform vec2 u_sourceOrigin;
        uniform sampler2D u_source;
        uniform sampler2D u_mask;
        uniform int u_masked;
        uniform float u_opacity;
        out vec4 fragColor;
        void main() {
            ivec2 texel = ivec2(floor(gl_FragCoord.xy + u_viewOrigin - u_sourceOrigin));
            vec4 colour = texelFetch(u_source, texel, 0);
            float m = u_masked != 0 ? texelFetch(u_mask, texel, 0).a : 1.0;
            fragColor = colour * (m * u_opacity);
        }
        """

    /// One pass of the separable gaussian (`GaussianKernel`) over u_source (same window as the target, u_sourceSize
    /// pixels: a pooled buffer can be larger): weights packed four to a vec4; taps outside the buffer read 0 (a
    /// shadow's or a group's bounds hold all its content) or, with u_repeatEdges, the nearest edge pixel (a
    /// backdrop). A shadow blurs alpha (into every channel), a filter all four channels (u_allChannels).
    static let blurFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform sampler2D u_source;
        uniform ivec2 u_direction;
        uniform int u_radius;
        uniform ivec2 u_sourceSize;
        uniform vec4 u_weights[\(GaussianKernelUniform.vectors)];
        uniform int u_allChannels;
        uniform int u_repeatEdges;
        out vec4 fragColor;
        void main() {
            ivec2 size = u_sourceSize;
            ivec2 centre = ivec2(floor(gl_FragCoord.xy));
            vec4 sum = vec4(0.0);
            for (int i = -u_radius; i <= u_radius; i++) {
                ivec2 t = centre + u_direction * i;
                if (u_repeatEdges != 0) {
                    t = clamp(t, ivec2(0), size - 1);
                } else if (t.x < 0 || t.y < 0 || t.x >= size.x || t.y >= size.y) {
                    continue;
                }
                int k = i + u_radius;
                sum += u_weights[k / 4][k % 4] * texelFetch(u_source, t, 0);
            }
            fragColor = u_allChannels != 0 ? vec4(min(sum.rgb, sum.a), sum.a) : vec4(sum.a);
        }
        """

    /// A colour times a coverage read from u_source's channel u_channel (0: red, for the R8 path coverage; 3:
    /// alpha, for a blurred shadow) at the fragment's output pixel minus u_sourceOrigin; outside the texture, 0.
    static let tintFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform vec2 u_viewOrigin;
        uniform vec2 u_sourceOrigin;
        uniform sampler2D u_source;
        uniform int u_channel;
        uniform ivec2 u_sourceSize;
        uniform vec4 u_color;
        out vec4 fragColor;
        void main() {
            ivec2 size = u_sourceSize;
            ivec2 t = ivec2(floor(gl_FragCoord.xy + u_viewOrigin - u_sourceOrigin));
            if (t.x < 0 || t.y < 0 || t.x >= size.x || t.y >= size.y) discard;
            vec4 texel = texelFetch(u_source, t, 0);
            fragColor = u_color * (u_channel == 0 ? texel.r : texel.a);
        }
        """
}

/// How `GaussianKernel` weights travel to the blur shader.
enum GaussianKernelUniform {
    /// vec4s in the weight array: the kernel's largest radius is ⌈3 × 64⌉ = 192, so 385 weights.
    static let vectors = 97

    /// The weights padded to `vectors × 4` floats.
    static func packed(_ kernel: GaussianKernel) -> [Float] {
        var out = [Float](repeating: 0, count: vectors * 4)
        for (i, w) in kernel.weights.prefix(vectors * 4).enumerated() { out[i] = w }
        return out
    }
}

/// The shaders of a layer's filters, backgroundFilters and compositingFilter (`GroupFilter`, `BackdropDraw`,
/// `GroupBlend.blend`).
extension GLShaders {
    /// `GroupFilter.colorMatrix` on u_source (same window as the target): straight colour (transparent pixels
    /// black), u_matrix · c + u_bias clamped to 0…1, premultiplied again.
    static let colorMatrixFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform sampler2D u_source;
        uniform mat4 u_matrix;
        uniform vec4 u_bias;
        out vec4 fragColor;
        void main() {
            vec4 texel = texelFetch(u_source, ivec2(floor(gl_FragCoord.xy)), 0);
            vec4 c = vec4(texel.a > 0.0 ? min(texel.rgb / texel.a, 1.0) : vec3(0.0), texel.a);
            vec4 o = clamp(u_matrix * c + u_bias, 0.0, 1.0);
            fragColor = vec4(o.rgb * o.a, o.a);
        }
        """

    /// The W3C compositing spec's blend modes (u_blendMode: `BlendMode`'s case order), on straight colours.
    static let blendFunctions = """
        float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
        vec3 clipColor(vec3 c) {
            float l = lum(c);
            float n = min(min(c.r, c.g), c.b);
            float x = max(max(c.r, c.g), c.b);
            if (n < 0.0) c = l + (c - l) * l / (l - n);
            if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
            return c;
        }
        vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
        float sat(vec3 c) { return max(max(c.r, c.g), c.b) - min(min(c.r, c.g), c.b); }
        vec3 setSat(vec3 c, float s) {
            float n = min(min(c.r, c.g), c.b);
            float x = max(max(c.r, c.g), c.b);
            return x > n ? (c - n) * s / (x - n) : vec3(0.0);
        }
        float dodge(float b, float s) {
            if (b == 0.0) return 0.0;
            if (s >= 1.0) return 1.0;
            return min(1.0, b / (1.0 - s));
        }
        float burn(float b, float s) {
            if (b >= 1.0) return 1.0;
            if (s <= 0.0) return 0.0;
            return 1.0 - min(1.0, (1.0 - b) / s);
        }
        float softLight(float b, float s) {
            if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
            float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
            return b + (2.0 * s - 1.0) * (d - b);
        }
        float hardLight1(float b, float s) {
            return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0);
        }
        vec3 hardLight(vec3 b, vec3 s) {
            return vec3(hardLight1(b.r, s.r), hardLight1(b.g, s.g), hardLight1(b.b, s.b));
        }
        vec3 blendColors(int mode, vec3 b, vec3 s) {
            switch (mode) {
            case 0: return b * s;
            case 1: return b + s - b * s;
            case 2: return hardLight(s, b);
            case 3: return min(b, s);
            case 4: return max(b, s);
            case 5: return vec3(dodge(b.r, s.r), dodge(b.g, s.g), dodge(b.b, s.b));
            case 6: return vec3(burn(b.r, s.r), burn(b.g, s.g), burn(b.b, s.b));
            case 7: return vec3(softLight(b.r, s.r), softLight(b.g, s.g), softLight(b.b, s.b));
            case 8: return hardLight(b, s);
            case 9: return abs(b - s);
            case 10: return b + s - 2.0 * b * s;
            case 11: return setLum(setSat(s, sat(b)), lum(b));
            case 12: return setLum(setSat(b, sat(s)), lum(b));
            case 13: return setLum(s, lum(b));
            default: return setLum(b, lum(s));
            }
        }
        """

    /// A group composited with a blend mode: u_source (times its mask's alpha when u_masked, and u_opacity) over
    /// a copy of the destination (u_backdrop, window origin u_backdropOrigin), drawn without GL blending:
    /// co = cs·(1 − ab) + cb·(1 − as) + as·ab·B(Cb, Cs), αo = as + ab − as·ab.
    static let blendFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform vec2 u_viewOrigin;
        uniform vec2 u_sourceOrigin;
        uniform vec2 u_backdropOrigin;
        uniform sampler2D u_source;
        uniform sampler2D u_mask;
        uniform sampler2D u_backdrop;
        uniform int u_masked;
        uniform float u_opacity;
        uniform int u_blendMode;
        out vec4 fragColor;
        \(blendFunctions)
        void main() {
            vec2 p = gl_FragCoord.xy + u_viewOrigin;
            ivec2 texel = ivec2(floor(p - u_sourceOrigin));
            float m = u_masked != 0 ? texelFetch(u_mask, texel, 0).a : 1.0;
            vec4 s = texelFetch(u_source, texel, 0) * (m * u_opacity);
            vec4 b = texelFetch(u_backdrop, ivec2(floor(p - u_backdropOrigin)), 0);
            vec3 cs = s.a > 0.0 ? min(s.rgb / s.a, 1.0) : vec3(0.0);
            vec3 cb = b.a > 0.0 ? min(b.rgb / b.a, 1.0) : vec3(0.0);
            vec3 mixed = clamp(blendColors(u_blendMode, cb, cs), 0.0, 1.0);
            vec3 co = s.rgb * (1.0 - b.a) + b.rgb * (1.0 - s.a) + s.a * b.a * mixed;
            fragColor = vec4(co, s.a + b.a - s.a * b.a);
        }
        """

    /// `BackdropDraw`: the filtered copy of what lies below (u_source) put back over the unfiltered copy
    /// (u_backdrop), both with window origin u_sourceOrigin, through the rounded rectangle's coverage times
    /// u_opacity, drawn without GL blending.
    static let backdropFragment = """
        #version 300 es
        precision highp float;
        precision highp int;
        \(coverage)
        uniform vec4 u_rect;
        uniform vec4 u_radii;
        uniform vec2 u_sourceOrigin;
        uniform sampler2D u_source;
        uniform sampler2D u_backdrop;
        uniform float u_opacity;
        out vec4 fragColor;
        void main() {
            ivec2 texel = ivec2(floor(gl_FragCoord.xy + u_viewOrigin - u_sourceOrigin));
            vec4 below = texelFetch(u_backdrop, texel, 0);
            vec2 q, jx, jy;
            float c = localPoint(q, jx, jy) ? shapeCoverage(q, jx, jy, u_rect, u_radii) : 0.0;
            fragColor = mix(below, texelFetch(u_source, texel, 0), c * u_opacity);
        }
        """
}
