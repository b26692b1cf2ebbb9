/// The layer properties a frame seldom touches (sublayer transform, contents geometry and filters, border,
/// shadow, rasterization, strings), with their Core Animation defaults. `LayerState` keeps them in a
/// `ColdLayerStorage` box and exposes each one as a property of its own.
struct ColdLayerProperties: Hashable, Sendable {
    var sublayerTransform: Transform3D = .identity
    var contentsRect: Rect = .unit
    var contentsCenter: Rect = .unit
    var contentsGravity: String = "resize"
    var contentsScale: Double = 1
    var contentsFormat: String = "RGBA8Uint"
    var minificationFilter: String = "linear"
    var magnificationFilter: String = "linear"
    var minificationFilterBias: Double = 0
    var opaque: Bool = false
    var needsDisplayOnBoundsChange: Bool = false
    var drawsAsynchronously: Bool = false
    var edgeAntialiasingMask: Double = 15
    var allowsEdgeAntialiasing: Bool = true
    var maskedCorners: Double = 15
    var cornerCurve: String = "circular"
    var borderWidth: Double = 0
    var borderColor: Color? = .black
    var allowsGroupOpacity: Bool = true
    var compositingFilter: String? = nil
    var filters: [String]? = nil
    var backgroundFilters: [String]? = nil
    var shouldRasterize: Bool = false
    var rasterizationScale: Double = 1
    var shadowColor: Color? = .black
    var shadowOpacity: Double = 0
    var shadowOffset: Size = Size(width: 0, height: -3)
    var shadowRadius: Double = 3
    var shadowPath: BezierPath? = nil
    var autoresizingMask: Double = 0
    var name: String? = nil
}

extension LayerState {
    public var sublayerTransform: Transform3D {
        get { cold.value.sublayerTransform }
        set { cold.modify { $0.sublayerTransform = newValue } }
    }

    public var contentsRect: Rect {
        get { cold.value.contentsRect }
        set { cold.modify { $0.contentsRect = newValue } }
    }

    public var contentsCenter: Rect {
        get { cold.value.contentsCenter }
        set { cold.modify { $0.contentsCenter = newValue } }
    }

    public var contentsGravity: String {
        get { cold.value.contentsGravity }
        set { cold.modify { $0.contentsGravity = newValue } }
    }

    public var contentsScale: Double {
        get { cold.value.contentsScale }
        set { cold.modify { $0.contentsScale = newValue } }
    }

    public var contentsFormat: String {
        get { cold.value.contentsFormat }
        set { cold.modify { $0.contentsFormat = newValue } }
    }

    public var minificationFilter: String {
        get { cold.value.minificationFilter }
        set { cold.modify { $0.minificationFilter = newValue } }
    }

    public var magnificationFilter: String {
        get { cold.value.magnificationFilter }
        set { cold.modify { $0.magnificationFilter = newValue } }
    }

    public var minificationFilterBias: Double {
        get { cold.value.minificationFilterBias }
        set { cold.modify { $0.minificationFilterBias = newValue } }
    }

    public var opaque: Bool {
        get { cold.value.opaque }
        set { cold.modify { $0.opaque = newValue } }
    }

    public var needsDisplayOnBoundsChange: Bool {
        get { cold.value.needsDisplayOnBoundsChange }
        set { cold.modify { $0.needsDisplayOnBoundsChange = newValue } }
    }

    public var drawsAsynchronously: Bool {
        get { cold.value.drawsAsynchronously }
        set { cold.modify { $0.drawsAsynchronously = newValue } }
    }

    public var edgeAntialiasingMask: Double {
        get { cold.value.edgeAntialiasingMask }
        set { cold.modify { $0.edgeAntialiasingMask = newValue } }
    }

    public var allowsEdgeAntialiasing: Bool {
        get { cold.value.allowsEdgeAntialiasing }
        set { cold.modify { $0.allowsEdgeAntialiasing = newValue } }
    }

    public var maskedCorners: Double {
        get { cold.value.maskedCorners }
        set { cold.modify { $0.maskedCorners = newValue } }
    }

    public var cornerCurve: String {
        get { cold.value.cornerCurve }
        set { cold.modify { $0.cornerCurve = newValue } }
    }

    public var borderWidth: Double {
        get { cold.value.borderWidth }
        set { cold.modify { $0.borderWidth = newValue } }
    }

    public var borderColor: Color? {
        get { cold.value.borderColor }
        set { cold.modify { $0.borderColor = newValue } }
    }

    public var allowsGroupOpacity: Bool {
        get { cold.value.allowsGroupOpacity }
        set { cold.modify { $0.allowsGroupOpacity = newValue } }
    }

    public var compositingFilter: String? {
        get { cold.value.compositingFilter }
        set { cold.modify { $0.compositingFilter = newValue } }
    }

    public var filters: [String]? {
        get { cold.value.filters }
        set { cold.modify { $0.filters = newValue } }
    }

    public var backgroundFilters: [String]? {
        get { cold.value.backgroundFilters }
        set { cold.modify { $0.backgroundFilters = newValue } }
    }

    public var shouldRasterize: Bool {
        get { cold.value.shouldRasterize }
        set { cold.modify { $0.shouldRasterize = newValue } }
    }

    public var rasterizationScale: Double {
        get { cold.value.rasterizationScale }
        set { cold.modify { $0.rasterizationScale = newValue } }
    }

    public var shadowColor: Color? {
        get { cold.value.shadowColor }
        set { cold.modify { $0.shadowColor = newValue } }
    }

    public var shadowOpacity: Double {
        get { cold.value.shadowOpacity }
        set { cold.modify { $0.shadowOpacity = newValue } }
    }

    public var shadowOffset: Size {
        get { cold.value.shadowOffset }
        set { cold.modify { $0.shadowOffset = newValue } }
    }

    public var shadowRadius: Double {
        get { cold.value.shadowRadius }
        set { cold.modify { $0.shadowRadius = newValue } }
    }

    public var shadowPath: BezierPath? {
        get { cold.value.shadowPath }
        set { cold.modify { $0.shadowPath = newValue } }
    }

    public var autoresizingMask: Double {
        get { cold.value.autoresizingMask }
        set { cold.modify { $0.autoresizingMask = newValue } }
    }

    public var name: String? {
        get { cold.value.name }
        set { cold.modify { $0.name = newValue } }
    }
}
