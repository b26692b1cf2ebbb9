/// A timing function (CAMediaTimingFunction): the cubic Bézier `[(0,0), c1, c2, (1,1)]` read as y = F(x),
/// mapping a basic fraction to an eased fraction.
///
/// Evaluation solves x → Bézier parameter the WebKit UnitBezier way (docs/core-animation-rules.md). Everything the
/// solver needs is computed once at init, so `evaluate` neither allocates nor recomputes.
///
/// Equality and hashing compare the curve: a named function equals the custom function with the same
/// control points. For the JSON form see `init(from:)`.
public struct TimingFunction: Sendable {
    /// Core Animation's named functions (CAMediaTimingFunctionName); the raw value is the JSON spelling.
    public enum Name: String, Codable, Sendable, CaseIterable {
        case linear
        case easeIn
        case easeOut
        case easeInEaseOut
        case `default`
    }

    /// First control point, x.
    public let x1: Double
    /// First control point, y.
    public let y1: Double
    /// Second control point, x.
    public let x2: Double
    /// Second control point, y.
    public let y2: Double
    /// The name this function was made from, nil for one made from control points.
    public let name: Name?

    // Polynomial coefficients: X(s) = ((ax·s + bx)·s + cx)·s, the same for Y.
    private let ax, bx, cx: Double
    private let ay, by, cy: Double
    // Slopes of the straight lines that continue the curve beyond x < 0 and x > 1.
    private let startGradient, endGradient: Double
    // X at s = 0, 0.1, …, 1: brackets the solution and gives Newton's first guess.
    private let samplesX: InlineArray<11, Double>
    // Both control points on y = x make Y(s) ≡ X(s): the identity, with no solving needed.
    private let isIdentity: Bool

    /// The curve with control points (x1, y1) and (x2, y2). It is not validated: see `validate(field:)` or
    /// `validated(controlPoints:_:_:_:)`.
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.init(x1, y1, x2, y2, name: nil)
    }

    /// The named function, with Core Animation's control points.
    public init(name: Name) {
        switch name {
        case .linear: self.init(0, 0, 1, 1, name: name)
        case .easeIn: self.init(0.42, 0, 1, 1, name: name)
        case .easeOut: self.init(0, 0, 0.58, 1, name: name)
        case .easeInEaseOut: self.init(0.42, 0, 0.58, 1, name: name)
        case .default: self.init(0.25, 0.1, 0.25, 1, name: name)
        }
    }

    private init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, name: Name?) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.name = name
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        startGradient = Self.startGradient(x1, y1, x2, y2)
        endGradient = Self.endGradient(x1, y1, x2, y2)
        isIdentity = x1 == y1 && x2 == y2
        let (sampleA, sampleB, sampleC) = (ax, bx, cx)
        samplesX = InlineArray { index in
            let s = Double(index) / 10
            return ((sampleA * s + sampleB) * s + sampleC) * s
        }
    }

    public static let linear = TimingFunction(name: .linear)
    public static let easeIn = TimingFunction(name: .easeIn)
    public static let easeOut = TimingFunction(name: .easeOut)
    public static let easeInEaseOut = TimingFunction(name: .easeInEaseOut)
    public static let `default` = TimingFunction(name: .default)

    /// Control point `index` of the curve: 0 is (0, 0), 1 and 2 are c1 and c2, 3 is (1, 1)
    /// (`getControlPoint(at:)`). An index outside 0…3 is a programming error and traps.
    public func controlPoint(at index: Int) -> Point {
        switch index {
        case 0: .zero
        case 1: Point(x: x1, y: y1)
        case 2: Point(x: x2, y: y2)
        case 3: Point(x: 1, y: 1)
        default: preconditionFailure("TimingFunction control point index \(index) is outside 0...3")
        }
    }

    /// Whether this function leaves every fraction unchanged (both control points on y = x, as `linear`).
    public var isLinear: Bool { isIdentity }

    /// F(x). Inside [0, 1] it solves X(s) = x for the Bézier parameter s and returns Y(s); (0, 0) and (1, 1)
    /// map exactly. Outside [0, 1] it continues the curve as a straight line with the end point's gradient.
    ///
    /// The solve (WebKit UnitBezier): bracket s between two of 11 samples of X and interpolate a first guess;
    /// up to 4 Newton steps, stopping once |X(s) − x| < min(1e-7, epsilon) or where |X′(s)| < 1e-7; failing
    /// that, bisection of the bracket until |X(s) − x| < max(1e-10, epsilon).
    // Always inlined: called on a function held elsewhere (a pointer, a class), a call copied the
    // ~200-byte struct to the stack first; inlined, the solver reads the fields in place.
    @inline(__always)
    public func evaluate(_ x: Double, epsilon: Double = 1e-7) -> Double {
        if isIdentity { return x }
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return sampleY(solveParameter(x, epsilon: epsilon))
    }

    @inline(__always)
    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    @inline(__always)
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }

    @inline(__always)
    private func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The Bézier parameter s with X(s) ≈ x, for x in [0, 1].
    @inline(__always)
    private func solveParameter(_ x: Double, epsilon: Double) -> Double {
        // X is monotone on [0, 1] for valid control points, so [0, 1] brackets x whichever way the samples
        // round; the samples narrow it to a tenth.
        var lower = 0.0
        var upper = 1.0
        var s = x
        for index in 1..<11 where x <= samplesX[index] {
            upper = Double(index) / 10
            lower = Double(index - 1) / 10
            let span = samplesX[index] - samplesX[index - 1]
            s = span > 0 ? lower + (upper - lower) * (x - samplesX[index - 1]) / span : lower
            break
        }

        let newtonTolerance = min(1e-7, epsilon)
        var error = 0.0
        for _ in 0..<4 {
            error = sampleX(s) - x
            if abs(error) < newtonTolerance { return s }
            let slope = sampleDerivativeX(s)
            if abs(slope) < 1e-7 { break }
            s -= error / slope
        }
        if abs(error) < epsilon { return s }

        // Bisection of the bracket always converges; the bound only guards against NaN and invalid curves.
        let bisectionTolerance = max(1e-10, epsilon)
        s = min(max(s, lower), upper)
        for _ in 0..<64 where lower < upper {
            let value = sampleX(s)
            if abs(value - x) < bisectionTolerance { return s }
            if x > value {
                lower = s
            } else {
                upper = s
            }
            s = (lower + upper) / 2
        }
        return s
    }

    /// The slope at (0, 0): towards c1, or towards c2 where c1 sits at the origin; 0 where the tangent is
    /// vertical, 1 where both control points sit at the origin (the curve is then linear).
    private static func startGradient(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if x1 > 0 { return y1 / x1 }
        if y1 == 0 && x2 > 0 { return y2 / x2 }
        if y1 == 0 && y2 == 0 { return 1 }
        return 0
    }

    /// The slope at (1, 1), by the same rules mirrored.
    private static func endGradient(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if x2 < 1 { return (y2 - 1) / (x2 - 1) }
        if y2 == 1 && x1 < 1 { return (y1 - 1) / (x1 - 1) }
        if y2 == 1 && y1 == 1 { return 1 }
        return 0
    }
}

extension TimingFunction: Hashable {
    public static func == (a: TimingFunction, b: TimingFunction) -> Bool {
        a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }
}

extension TimingFunction: CustomStringConvertible {
    /// The name for a named function, `cubicBezier(x1, y1, x2, y2)` for a custom one.
    public var description: String {
        if let name { return name.rawValue }
        return "cubicBezier(\(x1), \(y1), \(x2), \(y2))"
    }
}
