import AnimCore
import AnimRender

/// How the scene is turned on the panel: clockwise by 0, 90, 180 or 270 degrees (for a panel mounted a quarter
/// turn counter-clockwise, 90 shows the scene upright). The scene is laid out, hit-tested and screenshotted in
/// its own upright coordinates; only the scan-out turns it. At 90 and 270 the scene is the panel's size with
/// width and height swapped.
public enum OutputRotation: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// Parses `0`, `90`, `180` or `270`.
    public init(parsing text: String) throws(OutputRotationError) {
        guard let degrees = Int(text), let rotation = OutputRotation(rawValue: degrees) else {
            throw .badRotation(text)
        }
        self = rotation
    }

    public var description: String { "\(rawValue)" }

    /// Whether the scene's width runs along the panel's height.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The scene's size on a panel of `panel` pixels.
    public func sceneSize(panel: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: panel.height, height: panel.width) : panel
    }

    /// The panel point showing scene point `p` (continuous coordinates, y down) of a scene of `scene` size.
    public func panelPoint(_ p: Point, scene: PixelSize) -> Point {
        let w = Double(scene.width)
        let h = Double(scene.height)
        switch self {
        case .none: return p
        case .clockwise90: return Point(x: h - p.y, y: p.x)
        case .upsideDown: return Point(x: w - p.x, y: h - p.y)
        case .clockwise270: return Point(x: p.y, y: w - p.x)
        }
    }

    /// The scene point under panel point `p` (touch input, animctl coordinates given on the panel).
    public func scenePoint(_ p: Point, scene: PixelSize) -> Point {
        let w = Double(scene.width)
        let h = Double(scene.height)
        switch self {
        case .none: return p
        case .clockwise90: return Point(x: p.y, y: h - p.x)
        case .upsideDown: return Point(x: w - p.x, y: h - p.y)
        case .clockwise270: return Point(x: w - p.y, y: p.x)
        }
    }

    /// The panel pixel (column, row) showing scene pixel (`x`, `y`).
    public func panelPixel(x: Int, y: Int, scene: PixelSize) -> (x: Int, y: Int) {
        switch self {
        case .none: (x, y)
        case .clockwise90: (scene.height - 1 - y, x)
        case .upsideDown: (scene.width - 1 - x, scene.height - 1 - y)
        case .clockwise270: (y, scene.width - 1 - x)
        }
    }

    /// The panel pixels showing scene pixels `rect` (damage on the panel).
    public func panelRect(_ rect: PixelRect, scene: PixelSize) -> PixelRect {
        switch self {
        case .none:
            rect
        case .clockwise90:
            PixelRect(x: scene.height - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .upsideDown:
            PixelRect(
                x: scene.width - rect.maxX, y: scene.height - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270:
            PixelRect(x: rect.y, y: scene.width - rect.maxX, width: rect.height, height: rect.width)
        }
    }
}

/// `--rotation` text that is not 0, 90, 180 or 270.
public enum OutputRotationError: Error, Hashable, Sendable, CustomStringConvertible {
    case badRotation(String)

    public var description: String {
        switch self {
        case .badRotation(let text): "--rotation \(text): must be 0, 90, 180 or 270 (degrees clockwise)"
        }
    }
}
