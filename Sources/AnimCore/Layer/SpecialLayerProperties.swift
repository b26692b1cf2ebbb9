/// CAShapeLayer's properties (§11).
public struct ShapeLayerProperties: Hashable, Sendable {
    public var path: BezierPath? = nil
    public var fillColor: Color? = .black
    public var fillRule: String = "non-zero"
    public var strokeColor: Color? = nil
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    public var lineWidth: Double = 1
    public var miterLimit: Double = 10
    public var lineCap: String = "butt"
    public var lineJoin: String = "miter"
    public var lineDashPhase: Double = 0
    public var lineDashPattern: [Double]? = nil
    public init() {}
}

/// CATextLayer's properties (§11).
public struct TextLayerProperties: Hashable, Sendable {
    public var string: String? = nil
    public var font: String = "Helvetica"
    public var fontSize: Double = 36
    public var foregroundColor: Color? = .white
    public var isWrapped: Bool = false
    public var truncationMode: String = "none"
    public var alignmentMode: String = "natural"
    public var allowsFontSubpixelQuantization: Bool = false
    public init() {}
}

/// CAGradientLayer's properties (§11).
public struct GradientLayerProperties: Hashable, Sendable {
    public var colors: [Color]? = nil
    public var locations: [Double]? = nil
    public var startPoint: Point = Point(x: 0.5, y: 0)
    public var endPoint: Point = Point(x: 0.5, y: 1)
    public var gradientType: String = "axial"
    public init() {}
}

/// CAReplicatorLayer's properties (§11).
public struct ReplicatorLayerProperties: Hashable, Sendable {
    public var instanceCount: Double = 1
    public var replicatorPreservesDepth: Bool = false
    public var instanceDelay: Double = 0
    public var instanceTransform: Transform3D = .identity
    public var instanceColor: Color? = .white
    public var instanceRedOffset: Double = 0
    public var instanceGreenOffset: Double = 0
    public var instanceBlueOffset: Double = 0
    public var instanceAlphaOffset: Double = 0
    public init() {}
}

/// CAEmitterLayer's properties (§11); the cells are in `emitterCells`.
public struct EmitterLayerProperties: Hashable, Sendable {
    public var birthRate: Double = 1
    public var lifetime: Double = 1
    public var velocity: Double = 1
    public var emitterScale: Double = 1
    public var spin: Double = 1
    public var emitterPosition: Point = .zero
    public var emitterZPosition: Double = 0
    public var emitterSize: Size = .zero
    public var emitterDepth: Double = 0
    public var emitterShape: String = "point"
    public var emitterMode: String = "volume"
    public var renderMode: String = "unordered"
    public var emitterPreservesDepth: Bool = false
    public var seed: Double = 0
    public var emitterCells: [EmitterCell] = []
    public init() {}
}

/// CAScrollLayer's properties (§11).
public struct ScrollLayerProperties: Hashable, Sendable {
    public var scrollMode: String = "both"
    public init() {}
}

/// CATiledLayer's properties (§11).
public struct TiledLayerProperties: Hashable, Sendable {
    public var tileSize: Size = Size(width: 256, height: 256)
    public var levelsOfDetail: Double = 1
    public var levelsOfDetailBias: Double = 0
    public init() {}
}
