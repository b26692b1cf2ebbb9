import AnimRender

/// Where an output's top-left corner is in the scene, in scene pixels.
public struct OutputPosition: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public var description: String { "+\(x)+\(y)" }
}

/// How several outputs share one scene (`--layout`), as a virtual desktop: each shows its own rectangle of it,
/// its scene size (the mode turned by its rotation) at its position.
public enum OutputLayout: String, Hashable, Sendable, CaseIterable {
    /// Left to right in order, tops aligned.
    case extend
    /// Every output at (0, 0): each shows the scene's top-left at its own size.
    case mirror

    /// The positions of outputs of `sizes`, in order.
    public func positions(_ sizes: [PixelSize]) -> [OutputPosition] {
        switch self {
        case .mirror:
            return sizes.map { _ in OutputPosition(x: 0, y: 0) }
        case .extend:
            var x = 0
            return sizes.map { size in
                defer { x += size.width }
                return OutputPosition(x: x, y: 0)
            }
        }
    }

    /// The scene's size: the bounding box of `rects` from the origin; nil when there are none.
    public static func sceneSize(_ rects: [PixelRect]) -> PixelSize? {
        guard !rects.isEmpty else { return nil }
        return PixelSize(width: rects.map(\.maxX).max() ?? 0, height: rects.map(\.maxY).max() ?? 0)
    }
}
