import AnimCore

/// The output pixels a draw item can touch and its alpha: what group and shadow bounds, culling and damage
/// are made of.
extension DrawItem {
    /// The pixels the item can change: every pixel its shape's bounding box touches (a pixel whose centre is
    /// less than half a pixel outside an edge lies in that box, so antialiasing stays inside), cut by the
    /// item's own clip. Nil when it draws nothing: a corner behind the eye, a non-finite point, a box
    /// outside its clip, an empty group or shadow.
    var coverage: PixelRect? {
        let box: PixelRect?
        let clip: PixelRect?
        switch self {
        case .rect(let r):
            box = r.transform.projectedBox(of: r.rect.standardized).flatMap(PixelRect.init(covering:))
            clip = r.clip
        case .image(let i):
            box = i.transform.projectedBox(of: i.rect.standardized).flatMap(PixelRect.init(covering:))
            clip = i.clip
        case .path(let p):
            box = p.path.controlBox.flatMap(p.transform.projectedBox(of:)).flatMap(PixelRect.init(covering:))
            clip = p.clip
        case .group(let g):
            box = g.bounds
            clip = g.clip
        case .shadow(let s):
            box = s.bounds
            clip = s.clip
        case .particles(let p):
            box = p.box
            clip = p.clip
        }
        guard let box, !box.isEmpty else { return nil }
        guard let clip else { return box }
        return box.intersection(clip)
    }

    /// The item with its alpha multiplied by `factor`: a colour's alpha, an image's alpha, a group's opacity.
    func multiplyingAlpha(_ factor: Double) -> DrawItem {
        switch self {
        case .rect(var r):
            r.color.alpha *= factor
            return .rect(r)
        case .image(var i):
            i.alpha *= factor
            return .image(i)
        case .path(var p):
            p.color.alpha *= factor
            return .path(p)
        case .group(var g):
            g.opacity *= factor
            return .group(g)
        case .shadow(var s):
            s.color.alpha *= factor
            return .shadow(s)
        case .particles(var p):
            p.alpha *= factor
            return .particles(p)
        }
    }
}

extension [DrawItem] {
    /// The union of the items' coverage; nil when none covers anything.
    var coverage: PixelRect? {
        var union: PixelRect?
        for item in self {
            guard let box = item.coverage else { continue }
            union = union.map { $0.union(box) } ?? box
        }
        return union
    }
}

extension BezierPath {
    /// The box of every point the elements name, control points included: it holds the whole curve (a
    /// Bézier segment stays inside its control polygon). Nil for a path with no points.
    var controlBox: Rect? {
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = Swift.min(x0, p.x)
            y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x)
            y1 = Swift.max(y1, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p):
                add(c)
                add(p)
            case .cubic(let c1, let c2, let p):
                add(c1)
                add(c2)
                add(p)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension PixelRect {
    /// The pixels in both; nil (nothing) when they share none. A nil `clip` clips nothing.
    func clipped(to clip: PixelRect?) -> PixelRect? {
        guard let clip else { return isEmpty ? nil : self }
        return intersection(clip)
    }
}
