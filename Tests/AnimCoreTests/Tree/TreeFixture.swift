@testable import AnimCore

/// Builders and comparisons shared by the layer-tree tests.
enum TreeFixture {
    static func id(_ n: UInt32) -> LayerID { LayerID(n) }

    /// A layer whose bounds start at (0, 0) and whose frame (with the default anchor, before `configure`
    /// changes anything) is `frame`.
    static func layer(
        _ frame: Rect, _ layerClass: LayerClass = .layer, configure: (inout LayerState) -> Void = { _ in }
    ) -> LayerState {
        var state = LayerState(layerClass: layerClass)
        state.bounds = Rect(origin: .zero, size: frame.size)
        state.position = frame.center
        configure(&state)
        return state
    }

    static func near(_ a: Point?, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    static func near(_ a: Rect?, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    static func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }
}

extension LayerTree {
    /// Inserts layer `n` with `state` and, when `parent` is given, adds it on top of that layer's sublayers.
    mutating func build(_ n: UInt32, _ state: LayerState, in parent: UInt32? = nil) throws {
        try insert(LayerID(n), state: state)
        if let parent { try addSublayer(LayerID(n), to: LayerID(parent)) }
    }
}
