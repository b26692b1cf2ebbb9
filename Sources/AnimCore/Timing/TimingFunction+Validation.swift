extension TimingFunction {
    /// Checks the control points, naming the offending one as `"<field>.x1"` and so on: all four must be
    /// finite (`.nonFinite`), and x1 and x2 must lie in [0, 1] (`.outOfRange`) so that the curve is a function
    /// of x. y1 and y2 may be any finite value (overshoot).
    public func validate(field: String) throws(AnimCoreError) {
        try AnimCoreError.requireFinite(x1, "\(field).x1")
        try AnimCoreError.requireFinite(y1, "\(field).y1")
        try AnimCoreError.requireFinite(x2, "\(field).x2")
        try AnimCoreError.requireFinite(y2, "\(field).y2")
        try Self.requireUnitInterval(x1, "\(field).x1")
        try Self.requireUnitInterval(x2, "\(field).x2")
    }

    private static func requireUnitInterval(_ value: Double, _ field: String) throws(AnimCoreError) {
        guard (0...1).contains(value) else { throw .outOfRange(field: field, value: value, allowed: "0...1") }
    }

    /// The curve with control points (x1, y1) and (x2, y2), validated as `validate(field:)` describes, with
    /// errors naming `"timingFunction.x1"` and so on.
    public static func validated(
        controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
    ) throws(AnimCoreError) -> TimingFunction {
        let function = TimingFunction(controlPoints: x1, y1, x2, y2)
        try function.validate(field: "timingFunction")
        return function
    }
}
