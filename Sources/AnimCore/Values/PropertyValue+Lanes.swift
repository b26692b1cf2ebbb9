extension PropertyValue {
    /// A number, point, size or rect as four lanes (x, y, width, height order; unused lanes 0), the form the
    /// animation kernels and bulk changes work in; nil for the other kinds.
    @inlinable
    public var lanes: SIMD4<Double>? {
        switch self {
        case .number(let n): SIMD4(n, 0, 0, 0)
        case .point(let p): SIMD4(p.x, p.y, 0, 0)
        case .size(let s): SIMD4(s.width, s.height, 0, 0)
        case .rect(let r): SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        default: nil
        }
    }

    /// The number, point, size or rect of `kind` that `lanes` holds; nil for the other kinds.
    public init?(lanes v: SIMD4<Double>, kind: ValueKind) {
        switch kind {
        case .number: self = .number(v[0])
        case .point: self = .point(Point(x: v[0], y: v[1]))
        case .size: self = .size(Size(width: v[0], height: v[1]))
        case .rect: self = .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        default: return nil
        }
    }
}
