extension PropertyValue {
    /// The value a fraction `t` of the way from `self` to `to`
    /// (docs/core-animation-rules.md#interpolation-by-value-type and #decisions-on-open-points): numbers, points, sizes
    /// and rects componentwise; colours premultiplied in sRGB; transforms by decomposition; paths point by point when
    /// their structure matches; everything else (and values of different shape) switches from `self` to `to` at
    /// t = 0.5. `t` may leave [0, 1] (overshooting timing functions and springs extrapolate).
    public func interpolated(to other: PropertyValue, fraction t: Double) -> PropertyValue {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return .number(lerp(a, b, t))
        case (.point(let a), .point(let b)):
            return .point(Point(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t)))
        case (.size(let a), .size(let b)):
            return .size(Size(width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t)))
        case (.rect(let a), .rect(let b)):
            return .rect(
                Rect(
                    x: lerp(a.origin.x, b.origin.x, t), y: lerp(a.origin.y, b.origin.y, t),
                    width: lerp(a.size.width, b.size.width, t), height: lerp(a.size.height, b.size.height, t)))
        case (.transform(let a), .transform(let b)):
            return .transform(a.interpolated(to: b, fraction: t))
        case (.color(let a?), .color(let b?)):
            return .color(Color.interpolatePremultiplied(a, b, t))
        case (.color(let a?), .color(nil)):
            return .color(Color.interpolatePremultiplied(a, a.withAlpha(0), t))
        case (.color(nil), .color(let b?)):
            return .color(Color.interpolatePremultiplied(b.withAlpha(0), b, t))
        case (.numbers(let a?), .numbers(let b?)) where a.count == b.count:
            return .numbers(zip(a, b).map { lerp($0, $1, t) })
        case (.colors(let a?), .colors(let b?)) where a.count == b.count:
            return .colors(zip(a, b).map { Color.interpolatePremultiplied($0, $1, t) })
        case (.path(let a?), .path(let b?)):
            if let p = a.interpolated(to: b, fraction: t) { return .path(p) }
            return t < 0.5 ? self : other
        case (.filters(let a?), .filters(let b?)):
            if let f = a.interpolated(to: b, fraction: t) { return .filters(f) }
            return t < 0.5 ? self : other
        default:
            // docs/core-animation-rules.md#decisions-on-open-points: Bool properties (and every other discrete kind)
            // take the to value from f = 0.5.
            return t < 0.5 ? self : other
        }
    }

    /// `self + other` for additive and cumulative animations (docs/core-animation-rules.md#additive-and-cumulative,
    /// #decisions-on-open-points): componentwise for numbers, points, sizes, rects and colours; transforms concatenate
    /// with `other` (the animation's matrix) applied first. Kinds that cannot add return `other`.
    public func adding(_ other: PropertyValue) -> PropertyValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(a + b)
        case (.size(let a), .size(let b)): return .size(a + b)
        case (.rect(let a), .rect(let b)):
            return .rect(Rect(origin: a.origin + b.origin, size: a.size + b.size))
        case (.transform(let running), .transform(let anim)):
            return .transform(anim.concatenating(running))
        case (.color(let a?), .color(let b?)):
            return .color(
                Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
        case (.numbers(let a?), .numbers(let b?)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + $1 })
        default:
            return other
        }
    }

    /// `self − other` (used for "to − by"). Transforms: `self` with `other` undone first.
    public func subtracting(_ other: PropertyValue) -> PropertyValue {
        adding(other.negated)
    }

    /// The additive inverse: `x.adding(x.negated)` is the zero of its kind.
    public var negated: PropertyValue {
        switch self {
        case .number(let a): .number(-a)
        case .point(let a): .point(a * -1)
        case .size(let a): .size(a * -1)
        case .rect(let a): .rect(Rect(origin: a.origin * -1, size: a.size * -1))
        case .transform(let a): .transform(a.inverted ?? .identity)
        case .color(let c?): .color(Color(red: -c.red, green: -c.green, blue: -c.blue, alpha: -c.alpha))
        case .numbers(let a?): .numbers(a.map { -$0 })
        default: self
        }
    }

    /// `self` added to itself `k` times (cumulative animations: `k·(v(1) − v(0))`).
    public func scaled(by k: Double) -> PropertyValue {
        switch self {
        case .number(let a): return .number(a * k)
        case .point(let a): return .point(a * k)
        case .size(let a): return .size(a * k)
        case .rect(let a): return .rect(Rect(origin: a.origin * k, size: a.size * k))
        case .color(let c?):
            return .color(Color(red: c.red * k, green: c.green * k, blue: c.blue * k, alpha: c.alpha * k))
        case .numbers(let a?): return .numbers(a.map { $0 * k })
        case .transform(let t):
            // A whole number of concatenations; the identity for k ≤ 0.
            var result = Transform3D.identity
            var n = Int(k.rounded(.down))
            while n > 0 {
                result = result.concatenating(t)
                n -= 1
            }
            return .transform(result)
        default: return self
        }
    }

    /// The distance between two values, used by paced keyframe animations
    /// (docs/core-animation-rules.md#evaluating-keyframe-animations): |Δ| for numbers, Euclidean for points, sizes,
    /// rects and colours; 0 for kinds without a metric (which makes paced fall back to even spacing).
    public func distance(to other: PropertyValue) -> Double {
        switch (self, other) {
        case (.number(let a), .number(let b)): return abs(b - a)
        case (.point(let a), .point(let b)): return a.distance(to: b)
        case (.size(let a), .size(let b)): return hypot(b.width - a.width, b.height - a.height)
        case (.rect(let a), .rect(let b)):
            let d = [
                b.origin.x - a.origin.x, b.origin.y - a.origin.y, b.size.width - a.size.width,
                b.size.height - a.size.height,
            ]
            return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
        case (.color(let a?), .color(let b?)):
            let (ar, ag, ab, aa) = a.premultiplied
            let (br, bg, bb, ba) = b.premultiplied
            let s = (br - ar) * (br - ar) + (bg - ag) * (bg - ag) + (bb - ab) * (bb - ab) + (ba - aa) * (ba - aa)
            return s.squareRoot()
        default: return 0
        }
    }
}

extension Color {
    /// Premultiplied, componentwise interpolation (docs/core-animation-rules.md#decisions-on-open-points), returned
    /// with straight alpha.
    static func interpolatePremultiplied(_ a: Color, _ b: Color, _ t: Double) -> Color {
        let (ar, ag, ab, aa) = a.premultiplied
        let (br, bg, bb, ba) = b.premultiplied
        return Color(
            premultipliedRed: lerp(ar, br, t), green: lerp(ag, bg, t), blue: lerp(ab, bb, t), alpha: lerp(aa, ba, t))
    }

    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }
}
