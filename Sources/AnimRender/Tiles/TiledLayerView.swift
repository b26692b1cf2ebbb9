import AnimCore

/// What of a CATiledLayer the output shows: the part of its area (layer coordinates) some output pixel lands
/// on, and how many output pixels a point of it takes there (the level of detail follows from it).
public struct TiledLayerView: Sendable, Equatable {
    /// Layer coordinates, within the area given.
    public let visible: Rect
    /// Output pixels per layer point at the middle of `visible` (the square root of the map's area scale).
    public let screenScale: Double

    /// `world` maps layer coordinates to output pixels; `area` is what of the layer may show (its bounds, less
    /// what a scroll layer clips) and `viewport` the output's pixels. Nil when nothing of it shows.
    public init?(world: Transform3D, area: Rect, viewport: Rect) {
        guard world.allFinite, let map = ProjectiveMap(world) else { return nil }
        let polygon = map.preimage(of: viewport, within: area.standardized)
        guard polygon.points.count >= 3 else { return nil }
        let box = Rect.bounding(polygon.points)
        guard box.width > 0, box.height > 0 else { return nil }
        visible = box
        guard let j = world.jacobian(atX: box.midX, y: box.midY) else { return nil }
        let scale = abs(j.a * j.d - j.b * j.c).squareRoot()
        guard scale.isFinite, scale > 0 else { return nil }
        screenScale = scale
    }
}
