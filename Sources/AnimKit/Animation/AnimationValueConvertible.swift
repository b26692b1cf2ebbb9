import AnimCore

/// A value an animation can hold as it is, as Core Animation's `fromValue`, `toValue`, `byValue` and keyframe
/// `values` take a number, a point or a colour without wrapping: `anim.toValue = 0.5`,
/// `anim.toValue = Point(x: 1, y: 2)`, `keyframe.values = [0, 1, 0.5]`. Numbers (`Double`, `Int`, `Float`), `Bool`,
/// `Point`, `Size`, `Rect`, `Color`, `Transform3D`, `AffineTransform` (as its `Transform3D`), `BezierPath`, an
/// `ImageID` (an uploaded image, for `contents`), `String` and arrays of numbers, colours, strings or filters
/// are values; so is `AnimationValue` itself, so `.number(1)` and `.point(p)` still work.
///
/// The value's kind is checked against the key path when the animation is added (`Layer.add(_:forKey:)`
/// throws `AnimKitError.invalid` with a `typeMismatch` naming the field), exactly as for a wrapped value.
public protocol AnimationValueConvertible: Sendable {
    /// The value as a key path holds it.
    var animationValue: AnimationValue { get }
}

extension AnimationValue: AnimationValueConvertible {
    public var animationValue: AnimationValue { self }
}

// `anim.toValue = .number(1)` names an `AnimationValue` case where the property's type is the protocol: these
// let the wrapped spellings resolve there. They are disfavoured so that where the type is `AnimationValue`
// itself its cases are chosen, not these.
extension AnimationValueConvertible where Self == AnimationValue {
    @_disfavoredOverload public static func number(_ value: Double) -> AnimationValue { .number(value) }
    @_disfavoredOverload public static func point(_ value: Point) -> AnimationValue { .point(value) }
    @_disfavoredOverload public static func size(_ value: Size) -> AnimationValue { .size(value) }
    @_disfavoredOverload public static func rect(_ value: Rect) -> AnimationValue { .rect(value) }
    @_disfavoredOverload public static func transform(_ value: Transform3D) -> AnimationValue { .transform(value) }
    @_disfavoredOverload public static func color(_ value: Color?) -> AnimationValue { .color(value) }
    @_disfavoredOverload public static func bool(_ value: Bool) -> AnimationValue { .bool(value) }
    @_disfavoredOverload public static func path(_ value: BezierPath?) -> AnimationValue { .path(value) }
    @_disfavoredOverload public static func numbers(_ value: [Double]?) -> AnimationValue { .numbers(value) }
    @_disfavoredOverload public static func colors(_ value: [Color]?) -> AnimationValue { .colors(value) }
    @_disfavoredOverload public static func string(_ value: String?) -> AnimationValue { .string(value) }
    @_disfavoredOverload public static func strings(_ value: [String]?) -> AnimationValue { .strings(value) }
    @_disfavoredOverload public static func image(_ value: ImageID?) -> AnimationValue { .image(value) }
    @_disfavoredOverload public static func layer(_ value: LayerID?) -> AnimationValue { .layer(value) }
    @_disfavoredOverload public static func attributedString(_ value: AttributedText?) -> AnimationValue {
        .attributedString(value)
    }
    @_disfavoredOverload public static func filters(_ value: [LayerFilter]?) -> AnimationValue { .filters(value) }
}

extension Double: AnimationValueConvertible {
    public var animationValue: AnimationValue { .number(self) }
}

extension Float: AnimationValueConvertible {
    public var animationValue: AnimationValue { .number(Double(self)) }
}

extension Int: AnimationValueConvertible {
    public var animationValue: AnimationValue { .number(Double(self)) }
}

extension Bool: AnimationValueConvertible {
    public var animationValue: AnimationValue { .bool(self) }
}

extension String: AnimationValueConvertible {
    public var animationValue: AnimationValue { .string(self) }
}

extension Point: AnimationValueConvertible {
    public var animationValue: AnimationValue { .point(self) }
}

extension Size: AnimationValueConvertible {
    public var animationValue: AnimationValue { .size(self) }
}

extension Rect: AnimationValueConvertible {
    public var animationValue: AnimationValue { .rect(self) }
}

extension Color: AnimationValueConvertible {
    public var animationValue: AnimationValue { .color(self) }
}

extension Transform3D: AnimationValueConvertible {
    public var animationValue: AnimationValue { .transform(self) }
}

/// An affine transform animates `transform` as the 3D transform it is (`CATransform3DMakeAffineTransform`).
extension AffineTransform: AnimationValueConvertible {
    public var animationValue: AnimationValue { .transform(Transform3D(affine: self)) }
}

extension BezierPath: AnimationValueConvertible {
    public var animationValue: AnimationValue { .path(self) }
}

extension ImageID: AnimationValueConvertible {
    public var animationValue: AnimationValue { .image(self) }
}

/// An element of an array that is one value (`[0.0, 0.5, 1]` for `lineDashPattern`, `[Color]` for a
/// gradient's `colors`), as opposed to a keyframe animation's list of values.
public protocol AnimationValueArrayElement: Sendable {
    static func animationValue(of elements: [Self]) -> AnimationValue
}

extension Double: AnimationValueArrayElement {
    public static func animationValue(of elements: [Double]) -> AnimationValue { .numbers(elements) }
}

extension Color: AnimationValueArrayElement {
    public static func animationValue(of elements: [Color]) -> AnimationValue { .colors(elements) }
}

extension String: AnimationValueArrayElement {
    public static func animationValue(of elements: [String]) -> AnimationValue { .strings(elements) }
}

extension LayerFilter: AnimationValueArrayElement {
    public static func animationValue(of elements: [LayerFilter]) -> AnimationValue { .filters(elements) }
}

extension Array: AnimationValueConvertible where Element: AnimationValueArrayElement {
    public var animationValue: AnimationValue { Element.animationValue(of: self) }
}
