import AnimKit
import Dispatch
import Foundation

/// Pan and zoom over a 32,768 × 32,768-point procedural map that exists only as the tiles the server asks for
/// (a CATiledLayer, docs/core-animation-rules.md#catiledlayer): the whole map fitted to the output, then animated
/// zooms into a coast, through the magnified levels, and pans with the scroll helpers. Every tile is drawn on
/// request, at the level of detail the current (animated) scale needs.
///
/// Usage: panzoom [--socket PATH] [--size WxH] [--hold SECONDS]
@main
enum PanZoom {
    static let side = 32_768.0

    static func main() throws {
        var socket: String?
        var width = 640.0
        var height = 480.0
        var hold = 1.5
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--socket": socket = arguments.popFirst()
            case "--hold": hold = Double(arguments.popFirst() ?? "") ?? hold
            case "--size":
                let parts = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2 else { throw PanZoomError.usage("--size WxH, e.g. 640x480") }
                (width, height) = (parts[0], parts[1])
            default: throw PanZoomError.usage("panzoom [--socket PATH] [--size WxH] [--hold SECONDS]")
            }
        }
        let connection = try Connection.connect(socketPath: socket, name: "panzoom")
        defer { connection.close() }
        connection.delegateQueue = DispatchQueue(label: "panzoom.tiles")
        let drawn = Counter()

        Transaction.begin()
        Transaction.disableActions = true
        let viewport = ScrollLayer(connection: connection)
        viewport.frame = Rect(x: 0, y: 0, width: width, height: height)
        viewport.masksToBounds = true
        viewport.backgroundColor = Color(red: 0.05, green: 0.08, blue: 0.15)
        let map = TiledLayer(connection: connection)
        map.anchorPoint = Point(x: 0, y: 0)
        map.bounds = Rect(x: 0, y: 0, width: side, height: side)
        map.tileSize = Size(width: 256, height: 256)
        map.levelsOfDetail = 8  // down to 1/128: the whole map in 256 × 256 pixels
        map.levelsOfDetailBias = 2  // up to 4 pixels a point
        map.drawTile = { tile in
            drawn.add()
            return MapTile.pixels(tile)
        }
        let fit = min(width, height) / side
        map.transform = .scale(fit, fit, 1)
        try viewport.addSublayer(map)
        Transaction.commit()
        print("the whole map at scale \(fit)")
        Thread.sleep(forTimeInterval: hold)

        // Zoom to a coast at 1/4, then 1, then the magnified 3×, each animated; the tiles follow the scale.
        for (scale, point) in [
            (0.25, Point(x: 12_000, y: 9_000)), (1, Point(x: 12_600, y: 9_400)), (3, Point(x: 12_700, y: 9_480)),
        ] {
            Transaction.begin()
            Transaction.animationDuration = 1
            map.transform = .scale(scale, scale, 1)
            map.scrollPoint(point)
            Transaction.commit()
            print("zoom to \(scale) at \(point)")
            Thread.sleep(forTimeInterval: 1 + hold)
        }
        // A pan along the coast: the rectangle 600 points east brought into view.
        Transaction.begin()
        Transaction.animationDuration = 1.5
        map.scrollRectToVisible(Rect(x: 13_300, y: 9_480, width: 100, height: 100))
        Transaction.commit()
        Thread.sleep(forTimeInterval: 1.5 + hold)
        try connection.sync()
        print("\(drawn.value) tiles drawn")
    }
}

enum PanZoomError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let text): "usage: \(text)"
        }
    }
}

/// Tiles drawn, from the delegate queue.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// The map: a height field of a few waves (sea, sand, grass, forest, rock, snow), with grid lines every 1,024
/// points and finer ones every 64, so each level of detail shows what its scale resolves.
enum MapTile {
    static func pixels(_ tile: TileContext) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: tile.width * tile.height * 4)
        let pointsPerPixel = 1 / tile.scale
        for y in 0..<tile.height {
            for x in 0..<tile.width {
                let p = tile.point(x: x, y: y)
                var (r, g, b) = colour(atHeight: height(p.x, p.y))
                // A line is drawn where the pixel straddles it, at least a pixel wide at any level.
                for (spacing, shade) in [(1024.0, 0.45), (64.0, 0.85)] where pointsPerPixel < spacing / 4 {
                    let offset = p.x.truncatingRemainder(dividingBy: spacing)
                    let offsetY = p.y.truncatingRemainder(dividingBy: spacing)
                    if offset < pointsPerPixel || offsetY < pointsPerPixel {
                        (r, g, b) = (r * shade, g * shade, b * shade)
                    }
                }
                let i = (y * tile.width + x) * 4
                out[i] = UInt8(min(255, r * 255))
                out[i + 1] = UInt8(min(255, g * 255))
                out[i + 2] = UInt8(min(255, b * 255))
            }
        }
        return out
    }

    static func height(_ x: Double, _ y: Double) -> Double {
        sin(x * 0.0007) + cos(y * 0.0009) + 0.5 * sin((x + y) * 0.0031) + 0.25 * cos((x - 2 * y) * 0.011)
            + 0.1 * sin(x * 0.05) * cos(y * 0.047)
    }

    static func colour(atHeight h: Double) -> (Double, Double, Double) {
        switch h {
        case ..<(-0.4): (0.10, 0.25 + 0.1 * (h + 2), 0.55 + 0.1 * (h + 2))
        case ..<(-0.3): (0.85, 0.80, 0.55)
        case ..<0.4: (0.30, 0.60, 0.25)
        case ..<1.0: (0.15, 0.40, 0.18)
        case ..<1.5: (0.50, 0.48, 0.45)
        default: (0.95, 0.95, 0.97)
        }
    }
}
