/// CAKeyframeAnimation (docs/core-animation-rules.md#keyframe-animations): values or a path, keyTimes, per-segment
/// timing functions, the five calculation modes with Kochanek–Bartels parameters, and rotation along a path.
public struct KeyframeAnimation: Hashable, Sendable {
    public enum CalculationMode: String, Hashable, Codable, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    public enum RotationMode: String, Hashable, Codable, Sendable, CaseIterable {
        case auto, autoReverse
    }

    public var keyPath: AnimKeyPath
    public var values: [PropertyValue]?
    /// For point properties; overrides `values` (docs/core-animation-rules.md#keyframe-paths-and-rotationmode).
    public var path: BezierPath?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?
    public var rotationMode: RotationMode?
    public var isAdditive: Bool
    public var isCumulative: Bool
    public var valueFunction: ValueFunction?

    public init(
        keyPath: AnimKeyPath, values: [PropertyValue]? = nil, path: BezierPath? = nil, keyTimes: [Double]? = nil,
        timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
        tensionValues: [Double]? = nil, continuityValues: [Double]? = nil, biasValues: [Double]? = nil,
        rotationMode: RotationMode? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
        valueFunction: ValueFunction? = nil
    ) {
        self.keyPath = keyPath
        self.values = values
        self.path = path
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
        self.rotationMode = rotationMode
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
    }
}
