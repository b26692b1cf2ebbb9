import AnimCore

/// CAGradientLayer: colours at locations between two points.
open class GradientLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .gradient }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    public var colors: [Color]? {
        get { read { ($0.special.gradient ?? GradientLayerProperties()).colors } }
        set { set(.colors, .colors(newValue)) }
    }

    public var locations: [Double]? {
        get { read { ($0.special.gradient ?? GradientLayerProperties()).locations } }
        set { set(.locations, .numbers(newValue)) }
    }

    public var startPoint: Point {
        get { read { ($0.special.gradient ?? GradientLayerProperties()).startPoint } }
        set { set(.startPoint, .point(newValue)) }
    }

    public var endPoint: Point {
        get { read { ($0.special.gradient ?? GradientLayerProperties()).endPoint } }
        set { set(.endPoint, .point(newValue)) }
    }

    /// "axial", "radial" or "conic".
    public var type: String {
        get { read { ($0.special.gradient ?? GradientLayerProperties()).gradientType } }
        set { set(.gradientType, .string(newValue)) }
    }
}
