import AnimCore

/// CABasicAnimation: from, to and by values (any two, one, or none: with none it runs from the
/// presentation value before the transaction to the model value, as implicit animations do).
///
/// The values are written as Core Animation takes them: `anim.fromValue = 1`, `anim.toValue = Point(x: 1, y: 2)`,
/// `Color`, `Transform3D`, `Rect`… (any `AnimationValueConvertible`), or wrapped (`.number(1)`); both send the same
/// animation. A value of the wrong kind for the key path is refused when the animation is added. Read back, a value
/// is what was set; `animationValue` gives it as an `AnimationValue` (`anim.toValue?.animationValue == .number(1)`).
open class BasicAnimation: PropertyAnimation, @unchecked Sendable {
    public var fromValue: (any AnimationValueConvertible)?
    public var toValue: (any AnimationValueConvertible)?
    public var byValue: (any AnimationValueConvertible)?

    public init(
        keyPath: String? = nil, from: (any AnimationValueConvertible)? = nil,
        to: (any AnimationValueConvertible)? = nil,
        by: (any AnimationValueConvertible)? = nil
    ) {
        fromValue = from
        toValue = to
        byValue = by
        super.init(keyPath: keyPath)
    }

    func coreBasic(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimCore.BasicAnimation {
        AnimCore.BasicAnimation(
            keyPath: try parsedKeyPath(on: layerClass, field: field), fromValue: fromValue?.animationValue,
            toValue: toValue?.animationValue, byValue: byValue?.animationValue, isAdditive: isAdditive,
            isCumulative: isCumulative, valueFunction: valueFunction)
    }

    override func coreKind(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimationKind {
        .basic(try coreBasic(on: layerClass, field: field))
    }

    func copyBasic(from b: AnimCore.BasicAnimation) {
        keyPath = b.keyPath.description
        fromValue = b.fromValue
        toValue = b.toValue
        byValue = b.byValue
        isAdditive = b.isAdditive
        isCumulative = b.isCumulative
        valueFunction = b.valueFunction
    }
}
