/// The layer classes of Core Animation that animserver draws (docs/core-animation-rules.md#layer-model,
/// #special-layer-classes).
public enum LayerClass: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    case layer = "CALayer"
    case shape = "CAShapeLayer"
    case text = "CATextLayer"
    case gradient = "CAGradientLayer"
    case replicator = "CAReplicatorLayer"
    case emitter = "CAEmitterLayer"
    case scroll = "CAScrollLayer"
    case tiled = "CATiledLayer"
    case transformLayer = "CATransformLayer"

    public var description: String { rawValue }
}
