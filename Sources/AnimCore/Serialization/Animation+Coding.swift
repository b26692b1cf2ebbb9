extension CodingUserInfoKey {
    /// The `LayerClass` that decoded animations' key paths are resolved against (`Animation.init(from:)`).
    public static let animLayerClass = CodingUserInfoKey(rawValue: "animserver.layerClass")!
}

extension Animation: Codable {
    /// Reads an animation's JSON form (docs/json-format.md), resolving key paths against the layer class in
    /// `decoder.userInfo[.animLayerClass]`, or against every class when there is none.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, layerClass: decoder.userInfo[.animLayerClass] as? LayerClass)
    }

    /// Reads an animation's JSON form for a layer of `layerClass` (nil: any class).
    ///
    /// `type` selects the class (basic, keyframe, spring, group, transition) and with it the fields allowed:
    /// any other field is an error naming it. Values (fromValue, toValue, byValue, values) are read with the
    /// kind of the key path, or the value function's input kind. Absent fields take Core Animation's
    /// defaults; null means "not set" except for values, where it is the kind's "none" value (a colour of
    /// none), and an error for kinds without one. Timing, spring, key path, value and structure errors are
    /// reported as `DecodingError`s at the JSON path of the field.
    public init(from decoder: any Decoder, layerClass: LayerClass?) throws {
        let reader = try JSONObjectReader(decoder, what: "an animation")
        let typeNames = AnimationType.allCases.map(\.rawValue).joined(separator: ", ")
        let type = try JSONValueReading.enumCase(
            AnimationType.self, try reader.required("type", expected: "the animation type, one of \(typeNames)"),
            what: "animation type")
        try reader.rejectUnknownFields(allowed: type.fields, in: "a \(type.rawValue) animation")
        var timing = try Self.decodeTiming(reader)
        let timingFunction = try reader.decode(TimingFunction.self, "timingFunction")
        let removedOnCompletion = try reader.bool("removedOnCompletion") ?? true
        let kind: AnimationKind
        switch type {
        case .basic:
            kind = .basic(try BasicAnimation(reader, layerClass: layerClass))
        case .spring:
            kind = .spring(
                SpringAnimation(
                    basic: try BasicAnimation(reader, layerClass: layerClass), spring: try Self.decodeSpring(reader)))
        case .keyframe:
            kind = .keyframe(try KeyframeAnimation(reader, layerClass: layerClass))
        case .group:
            let elements = try JSONValueReading.elements(
                try reader.required("animations", expected: "an array of animations"),
                expected: "an array of animations")
            kind = .group(
                AnimationGroup(animations: try elements.map { try Animation(from: $0, layerClass: layerClass) }))
        case .transition:
            kind = .transition(try TransitionAnimation(reader))
        }
        if try Self.asksForSettlingDuration(reader) {
            timing.duration = try Self.settlingDuration(of: kind, reader)
        }
        self.init(kind, timing: timing, timingFunction: timingFunction, removedOnCompletion: removedOnCompletion)
    }

    /// Writes the JSON form `init(from:)` reads: `type`, the key path, and the fields that differ from their
    /// defaults (a spring writes its mass, stiffness, damping, initial velocity and overdamping always).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(AnimationType(kind).rawValue, forKey: JSONKey("type"))
        try Self.encodeTiming(timing, into: &container)
        if let timingFunction { try container.encode(timingFunction, forKey: JSONKey("timingFunction")) }
        if !removedOnCompletion { try container.encode(false, forKey: JSONKey("removedOnCompletion")) }
        switch kind {
        case .basic(let basic):
            try basic.encode(into: &container)
        case .spring(let spring):
            try spring.basic.encode(into: &container)
            // SpringParameters' own Codable form, written into the same object (a second keyed container of one
            // encoder shares its fields), as decodeSpring reads it.
            try spring.spring.encode(to: encoder)
        case .keyframe(let keyframe):
            try keyframe.encode(into: &container)
        case .group(let group):
            try container.encode(group.animations, forKey: JSONKey("animations"))
        case .transition(let transition):
            try transition.encode(into: &container)
        }
    }

    // MARK: Timing

    private static func decodeTiming(_ reader: JSONObjectReader) throws -> MediaTiming {
        let defaults = MediaTiming()
        // "settling" is worked out once the spring's parameters are read (init(from:layerClass:)).
        let duration = try asksForSettlingDuration(reader) ? nil : reader.number("duration")
        var timing = MediaTiming(
            beginTime: try reader.number("beginTime") ?? defaults.beginTime,
            duration: duration ?? defaults.duration,
            speed: try reader.number("speed") ?? defaults.speed,
            timeOffset: try reader.number("timeOffset") ?? defaults.timeOffset,
            autoreverses: try reader.bool("autoreverses") ?? defaults.autoreverses,
            fillMode: try reader.enumCase(FillMode.self, "fillMode", what: "fill mode") ?? defaults.fillMode)
        timing.repeatCount = try repeatValue(reader, "repeatCount") ?? defaults.repeatCount
        timing.repeatDuration = try repeatValue(reader, "repeatDuration") ?? defaults.repeatDuration
        let validated = timing
        try reader.validating { () throws(AnimCoreError) in try validated.validate(field: "") }
        return timing
    }

    /// Whether `duration` is the string "settling": a spring's `settlingDuration`, the CA idiom
    /// `animation.duration = animation.settlingDuration`. Any other string is left to the number reading's error.
    private static func asksForSettlingDuration(_ reader: JSONObjectReader) throws -> Bool {
        guard let decoder = try reader.value("duration"),
            let text = try? decoder.singleValueContainer().decode(String.self)
        else { return false }
        return text == "settling"
    }

    /// The settling duration `"duration": "settling"` stands for; an error for an animation that is not a
    /// spring, and for a spring that never settles (no damping).
    private static func settlingDuration(of kind: AnimationKind, _ reader: JSONObjectReader) throws -> Double {
        guard case .spring(let spring) = kind else {
            throw reader.failure(
                "duration", "\"settling\" is a spring's settlingDuration; this animation is not a spring")
        }
        let settling = spring.spring.settlingDuration
        guard settling.isFinite, settling > 0 else {
            throw reader.failure(
                "duration",
                "\"settling\": this spring never settles (settlingDuration \(NumberText.shortest(settling)))")
        }
        return settling
    }

    /// A number, or the string "infinity" (JSON has no infinite numbers) for repeating forever.
    private static func repeatValue(_ reader: JSONObjectReader, _ name: String) throws -> Double? {
        guard let decoder = try reader.value(name) else { return nil }
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard text == "infinity" else {
                throw JSONValueReading.failure(decoder, "expected a number or \"infinity\", got a string \"\(text)\"")
            }
            return .infinity
        }
        return try JSONValueReading.number(decoder, expected: "a number or \"infinity\"")
    }

    // MediaTiming's own Codable form writes every field and cannot write an infinite repeat, so the animation
    // writes its timing fields itself, as the flat form init(from:) reads.
    private static func encodeTiming(
        _ timing: MediaTiming, into container: inout KeyedEncodingContainer<JSONKey>
    ) throws {
        let defaults = MediaTiming()
        for (name, value, defaultValue) in [
            ("beginTime", timing.beginTime, defaults.beginTime), ("duration", timing.duration, defaults.duration),
            ("speed", timing.speed, defaults.speed), ("timeOffset", timing.timeOffset, defaults.timeOffset),
        ] where value != defaultValue {
            try container.encode(value, forKey: JSONKey(name))
        }
        for (name, value) in [("repeatCount", timing.repeatCount), ("repeatDuration", timing.repeatDuration)]
        where value != 0 {
            if value == .infinity {
                try container.encode("infinity", forKey: JSONKey(name))
            } else {
                try container.encode(value, forKey: JSONKey(name))
            }
        }
        if timing.autoreverses { try container.encode(true, forKey: JSONKey("autoreverses")) }
        if timing.fillMode != defaults.fillMode {
            try container.encode(timing.fillMode.rawValue, forKey: JSONKey("fillMode"))
        }
    }

    // MARK: Spring

    /// The spring's physics: mass, stiffness, damping, initialVelocity, allowsOverdamping (SpringParameters'
    /// own Codable form, read from the animation object), or perceptualDuration with bounce (and
    /// initialVelocity), but not both.
    private static func decodeSpring(_ reader: JSONObjectReader) throws -> SpringParameters {
        guard reader.contains("perceptualDuration") || reader.contains("bounce") else {
            let spring = try SpringParameters(from: reader.decoder)
            try reader.validating { () throws(AnimCoreError) in try spring.validate(field: "") }
            return spring
        }
        for name in ["mass", "stiffness", "damping", "allowsOverdamping"] where reader.contains(name) {
            throw reader.failure(
                name, "a spring takes either perceptualDuration and bounce, or mass, stiffness and damping, not both")
        }
        let duration = try JSONValueReading.number(
            try reader.required("perceptualDuration", expected: "a number > 0 (seconds)"))
        let bounce = try reader.number("bounce") ?? 0
        var spring = try reader.validating { () throws(AnimCoreError) in
            try SpringParameters.validated(perceptualDuration: duration, bounce: bounce, field: "")
        }
        spring.initialVelocity = try reader.number("initialVelocity") ?? 0
        return spring
    }
}

/// The fields CAPropertyAnimation adds: the key path, additive, cumulative and the value function, and the
/// kind the animation's values are read with.
private struct PropertyAnimationFields {
    let keyPath: AnimKeyPath
    let isAdditive: Bool
    let isCumulative: Bool
    let valueFunction: ValueFunction?

    init(_ reader: JSONObjectReader, layerClass: LayerClass?) throws {
        let keyPathDecoder = try reader.required("keyPath", expected: "a key path such as \"opacity\"")
        let text = try JSONValueReading.string(keyPathDecoder, expected: "a key path such as \"opacity\"")
        do throws(AnimCoreError) {
            keyPath = try Self.resolve(text, on: layerClass)
        } catch {
            throw JSONValueReading.failure(keyPathDecoder, error.description)
        }
        guard keyPath.isAnimatable else {
            let on = layerClass.map { " on \($0)" } ?? ""
            throw JSONValueReading.failure(keyPathDecoder, "'\(text)' is not animatable\(on)")
        }
        isAdditive = try reader.bool("additive") ?? false
        isCumulative = try reader.bool("cumulative") ?? false
        valueFunction = try reader.enumCase(ValueFunction.self, "valueFunction", what: "value function")
        if valueFunction != nil, keyPath.valueKind != .transform {
            throw reader.failure(
                "valueFunction",
                "a value function needs a transform key path; '\(keyPath)' holds a \(keyPath.valueKind.rawValue)")
        }
    }

    /// The key path on `layerClass`, or on the first class that has it when no class is given.
    private static func resolve(_ text: String, on layerClass: LayerClass?) throws(AnimCoreError) -> AnimKeyPath {
        if let layerClass { return try AnimKeyPath(text, on: layerClass) }
        for candidate in LayerClass.allCases {
            if let keyPath = try? AnimKeyPath(text, on: candidate) { return keyPath }
        }
        throw .unknownKeyPath(path: text, layerClass: "any layer class")
    }

    /// The kind of the animation's values: the key path's, or the value function's input.
    var valueKind: ValueKind {
        guard let valueFunction else { return keyPath.valueKind }
        return valueFunction.takesTriple ? .numbers : .number
    }

    /// One value, read with `valueKind` and checked against the value function's input shape.
    func value(from decoder: any Decoder) throws -> PropertyValue {
        let value = try PropertyValue.decode(from: decoder, as: valueKind)
        if let valueFunction {
            try JSONValueReading.validating(at: decoder.codingPath) { () throws(AnimCoreError) in
                try valueFunction.checkInput(value, field: "")
            }
        }
        return value
    }

    /// The field `name` as a value; a field that is absent is nil (null is a value where the kind has one).
    func value(_ reader: JSONObjectReader, _ name: String) throws -> PropertyValue? {
        try reader.present(name).map { try value(from: $0) }
    }

    func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws {
        try container.encode(keyPath.description, forKey: JSONKey("keyPath"))
        if isAdditive { try container.encode(true, forKey: JSONKey("additive")) }
        if isCumulative { try container.encode(true, forKey: JSONKey("cumulative")) }
        if let valueFunction { try container.encode(valueFunction.rawValue, forKey: JSONKey("valueFunction")) }
    }
}

extension BasicAnimation {
    fileprivate init(_ reader: JSONObjectReader, layerClass: LayerClass?) throws {
        let fields = try PropertyAnimationFields(reader, layerClass: layerClass)
        self.init(
            keyPath: fields.keyPath, fromValue: try fields.value(reader, "fromValue"),
            toValue: try fields.value(reader, "toValue"), byValue: try fields.value(reader, "byValue"),
            isAdditive: fields.isAdditive, isCumulative: fields.isCumulative, valueFunction: fields.valueFunction)
    }

    fileprivate func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws {
        try PropertyAnimationFields(
            keyPath: keyPath, isAdditive: isAdditive, isCumulative: isCumulative, valueFunction: valueFunction
        ).encode(into: &container)
        if let fromValue { try container.encode(fromValue, forKey: JSONKey("fromValue")) }
        if let toValue { try container.encode(toValue, forKey: JSONKey("toValue")) }
        if let byValue { try container.encode(byValue, forKey: JSONKey("byValue")) }
    }
}

extension PropertyAnimationFields {
    fileprivate init(keyPath: AnimKeyPath, isAdditive: Bool, isCumulative: Bool, valueFunction: ValueFunction?) {
        self.keyPath = keyPath
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
    }
}

extension KeyframeAnimation {
    fileprivate init(_ reader: JSONObjectReader, layerClass: LayerClass?) throws {
        let fields = try PropertyAnimationFields(reader, layerClass: layerClass)
        let values = try reader.value("values").map { decoder in
            try JSONValueReading.elements(decoder, expected: "an array of keyframe values").map {
                try fields.value(from: $0)
            }
        }
        var path: BezierPath?
        if let pathDecoder = try reader.value("path") {
            guard fields.keyPath.valueKind == .point else {
                throw JSONValueReading.failure(
                    pathDecoder,
                    "a path drives point properties; '\(fields.keyPath)' holds a \(fields.keyPath.valueKind.rawValue)")
            }
            guard case .path(let bezier?) = try PropertyValue.decode(from: pathDecoder, as: .path),
                PathKeyframes(bezier).segmentCount > 0
            else {
                throw JSONValueReading.failure(pathDecoder, "the path has no segment to follow")
            }
            path = bezier
        }
        if values == nil && path == nil {
            throw reader.failure(nil, "a keyframe animation needs 'values' or 'path'")
        }
        let rotationMode = try reader.enumCase(RotationMode.self, "rotationMode", what: "rotation mode")
        if rotationMode != nil && path == nil {
            throw reader.failure("rotationMode", "rotationMode needs a path")
        }
        self.init(
            keyPath: fields.keyPath, values: values, path: path, keyTimes: try reader.numbers("keyTimes"),
            timingFunctions: try reader.decode([TimingFunction].self, "timingFunctions"),
            calculationMode: try reader.enumCase(CalculationMode.self, "calculationMode", what: "calculation mode")
                ?? .linear,
            tensionValues: try reader.numbers("tensionValues"),
            continuityValues: try reader.numbers("continuityValues"),
            biasValues: try reader.numbers("biasValues"), rotationMode: rotationMode, isAdditive: fields.isAdditive,
            isCumulative: fields.isCumulative, valueFunction: fields.valueFunction)
    }

    fileprivate func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws {
        try PropertyAnimationFields(
            keyPath: keyPath, isAdditive: isAdditive, isCumulative: isCumulative, valueFunction: valueFunction
        ).encode(into: &container)
        if let values { try container.encode(values, forKey: JSONKey("values")) }
        if let path { try container.encode(path.pathData, forKey: JSONKey("path")) }
        if let keyTimes { try container.encode(keyTimes, forKey: JSONKey("keyTimes")) }
        if let timingFunctions { try container.encode(timingFunctions, forKey: JSONKey("timingFunctions")) }
        if calculationMode != .linear {
            try container.encode(calculationMode.rawValue, forKey: JSONKey("calculationMode"))
        }
        for (name, list) in [
            ("tensionValues", tensionValues), ("continuityValues", continuityValues), ("biasValues", biasValues),
        ] {
            if let list { try container.encode(list, forKey: JSONKey(name)) }
        }
        if let rotationMode { try container.encode(rotationMode.rawValue, forKey: JSONKey("rotationMode")) }
    }
}

extension TransitionAnimation {
    fileprivate init(_ reader: JSONObjectReader) throws {
        let start = try reader.number("startProgress") ?? 0
        let end = try reader.number("endProgress") ?? 1
        for (name, value) in [("startProgress", start), ("endProgress", end)] where !(0...1).contains(value) {
            throw reader.failure(name, "\(NumberText.shortest(value)) is out of range (allowed: 0…1)")
        }
        guard end >= start else {
            throw reader.failure(
                "endProgress",
                "endProgress \(NumberText.shortest(end)) is below startProgress \(NumberText.shortest(start))")
        }
        self.init(
            type: try reader.enumCase(TransitionType.self, "transitionType", what: "transition type") ?? .fade,
            subtype: try reader.enumCase(Subtype.self, "subtype", what: "transition subtype"), startProgress: start,
            endProgress: end)
    }

    fileprivate func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws {
        if type != .fade { try container.encode(type.rawValue, forKey: JSONKey("transitionType")) }
        if let subtype { try container.encode(subtype.rawValue, forKey: JSONKey("subtype")) }
        if startProgress != 0 { try container.encode(startProgress, forKey: JSONKey("startProgress")) }
        if endProgress != 1 { try container.encode(endProgress, forKey: JSONKey("endProgress")) }
    }
}
