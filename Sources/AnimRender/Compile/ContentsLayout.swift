import AnimCore

/// Where a layer's `contents` image goes inside its bounds (docs/core-animation-rules.md#layer-properties): which image
/// pixels (`contentsRect`) are drawn over which local rectangle (`contentsGravity`, `contentsScale`), cut into up to
/// nine pieces by `contentsCenter`.
struct ContentsLayout {
    /// One piece: image pixels `source` stretched over the local rectangle `destination`.
    struct Piece: Equatable {
        var destination: Rect
        var source: Rect
        /// 9-slice pieces must not sample their neighbours.
        var clampToSource: Bool
    }

    /// The gravities whose content is scaled to the bounds; only these use `contentsCenter` (the others
    /// draw the image at its logical size, where a 9-slice changes nothing).
    static let stretchingGravities: Set<String> = ["resize", "resizeAspect", "resizeAspectFill"]

    /// The pieces for an image of `imageSize` pixels in a layer with `state`'s bounds and contents
    /// properties; empty when nothing is visible (empty bounds or source, non-finite values).
    ///
    /// - `contentsRect` is in the image's unit square; outside it the renderers repeat the edge pixels, so
    ///   it passes through as `source` in pixels (standardised).
    /// - The content's logical size is the source's pixel size / `contentsScale` (a scale that is not
    ///   positive and finite counts as 1).
    /// - `contentsGravity`: "bottom" is the minimum y and "top" the maximum y
    ///   (docs/core-animation-rules.md#layer-properties), even though y grows downward on the output; resizeAspect fits
    ///   centred, resizeAspectFill fills centred and overflows the bounds (only masksToBounds clips it); an unknown
    ///   gravity is `resize`.
    /// - `contentsCenter` (unit square of the source) splits the source into a 3×3 grid when the gravity
    ///   stretches: the corners keep their logical size, scaled down by one factor when the destination is
    ///   smaller than two corners; a centre of zero width or height is the whole source pixel it falls in.
    static func pieces(for state: LayerState, imageSize: PixelSize) -> [Piece] {
        let bounds = state.bounds.standardized
        let unit = state.contentsRect.standardized
        guard bounds.isFinite, unit.isFinite, !bounds.isEmpty, !unit.isEmpty else { return [] }
        let source = Rect(
            x: unit.minX * Double(imageSize.width), y: unit.minY * Double(imageSize.height),
            width: unit.width * Double(imageSize.width), height: unit.height * Double(imageSize.height))
        let scale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
        let logical = Size(width: source.width / scale, height: source.height / scale)
        let destination = gravityRect(state.contentsGravity, content: logical, in: bounds)
        guard destination.isFinite, !destination.isEmpty else { return [] }
        let center = state.contentsCenter.standardized
        guard stretchingGravities.contains(state.contentsGravity), center.isFinite, center != .unit else {
            return [Piece(destination: destination, source: source, clampToSource: false)]
        }
        return nineSlice(source: source, center: center, scale: scale, destination: destination)
    }

    /// The rectangle `contentsGravity` gives content of `content` size (local units) inside `bounds`.
    static func gravityRect(_ gravity: String, content: Size, in bounds: Rect) -> Rect {
        let w = content.width
        let h = content.height
        let left = bounds.minX
        let right = bounds.maxX - w
        let centreX = bounds.midX - w / 2
        let low = bounds.minY  // "bottom"
        let high = bounds.maxY - h  // "top"
        let centreY = bounds.midY - h / 2
        switch gravity {
        case "center": return Rect(x: centreX, y: centreY, width: w, height: h)
        case "top": return Rect(x: centreX, y: high, width: w, height: h)
        case "bottom": return Rect(x: centreX, y: low, width: w, height: h)
        case "left": return Rect(x: left, y: centreY, width: w, height: h)
        case "right": return Rect(x: right, y: centreY, width: w, height: h)
        case "topLeft": return Rect(x: left, y: high, width: w, height: h)
        case "topRight": return Rect(x: right, y: high, width: w, height: h)
        case "bottomLeft": return Rect(x: left, y: low, width: w, height: h)
        case "bottomRight": return Rect(x: right, y: low, width: w, height: h)
        case "resizeAspect", "resizeAspectFill":
            guard w > 0, h > 0 else { return .zero }
            let sx = bounds.width / w
            let sy = bounds.height / h
            let s = gravity == "resizeAspect" ? min(sx, sy) : max(sx, sy)
            return Rect(
                x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        default: return bounds
        }
    }

    private static func nineSlice(source: Rect, center: Rect, scale: Double, destination: Rect) -> [Piece] {
        // Source columns and rows: [min, c0], [c0, c1], [c1, max] in image pixels.
        func cuts(_ lo: Double, _ length: Double, _ unitLo: Double, _ unitLength: Double) -> (Double, Double) {
            var c0 = lo + unitLo * length
            var c1 = c0 + unitLength * length
            let hi = lo + length
            if unitLength == 0 {
                // The whole source pixel the centre falls in (the right-hand one on a boundary), so both
                // renderers stretch exactly one pixel.
                c0 = max(lo, min(c0.rounded(.down), hi - 1))
                c1 = c0 + 1
            }
            return (min(max(c0, lo), hi), min(max(c1, lo), hi))
        }
        let (sx0, sx1) = cuts(source.minX, source.width, center.minX, center.width)
        let (sy0, sy1) = cuts(source.minY, source.height, center.minY, center.height)
        // Corner sizes in local units, shrunk by one factor when two of them do not fit.
        var leftW = (sx0 - source.minX) / scale
        var rightW = (source.maxX - sx1) / scale
        var topH = (sy0 - source.minY) / scale
        var bottomH = (source.maxY - sy1) / scale
        var shrink = 1.0
        if leftW + rightW > destination.width { shrink = min(shrink, destination.width / (leftW + rightW)) }
        if topH + bottomH > destination.height { shrink = min(shrink, destination.height / (topH + bottomH)) }
        leftW *= shrink
        rightW *= shrink
        topH *= shrink
        bottomH *= shrink
        let sourceXs = [source.minX, sx0, sx1, source.maxX]
        let sourceYs = [source.minY, sy0, sy1, source.maxY]
        let destXs = [destination.minX, destination.minX + leftW, destination.maxX - rightW, destination.maxX]
        let destYs = [destination.minY, destination.minY + topH, destination.maxY - bottomH, destination.maxY]
        var pieces: [Piece] = []
        pieces.reserveCapacity(9)
        for row in 0..<3 {
            for column in 0..<3 {
                let s = Rect(
                    x: sourceXs[column], y: sourceYs[row], width: sourceXs[column + 1] - sourceXs[column],
                    height: sourceYs[row + 1] - sourceYs[row])
                let d = Rect(
                    x: destXs[column], y: destYs[row], width: destXs[column + 1] - destXs[column],
                    height: destYs[row + 1] - destYs[row])
                guard s.width > 0, s.height > 0, d.width > 0, d.height > 0 else { continue }
                pieces.append(Piece(destination: d, source: s, clampToSource: true))
            }
        }
        return pieces
    }
}
