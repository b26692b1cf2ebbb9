import AnimCore

/// Where a touch is in its sequence (UITouch.Phase).
public enum TouchPhase: Sendable, Hashable {
    case began
    case moved
    case ended
    /// The sequence ended without the finger lifting: the server cancelled it (the device went away, the seat
    /// paused) or a gesture recognizer took it over (`GestureRecognizer.cancelsTouchesInLayer`).
    case cancelled
}

/// One finger from down to up (UITouch): the same object for the whole sequence, updated by each event.
/// Read it on the delegate queue, where its events are delivered.
public final class Touch: @unchecked Sendable {
    /// The server's number for the sequence: unique among the touches down at the same time.
    public let sequence: UInt32
    /// The layer the touch went down on, hit-tested by the server on the presentation tree at the touch's time.
    /// The whole sequence belongs to it (the server's implicit grab), even when the finger leaves its bounds.
    public let layer: Layer?
    public internal(set) var phase: TouchPhase
    /// Media time (the server's animation clock, seconds) of the latest event.
    public internal(set) var timestamp: Double
    /// The latest point in scene coordinates (the root space of the connection's layers).
    public internal(set) var scenePoint: Point
    /// The latest point in `layer`'s coordinates, as the server computed it on the presentation tree.
    public internal(set) var layerPoint: Point
    /// The point of the event before the latest, in scene coordinates.
    public internal(set) var previousScenePoint: Point

    init(sequence: UInt32, layer: Layer?, time: Double, scenePoint: Point, layerPoint: Point) {
        self.sequence = sequence
        self.layer = layer
        phase = .began
        timestamp = time
        self.scenePoint = scenePoint
        self.layerPoint = layerPoint
        previousScenePoint = scenePoint
    }

    func update(phase: TouchPhase, time: Double, scenePoint: Point, layerPoint: Point) {
        self.phase = phase
        timestamp = time
        previousScenePoint = self.scenePoint
        self.scenePoint = scenePoint
        self.layerPoint = layerPoint
    }

    /// The touch's point in `layer`'s coordinates (nil: scene coordinates). For the layer it went down on, the
    /// server's point, computed on the presentation tree at the event's time. For any other layer, the scene
    /// point converted on the model tree (`Layer.convert(_:from:)`), answered here without a round trip: exact
    /// unless that layer or one of its superlayers is being animated, where the model is not what is on screen
    /// (ask `presentation()` then). nil when the conversion has none (a singular transform, another connection's
    /// layer).
    public func location(in layer: Layer?) -> Point? {
        guard let layer else { return scenePoint }
        if layer === self.layer { return layerPoint }
        return layer.convert(scenePoint, from: nil)
    }

    /// `previousScenePoint` in `layer`'s coordinates, converted on the model tree (nil: scene coordinates).
    public func previousLocation(in layer: Layer?) -> Point? {
        guard let layer else { return previousScenePoint }
        return layer.convert(previousScenePoint, from: nil)
    }
}

extension Touch: CustomStringConvertible {
    public var description: String {
        "touch \(sequence) \(phase) at (\(scenePoint.x), \(scenePoint.y)) t=\(timestamp)"
    }
}
