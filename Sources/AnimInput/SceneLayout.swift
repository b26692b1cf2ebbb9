import AnimCore
import AnimDisplay

/// The outputs' rectangles in the scene, as the input side needs them: which output a touchscreen maps to, and
/// where the pointer may go (inside some output: relative motion stops at the layout's edges and never enters a
/// gap between outputs of different sizes).
public struct SceneLayout: Hashable, Sendable {
    public var outputs: [OutputDescription]

    public init(outputs: [OutputDescription]) {
        self.outputs = outputs
    }

    /// The output named `name` (`touchOutput`), else the primary (the first); nil without outputs.
    public func output(named name: String?) -> OutputDescription? {
        if let name, let named = outputs.first(where: { $0.name == name }) { return named }
        return outputs.first
    }

    /// The primary output's centre, where the pointer starts.
    public var centre: Point {
        guard let primary = outputs.first else { return Point(x: 0, y: 0) }
        return Point(
            x: Double(primary.position.x) + Double(primary.sceneSize.width) / 2,
            y: Double(primary.position.y) + Double(primary.sceneSize.height) / 2)
    }

    /// `p` moved to the nearest point of the nearest output (itself when inside one); the far edges stop at the
    /// last pixel's left or top edge, so the pointer stays on a pixel an output shows.
    public func clamp(_ p: Point) -> Point {
        var best: (point: Point, distance: Double)?
        for output in outputs {
            let minX = Double(output.position.x)
            let minY = Double(output.position.y)
            let maxX = minX + Double(max(output.sceneSize.width - 1, 0))
            let maxY = minY + Double(max(output.sceneSize.height - 1, 0))
            let q = Point(x: min(max(p.x, minX), maxX), y: min(max(p.y, minY), maxY))
            let distance = (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)
            if distance == 0 { return q }
            if best == nil || distance < best!.distance { best = (q, distance) }
        }
        return best?.point ?? p
    }
}
