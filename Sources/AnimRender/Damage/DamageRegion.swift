/// Damaged boxes merged into a short list of rectangles.
enum DamageRegion {
    /// More rectangles than this become their union: past that, per-rectangle overhead outweighs the pixels
    /// saved.
    static let maximumRectangles = 16

    /// Merges boxes that overlap or touch whenever their union costs no more pixels than the two apart
    /// (a box inside another, or two that overlap a lot); the rest stay apart. More than
    /// `maximumRectangles` left become their union. Sorted by row, then column.
    static func merge(_ boxes: [PixelRect]) -> [PixelRect] {
        var rects = boxes.filter { !$0.isEmpty }
        guard rects.count > 1 else { return rects }
        // Merging is quadratic; this many boxes would end as one union anyway.
        if rects.count > maximumRectangles * 16 { return [union(rects)] }
        var merged = true
        while merged {
            merged = false
            var i = 0
            while i < rects.count {
                var j = i + 1
                while j < rects.count {
                    if let joined = join(rects[i], rects[j]) {
                        rects[i] = joined
                        rects.remove(at: j)
                        merged = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        if rects.count > maximumRectangles { return [union(rects)] }
        return rects.sorted { ($0.y, $0.x, $0.height, $0.width) < ($1.y, $1.x, $1.height, $1.width) }
    }

    /// The union of two boxes that touch or overlap when it is no larger than their two areas together.
    private static func join(_ a: PixelRect, _ b: PixelRect) -> PixelRect? {
        guard a.x <= b.maxX, b.x <= a.maxX, a.y <= b.maxY, b.y <= a.maxY else { return nil }
        let u = a.union(b)
        return u.pixelCount <= a.pixelCount + b.pixelCount ? u : nil
    }

    private static func union(_ rects: [PixelRect]) -> PixelRect {
        rects.dropFirst().reduce(rects[0]) { $0.union($1) }
    }
}
