import AnimCore

// MediaTiming is taken as sent: AttachedAnimation and the layer property checks validate it and name the field.
extension MediaTiming {
    public init(wire: WireTiming) {
        self.init(
            beginTime: wire.beginTime, duration: wire.duration, speed: wire.speed, timeOffset: wire.timeOffset,
            repeatCount: wire.repeatCount, repeatDuration: wire.repeatDuration, autoreverses: wire.autoreverses,
            fillMode: FillMode(wire: wire.fillMode))
    }

    public var wire: WireTiming {
        WireTiming(
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode.wire)
    }
}

extension TimingFunction {
    /// A named function, or custom control points validated as AnimCore validates a client's curve
    /// (`validate(field:)`: finite, x1 and x2 in [0, 1]), refused as `.invalidValue` at `custom.x1` and so on.
    public init(wire: WireTimingFunction) throws(ProtocolError) {
        switch wire {
        case .named(let name):
            self.init(name: Name(wire: name))
        case .custom(let p):
            let function = TimingFunction(controlPoints: p.x1, p.y1, p.x2, p.y2)
            do throws(AnimCoreError) {
                try function.validate(field: "custom")
            } catch {
                throw ProtocolError(error)
            }
            self = function
        }
    }

    /// The name when the function was made from one, else its control points.
    public var wire: WireTimingFunction {
        if let name { return .named(name.wire) }
        return .custom(WireControlPoints(x1: x1, y1: y1, x2: x2, y2: y2))
    }
}

extension TimingFunction.Name {
    public init(wire: WireTimingFunctionName) {
        switch wire {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInEaseOut: self = .easeInEaseOut
        case .default: self = .default
        }
    }

    public var wire: WireTimingFunctionName {
        switch self {
        case .linear: .linear
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .easeInEaseOut: .easeInEaseOut
        case .default: .default
        }
    }
}
