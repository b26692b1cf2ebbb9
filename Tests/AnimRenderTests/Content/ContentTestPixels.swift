import AnimCore

@testable import AnimRender

/// Reads a content raster's pixels for the content tests: premultiplied RGBA, whatever the image's byte order.
struct ContentTestPixels {
    typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    let content: LayerContent

    init(_ content: LayerContent) {
        self.content = content
    }

    var image: RenderImage { content.image }

    /// Image pixels per local unit across and down.
    var scaleX: Double { Double(image.width) / content.rect.width }
    var scaleY: Double { Double(image.height) / content.rect.height }

    /// The pixel in `column`, `row` of the image (transparent outside it).
    func pixel(column: Int, row: Int) -> RGBA {
        guard column >= 0, row >= 0, column < image.width, row < image.height else { return (0, 0, 0, 0) }
        if let tiles = image.tileSource {
            // Drawn on demand: the pixel from its tile's texture (RGBA, with a border of 1).
            let grid = TileGrid(imageSize: image.size)
            let tile = TileIndex(column: column / grid.tileSize, row: row / grid.tileSize)
            let texture = grid.texture(of: tile)
            let i = ((row - texture.y) * texture.width + column - texture.x) * 4
            let p = tiles.pixels(of: tile, grid: grid)
            return (p[i], p[i + 1], p[i + 2], p[i + 3])
        }
        let i = row * image.stride + column * 4
        let b = image.bytes
        switch image.format {
        case .bgra8Premultiplied: return (b[i + 2], b[i + 1], b[i], b[i + 3])
        case .rgba8Premultiplied: return (b[i], b[i + 1], b[i + 2], b[i + 3])
        }
    }

    /// The image pixel holding the local point (x, y) (transparent outside the content's rect).
    func pixel(x: Double, y: Double) -> RGBA {
        let column = ((x - content.rect.minX) * scaleX).rounded(.down)
        let row = ((y - content.rect.minY) * scaleY).rounded(.down)
        guard column.isFinite, row.isFinite, abs(column) < 1e9, abs(row) < 1e9 else { return (0, 0, 0, 0) }
        return pixel(column: Int(column), row: Int(row))
    }

    /// The alpha of the pixel whose local square starts at (x, y) at scale 1: its centre is (x + 0.5, y + 0.5).
    func alpha(x: Double, y: Double) -> UInt8 {
        pixel(x: x + 0.5 / scaleX, y: y + 0.5 / scaleY).a
    }

    /// The local rect of the pixels with any ink (alpha > 0); nil when there are none.
    var inkRect: Rect? {
        var minColumn = Int.max, minRow = Int.max, maxColumn = -1, maxRow = -1
        for row in 0..<image.height {
            for column in 0..<image.width where pixel(column: column, row: row).a > 0 {
                minColumn = min(minColumn, column)
                maxColumn = max(maxColumn, column)
                minRow = min(minRow, row)
                maxRow = max(maxRow, row)
            }
        }
        guard maxColumn >= 0 else { return nil }
        return Rect(
            x: content.rect.minX + Double(minColumn) / scaleX, y: content.rect.minY + Double(minRow) / scaleY,
            width: Double(maxColumn - minColumn + 1) / scaleX, height: Double(maxRow - minRow + 1) / scaleY)
    }

    /// Whether every channel is within `tolerance` of `expected` (0…255).
    static func near(_ p: RGBA, _ expected: (Int, Int, Int, Int), _ tolerance: Int) -> Bool {
        abs(Int(p.r) - expected.0) <= tolerance && abs(Int(p.g) - expected.1) <= tolerance
            && abs(Int(p.b) - expected.2) <= tolerance && abs(Int(p.a) - expected.3) <= tolerance
    }
}

extension LayerState {
    /// A shape layer whose path is `path`, its properties changed by `change`.
    static func contentShape(
        _ path: BezierPath?, _ change: (inout ShapeLayerProperties) -> Void = { _ in }
    ) -> LayerState {
        var layer = LayerState(layerClass: .shape)
        layer.special.modifyShape {
            $0.path = path
            change(&$0)
        }
        return layer
    }

    /// A gradient layer with `bounds`, its properties changed by `change`.
    static func contentGradient(_ bounds: Rect, _ change: (inout GradientLayerProperties) -> Void) -> LayerState {
        var layer = LayerState(layerClass: .gradient)
        layer.bounds = bounds
        layer.special.modifyGradient(change)
        return layer
    }

    /// A text layer with `bounds` showing `string` in black DejaVu Sans (pinned: the fonts fontconfig prefers for
    /// other names depend on what is installed) at `fontSize`, its properties changed by `change`.
    static func contentText(
        _ string: String?, bounds: Rect, fontSize: Double = 20, _ change: (inout TextLayerProperties) -> Void = { _ in }
    ) -> LayerState {
        var layer = LayerState(layerClass: .text)
        layer.bounds = bounds
        layer.special.modifyText {
            $0.string = string.map { AttributedText($0) }
            $0.font = "DejaVu Sans"
            $0.fontSize = fontSize
            $0.foregroundColor = .black
            change(&$0)
        }
        return layer
    }
}
