import AnimCore

/// CAKeyframeAnimation: values (or, for a point, a path) at key times, with a calculation mode,
/// per-segment timing functions, Kochanek–Bartels parameters and rotation along a path.
open class KeyframeAnimation: PropertyAnimation, @unchecked Sendable {
    /// As Core Animation takes them: `[0, 1, 0.5]`, `[Point(x: 0, y: 0), Point(x: 10, y: 0)]`, or wrapped
    /// (`[.number(0), .number(1)]`); each value's kind is checked against the key path when the animation is added.
    public var values: [any AnimationValueConvertible]?
    /// Overrides `values` for point properties.
    public var path: BezierPath?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?
    public var rotationMode: RotationMode?

    public init(keyPath: String? = nil, values: [any AnimationValueConvertible]? = nil, keyTimes: [Double]? = nil) {
        self.values = values
        self.keyTimes = keyTimes
        super.init(keyPath: keyPath)
    }

    override func coreKind(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimationKind {
        .keyframe(
            AnimCore.KeyframeAnimation(
                keyPath: try parsedKeyPath(on: layerClass, field: field), values: values?.map(\.animationValue),
                path: path,
                keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: calculationMode,
                tensionValues: tensionValues, continuityValues: continuityValues, biasValues: biasValues,
                rotationMode: rotationMode, isAdditive: isAdditive, isCumulative: isCumulative,
                valueFunction: valueFunction))
    }

    func copyKeyframe(from k: AnimCore.KeyframeAnimation) {
        keyPath = k.keyPath.description
        values = k.values
        path = k.path
        keyTimes = k.keyTimes
        timingFunctions = k.timingFunctions
        calculationMode = k.calculationMode
        tensionValues = k.tensionValues
        continuityValues = k.continuityValues
        biasValues = k.biasValues
        rotationMode = k.rotationMode
        isAdditive = k.isAdditive
        isCumulative = k.isCumulative
        valueFunction = k.valueFunction
    }
}
