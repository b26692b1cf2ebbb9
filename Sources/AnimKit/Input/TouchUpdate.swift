import AnimCore

/// One touch event as a layer's touch handler gets it: the touch (the same object for its whole sequence)
/// and what this event says of it.
public struct TouchUpdate: Sendable {
    public let touch: Touch
    public let phase: TouchPhase
    /// Media time (the server's animation clock, seconds) of the event: exact, so velocities from these are.
    public let timestamp: Double
    /// The point in scene coordinates (the root space of the connection's layers).
    public let scenePoint: Point
    /// The point in the touch's layer (`touch.layer`), computed by the server on the presentation tree.
    public let layerPoint: Point

    init(_ touch: Touch, phase: TouchPhase) {
        self.touch = touch
        self.phase = phase
        timestamp = touch.timestamp
        scenePoint = touch.scenePoint
        layerPoint = touch.layerPoint
    }

    /// The event's point in `layer`'s coordinates, as `Touch.location(in:)` answers it: the server's point
    /// for the touch's layer, the scene point converted on the model tree for any other (nil: scene).
    public func location(in layer: Layer?) -> Point? {
        guard let layer else { return scenePoint }
        if layer === touch.layer { return layerPoint }
        return layer.convert(scenePoint, from: nil)
    }
}

/// What a layer holds for input: its touch handler and its gesture recognizers.
struct LayerInput {
    var touchHandler: ((TouchUpdate) -> Void)?
    var pointerHandler: ((PointerUpdate) -> Void)?
    var recognizers: [GestureRecognizer] = []
}
