import AnimCore

// Core Animation's string constants as Swift enums: the typed accessors take and return these, the model and the
// wire hold the raw strings (what `setValue(_:forKeyPath:)` and `value(forKeyPath:)` use). Each enum's raw values
// are exactly the property's allowed names (protocol/key-paths.md).

/// `CALayerContentsGravity`: where `contents` is placed in the bounds.
public enum ContentsGravity: String, CaseIterable, Hashable, Sendable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// `CALayerContentsFormat`: the pixel format Core Animation would draw the contents in (Core Animation spells the
/// first two `.RGBA8Uint` and `.RGBA16Float`).
public enum ContentsFormat: String, CaseIterable, Hashable, Sendable {
    case rgba8Uint = "RGBA8Uint"
    case rgba16Float = "RGBA16Float"
    case gray8Uint = "Gray8Uint"
}

/// `CALayerContentsFilter`: `minificationFilter` and `magnificationFilter`.
public enum ContentsFilter: String, CaseIterable, Hashable, Sendable {
    case nearest, linear, trilinear
}

/// `CALayerCornerCurve`: the curve of rounded corners.
public enum CornerCurve: String, CaseIterable, Hashable, Sendable {
    case circular, continuous
}

/// `CALayer.DynamicRange`: `preferredDynamicRange`.
public enum DynamicRange: String, CaseIterable, Hashable, Sendable {
    case automatic, standard, constrainedHigh, high
}

/// `CAShapeLayerFillRule`: "non-zero" (`.nonZero`) or "even-odd" (`.evenOdd`).
public typealias FillRule = AnimCore.FillRule

/// `CAShapeLayerLineCap`.
public enum LineCap: String, CaseIterable, Hashable, Sendable {
    case butt, round, square
}

/// `CAShapeLayerLineJoin`.
public enum LineJoin: String, CaseIterable, Hashable, Sendable {
    case miter, round, bevel
}

/// `CATextLayerTruncationMode`.
public enum TruncationMode: String, CaseIterable, Hashable, Sendable {
    case none, start, middle, end
}

/// `CATextLayerAlignmentMode`.
public enum AlignmentMode: String, CaseIterable, Hashable, Sendable {
    case natural, left, right, center, justified
}

/// `CAGradientLayerType`.
public enum GradientType: String, CaseIterable, Hashable, Sendable {
    case axial, radial, conic
}

/// `CAEmitterLayerEmitterShape`.
public enum EmitterShape: String, CaseIterable, Hashable, Sendable {
    case point, line, rectangle, circle, cuboid, sphere
}

/// `CAEmitterLayerEmitterMode`.
public enum EmitterMode: String, CaseIterable, Hashable, Sendable {
    case volume, points, outline, surface
}

/// `CAEmitterLayerRenderMode`.
public enum EmitterRenderMode: String, CaseIterable, Hashable, Sendable {
    case unordered, oldestFirst, oldestLast, backToFront, additive
}

/// `CAScrollLayerScrollMode`.
public enum ScrollMode: String, CaseIterable, Hashable, Sendable {
    case none, vertically, horizontally, both
}
