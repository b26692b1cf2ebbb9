import AnimCore

/// The cursor over a layer of this client (the server's `PointerEvent` message, protocol version 4), delivered to the nearest
/// `Layer.onPointer` from the layer under the cursor up its superlayers.
public struct PointerUpdate: Sendable {
    public enum Phase: Sendable, Hashable {
        /// The cursor came onto `layer`.
        case enter
        /// It left `layer`.
        case leave
        case motion
        /// `button` was pressed or released; a press grabs the pointer for `layer` until every button is up.
        case button
        /// A scroll of `scroll` points (positive: the content moves up or left).
        case axis
    }

    public let phase: Phase
    /// Media time (the server's animation clock, seconds).
    public let timestamp: Double
    /// The layer under the cursor (or holding the grab); nil once it is gone.
    public let layer: Layer?
    public let scenePoint: Point
    /// The point in `layer`, computed by the server on the presentation tree.
    public let layerPoint: Point
    /// A Linux button code (`BTN_LEFT` 0x110, `BTN_RIGHT` 0x111, `BTN_MIDDLE` 0x112) for `button`, else 0.
    public let button: UInt32
    public let isPressed: Bool
    public let scroll: Point

    /// The point in `layer`'s coordinates: the server's for the event's layer, the scene point converted on the
    /// model tree for any other (nil: scene), as `Touch.location(in:)`.
    public func location(in layer: Layer?) -> Point? {
        guard let layer else { return scenePoint }
        if layer === self.layer { return layerPoint }
        return layer.convert(scenePoint, from: nil)
    }
}
