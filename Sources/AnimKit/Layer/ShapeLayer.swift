import AnimCore

/// CAShapeLayer: a path filled and stroked.
open class ShapeLayer: Layer, @unchecked Sendable {
    override class var kind: LayerClass { .shape }

    public required init(connection: Connection) {
        super.init(connection: connection)
    }

    /// Animatable, with no implicit animation (§9.3).
    public var path: BezierPath? {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).path } }
        set { set(.path, .path(newValue)) }
    }

    public var fillColor: Color? {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).fillColor } }
        set { set(.fillColor, .color(newValue)) }
    }

    /// "non-zero" or "even-odd".
    public var fillRule: String {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).fillRule } }
        set { set(.fillRule, .string(newValue)) }
    }

    public var strokeColor: Color? {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).strokeColor } }
        set { set(.strokeColor, .color(newValue)) }
    }

    public var strokeStart: Double {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).strokeStart } }
        set { set(.strokeStart, .number(newValue)) }
    }

    public var strokeEnd: Double {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).strokeEnd } }
        set { set(.strokeEnd, .number(newValue)) }
    }

    public var lineWidth: Double {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).lineWidth } }
        set { set(.lineWidth, .number(newValue)) }
    }

    public var miterLimit: Double {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).miterLimit } }
        set { set(.miterLimit, .number(newValue)) }
    }

    public var lineCap: String {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).lineCap } }
        set { set(.lineCap, .string(newValue)) }
    }

    public var lineJoin: String {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).lineJoin } }
        set { set(.lineJoin, .string(newValue)) }
    }

    public var lineDashPhase: Double {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).lineDashPhase } }
        set { set(.lineDashPhase, .number(newValue)) }
    }

    public var lineDashPattern: [Double]? {
        get { read { ($0.special.shape ?? ShapeLayerProperties()).lineDashPattern } }
        set { set(.lineDashPattern, .numbers(newValue)) }
    }
}
