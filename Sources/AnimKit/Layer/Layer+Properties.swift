import AnimCore

/// CALayer's properties, typed. Each reads the model at once; each change is checked (a non-finite or
/// out-of-range number, or a string outside the allowed names, is logged and ignored; use
/// `setValue(_:forKeyPath:)` to get the error thrown), recorded in the current transaction, and animated by
/// the property's action (§9).
extension Layer {
    public var bounds: Rect {
        get { read { $0.bounds } }
        set { set(.bounds, .rect(newValue)) }
    }

    public var position: Point {
        get { read { $0.position } }
        set { set(.position, .point(newValue)) }
    }

    public var zPosition: Double {
        get { read { $0.zPosition } }
        set { set(.zPosition, .number(newValue)) }
    }

    public var anchorPoint: Point {
        get { read { $0.anchorPoint } }
        set { set(.anchorPoint, .point(newValue)) }
    }

    public var anchorPointZ: Double {
        get { read { $0.anchorPointZ } }
        set { set(.anchorPointZ, .number(newValue)) }
    }

    public var transform: Transform3D {
        get { read { $0.transform } }
        set { set(.transform, .transform(newValue)) }
    }

    public var sublayerTransform: Transform3D {
        get { read { $0.sublayerTransform } }
        set { set(.sublayerTransform, .transform(newValue)) }
    }

    public var isHidden: Bool {
        get { read { $0.hidden } }
        set { set(.hidden, .bool(newValue)) }
    }

    public var isDoubleSided: Bool {
        get { read { $0.doubleSided } }
        set { set(.doubleSided, .bool(newValue)) }
    }

    public var isGeometryFlipped: Bool {
        get { read { $0.geometryFlipped } }
        set { set(.geometryFlipped, .bool(newValue)) }
    }

    /// Clips contents and sublayers to the bounds and corner radius, and the layer's own shadow too
    /// (docs/core-animation-rules.md).
    public var masksToBounds: Bool {
        get { read { $0.masksToBounds } }
        set { set(.masksToBounds, .bool(newValue)) }
    }

    /// An image uploaded with `Connection.uploadImage`.
    public var contents: ImageID? {
        get { read { $0.contents } }
        set { set(.contents, .image(newValue)) }
    }

    public var contentsRect: Rect {
        get { read { $0.contentsRect } }
        set { set(.contentsRect, .rect(newValue)) }
    }

    public var contentsCenter: Rect {
        get { read { $0.contentsCenter } }
        set { set(.contentsCenter, .rect(newValue)) }
    }

    /// "resize" (default), "center", "top", "resizeAspect", "resizeAspectFill", …
    public var contentsGravity: String {
        get { read { $0.contentsGravity } }
        set { set(.contentsGravity, .string(newValue)) }
    }

    public var contentsScale: Double {
        get { read { $0.contentsScale } }
        set { set(.contentsScale, .number(newValue)) }
    }

    public var contentsFormat: String {
        get { read { $0.contentsFormat } }
        set { set(.contentsFormat, .string(newValue)) }
    }

    public var minificationFilter: String {
        get { read { $0.minificationFilter } }
        set { set(.minificationFilter, .string(newValue)) }
    }

    public var magnificationFilter: String {
        get { read { $0.magnificationFilter } }
        set { set(.magnificationFilter, .string(newValue)) }
    }

    public var minificationFilterBias: Double {
        get { read { $0.minificationFilterBias } }
        set { set(.minificationFilterBias, .number(newValue)) }
    }

    public var isOpaque: Bool {
        get { read { $0.opaque } }
        set { set(.opaque, .bool(newValue)) }
    }

    public var needsDisplayOnBoundsChange: Bool {
        get { read { $0.needsDisplayOnBoundsChange } }
        set { set(.needsDisplayOnBoundsChange, .bool(newValue)) }
    }

    public var drawsAsynchronously: Bool {
        get { read { $0.drawsAsynchronously } }
        set { set(.drawsAsynchronously, .bool(newValue)) }
    }

    public var edgeAntialiasingMask: Double {
        get { read { $0.edgeAntialiasingMask } }
        set { set(.edgeAntialiasingMask, .number(newValue)) }
    }

    public var allowsEdgeAntialiasing: Bool {
        get { read { $0.allowsEdgeAntialiasing } }
        set { set(.allowsEdgeAntialiasing, .bool(newValue)) }
    }

    public var backgroundColor: Color? {
        get { read { $0.backgroundColor } }
        set { set(.backgroundColor, .color(newValue)) }
    }

    public var cornerRadius: Double {
        get { read { $0.cornerRadius } }
        set { set(.cornerRadius, .number(newValue)) }
    }

    public var maskedCorners: Double {
        get { read { $0.maskedCorners } }
        set { set(.maskedCorners, .number(newValue)) }
    }

    public var cornerCurve: String {
        get { read { $0.cornerCurve } }
        set { set(.cornerCurve, .string(newValue)) }
    }

    public var borderWidth: Double {
        get { read { $0.borderWidth } }
        set { set(.borderWidth, .number(newValue)) }
    }

    public var borderColor: Color? {
        get { read { $0.borderColor } }
        set { set(.borderColor, .color(newValue)) }
    }

    public var opacity: Double {
        get { read { $0.opacity } }
        set { set(.opacity, .number(newValue)) }
    }

    public var allowsGroupOpacity: Bool {
        get { read { $0.allowsGroupOpacity } }
        set { set(.allowsGroupOpacity, .bool(newValue)) }
    }

    public var compositingFilter: String? {
        get { read { $0.compositingFilter } }
        set { set(.compositingFilter, .string(newValue)) }
    }

    public var filters: [String]? {
        get { read { $0.filters } }
        set { set(.filters, .strings(newValue)) }
    }

    public var backgroundFilters: [String]? {
        get { read { $0.backgroundFilters } }
        set { set(.backgroundFilters, .strings(newValue)) }
    }

    public var shouldRasterize: Bool {
        get { read { $0.shouldRasterize } }
        set { set(.shouldRasterize, .bool(newValue)) }
    }

    public var rasterizationScale: Double {
        get { read { $0.rasterizationScale } }
        set { set(.rasterizationScale, .number(newValue)) }
    }

    public var shadowColor: Color? {
        get { read { $0.shadowColor } }
        set { set(.shadowColor, .color(newValue)) }
    }

    public var shadowOpacity: Double {
        get { read { $0.shadowOpacity } }
        set { set(.shadowOpacity, .number(newValue)) }
    }

    public var shadowOffset: Size {
        get { read { $0.shadowOffset } }
        set { set(.shadowOffset, .size(newValue)) }
    }

    /// The standard deviation of the shadow's Gaussian blur, in layer units (docs/core-animation-rules.md).
    public var shadowRadius: Double {
        get { read { $0.shadowRadius } }
        set { set(.shadowRadius, .number(newValue)) }
    }

    public var shadowPath: BezierPath? {
        get { read { $0.shadowPath } }
        set { set(.shadowPath, .path(newValue)) }
    }

    public var autoresizingMask: Double {
        get { read { $0.autoresizingMask } }
        set { set(.autoresizingMask, .number(newValue)) }
    }

    public var name: String? {
        get { read { $0.name } }
        set { set(.name, .string(newValue)) }
    }

    /// The layer's own timing (CAMediaTiming): its local time is the parent time of its animations and sublayers.
    public var beginTime: Double {
        get { read { $0.timing.beginTime } }
        set { set(.beginTime, .number(newValue)) }
    }

    public var duration: Double {
        get { read { $0.timing.duration } }
        set { set(.duration, .number(newValue)) }
    }

    public var speed: Double {
        get { read { $0.timing.speed } }
        set { set(.speed, .number(newValue)) }
    }

    public var timeOffset: Double {
        get { read { $0.timing.timeOffset } }
        set { set(.timeOffset, .number(newValue)) }
    }

    public var repeatCount: Double {
        get { read { $0.timing.repeatCount } }
        set { set(.repeatCount, .number(newValue)) }
    }

    public var repeatDuration: Double {
        get { read { $0.timing.repeatDuration } }
        set { set(.repeatDuration, .number(newValue)) }
    }

    public var autoreverses: Bool {
        get { read { $0.timing.autoreverses } }
        set { set(.autoreverses, .bool(newValue)) }
    }

    public var fillMode: FillMode {
        get { read { $0.timing.fillMode } }
        set { set(.fillMode, .string(newValue.rawValue)) }
    }

    /// Derived from `position`, `bounds` and `anchorPoint` (and the transform's bounding box); setting it
    /// changes `position` and `bounds.size`, each with its own action. Not animatable itself.
    public var frame: Rect {
        get { read { $0.frame } }
        set {
            var state = read { $0 }
            state.setFrame(newValue)
            set(.bounds, .rect(state.bounds))
            set(.position, .point(state.position))
        }
    }
}
