import AnimCore

/// CABasicAnimation: from, to and by values (any two, one, or none: with none it runs from the
/// presentation value before the transaction to the model value, as implicit animations do).
open class BasicAnimation: PropertyAnimation, @unchecked Sendable {
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
    public var byValue: AnimationValue?

    public init(
        keyPath: String? = nil, from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil
    ) {
        fromValue = from
        toValue = to
        byValue = by
        super.init(keyPath: keyPath)
    }

    func coreBasic(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimCore.BasicAnimation {
        AnimCore.BasicAnimation(
            keyPath: try parsedKeyPath(on: layerClass, field: field), fromValue: fromValue, toValue: toValue,
            byValue: byValue, isAdditive: isAdditive, isCumulative: isCumulative, valueFunction: valueFunction)
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
