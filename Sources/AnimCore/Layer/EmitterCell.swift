/// One particle template of a CAEmitterLayer (docs/core-animation-rules.md#special-layer-classes, CAEmitterCell).
/// Values with a range are drawn uniformly from `[mean − range/2, mean + range/2]`; sub-cells emit from each particle.
public struct EmitterCell: Hashable, Codable, Sendable {
    public var name: String?
    public var isEnabled = true
    public var timing = MediaTiming()
    public var birthRate: Double = 0
    public var lifetime: Double = 0
    public var lifetimeRange: Double = 0
    public var emissionLatitude: Double = 0
    public var emissionLongitude: Double = 0
    /// The full angle of the emission cone (docs/core-animation-rules.md#decisions-on-open-points).
    public var emissionRange: Double = 0
    public var velocity: Double = 0
    public var velocityRange: Double = 0
    public var xAcceleration: Double = 0
    public var yAcceleration: Double = 0
    public var zAcceleration: Double = 0
    public var scale: Double = 1
    public var scaleRange: Double = 0
    public var scaleSpeed: Double = 0
    public var spin: Double = 0
    public var spinRange: Double = 0
    public var color: Color = .white
    public var redRange: Double = 0
    public var greenRange: Double = 0
    public var blueRange: Double = 0
    public var alphaRange: Double = 0
    public var redSpeed: Double = 0
    public var greenSpeed: Double = 0
    public var blueSpeed: Double = 0
    public var alphaSpeed: Double = 0
    public var contents: ImageID?
    public var contentsRect: Rect = .unit
    public var contentsScale: Double = 1
    public var minificationFilter = "linear"
    public var magnificationFilter = "linear"
    public var minificationFilterBias: Double = 0
    public var emitterCells: [EmitterCell] = []

    public init(name: String? = nil) { self.name = name }
}
