import AnimCore
import AnimProtocol
import Testing

/// AnimCore values and animations through their wire form and back, and the errors the conversions report.
@Suite struct ConversionTests {
    static let everyPath = BezierPath(elements: [
        .move(Point(x: 1, y: 2)), .line(Point(x: 3, y: 4)), .quad(control: Point(x: 5, y: 6), to: Point(x: 7, y: 8)),
        .cubic(control1: Point(x: 9, y: 10), control2: Point(x: 11, y: 12), to: Point(x: 13, y: 14)), .close,
    ])

    static let everyValue: [PropertyValue] = [
        .number(0.5), .number(-3), .point(Point(x: 1.5, y: -2)), .size(Size(width: 10, height: 20)),
        .rect(Rect(x: 1, y: 2, width: 3, height: 4)),
        .transform(
            Transform3D(elements: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])),
        .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)), .color(nil), .bool(true), .bool(false),
        .path(everyPath), .path(BezierPath()), .path(nil), .numbers([1, 2, 3]), .numbers([]), .numbers(nil),
        .colors([.white, Color(red: 1, green: 0, blue: 0, alpha: 0.5)]), .colors(nil), .string("wheel — ÄÖ"),
        .string(""), .string(nil), .strings(["a", "b"]), .strings(nil), .image(ImageID(7)), .image(nil),
        .attributedString(
            AttributedText("Hi 世界", runs: [.init(location: 3, length: 2, font: "Noto Sans CJK SC", underline: .single)])
        ),
        .layer(LayerID(42)), .layer(nil),
        .filters([
            .gaussianBlur(name: "blur", inputRadius: 2.5), .colorMatrix(name: "m", FilterParameter.identityMatrix),
        ]),
        .filters([]), .filters(nil),
    ]

    static func timing(_ duration: Double = 1) -> MediaTiming {
        MediaTiming(
            beginTime: 0.5, duration: duration, speed: 2, timeOffset: 0.1, repeatCount: 3, repeatDuration: 0,
            autoreverses: true, fillMode: .both)
    }

    static func basic(_ path: String, on layerClass: LayerClass = .layer) throws -> Animation {
        Animation(
            .basic(BasicAnimation(keyPath: try AnimKeyPath(path, on: layerClass), fromValue: .number(0))),
            timing: MediaTiming(duration: 1))
    }

    @Test(arguments: everyValue) func valueRoundTrips(_ value: PropertyValue) throws {
        #expect(try PropertyValue(wire: value.wire) == value)
    }

    /// A connection before version 4 has no `filters` case: it reads a filter list as the strings of its names.
    @Test func olderVersionsReadFiltersAsTheirNames() {
        let filters = PropertyValue.filters([.gaussianBlur(name: "blur", inputRadius: 2)])
        #expect(filters.wire(forVersion: 3) == .strings(["blur"]))
        #expect(PropertyValue.filters(nil).wire(forVersion: 1) == .strings(nil))
        #expect(filters.wire(forVersion: 4) == filters.wire)
        #expect(PropertyValue.number(1).wire(forVersion: 1) == .number(1))
    }

    @Test func everyValueKindIsCovered() {
        #expect(Set(Self.everyValue.map(\.kind)) == Set(ValueKind.allCases))
    }

    @Test func valuesKeepTheirComponentsOnTheWire() throws {
        #expect(
            PropertyValue.rect(Rect(x: 1, y: 2, width: 3, height: 4)).wire
                == .rect(WireRect(x: 1, y: 2, width: 3, height: 4)))
        #expect(PropertyValue.image(ImageID(9)).wire == .image(9))
        #expect(PropertyValue.layer(nil).wire == .layer(nil))
        // The wire colour is straight alpha, as Color is: half-transparent red stays red 1, not 0.5.
        let color = Color(wire: WireColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(color.red == 1 && color.alpha == 0.5)
        let transform = Transform3D(wire: Transform3D.translation(5, 6, 7).wire)
        #expect(transform.m41 == 5 && transform.m42 == 6 && transform.m43 == 7)
    }

    @Test func nonFiniteNumbersPassTheConversion() throws {
        // The server refuses them with PropertyValue.isFinite, naming its own field; the conversion must not trap.
        let value = try PropertyValue(wire: .point(WirePoint(x: .nan, y: .infinity)))
        #expect(value.isFinite == false)
        guard case .point(let p) = value else {
            Issue.record("expected a point, got \(value)")
            return
        }
        #expect(p.x.isNaN && p.y == .infinity)
    }

    @Test func nonFinitePathElementIsAcceptedAsAnimCoreAcceptsIt() throws {
        let wirePath = WirePath(elements: [.move(WirePoint(x: 0, y: 0)), .line(WirePoint(x: -.infinity, y: 1))])
        let value = try PropertyValue(wire: .path(wirePath))
        guard case .path(let path?) = value else {
            Issue.record("expected a path, got \(value)")
            return
        }
        // AnimCore builds such a path, and refuses it where a client's path is checked.
        #expect(value.isFinite == false)
        #expect(throws: AnimCoreError.nonFinite(field: "path[1].x", value: -.infinity)) {
            try path.validate(field: "path")
        }
    }

    @Test func nonFiniteKeyframePathIsRefusedWhenAttached() throws {
        let wire = WireAnimation(
            timing: MediaTiming(duration: 1).wire, timingFunction: nil, removedOnCompletion: true,
            kind: .keyframe(
                WireKeyframe(
                    keyPath: "position", values: nil,
                    path: WirePath(elements: [.move(WirePoint(x: 0, y: 0)), .line(WirePoint(x: 1, y: .infinity))]),
                    keyTimes: nil, timingFunctions: nil, calculationMode: .paced, tensionValues: nil,
                    continuityValues: nil, biasValues: nil, rotationMode: nil, additive: false, cumulative: false,
                    valueFunction: nil)))
        let animation = try Animation(wire: wire, on: .layer)
        do {
            _ = try AttachedAnimation(
                key: "move", animation: animation, layerClass: .layer, context: .init(attachTime: 0))
            Issue.record("a path with an infinite point was attached")
        } catch {
            let reported = ProtocolError(error, field: "animation", animation: true)
            #expect(reported.code == .invalidValue)
            #expect(reported.field == "animation.kind.keyframe.path[1].y")
            #expect(reported.value == "inf")
        }
    }

    @Test func pathMustStartWithAMove() {
        let wirePath = WirePath(elements: [.line(WirePoint(x: 1, y: 1))])
        #expect(
            throws: ProtocolError(
                .invalidValue, field: "path.elements[0]", value: "line",
                detail: "a non-empty path must start with a move-to, not line")
        ) {
            try PropertyValue(wire: .path(wirePath))
        }
        // The same rule AnimCore applies to a client's path.
        #expect(throws: AnimCoreError.self) {
            try BezierPath(elements: [.line(Point(x: 1, y: 1))]).validate(field: "path")
        }
    }

    @Test func basicAnimationRoundTrips() throws {
        let animation = Animation(
            .basic(
                BasicAnimation(
                    keyPath: try AnimKeyPath("transform.rotation.z", on: .layer), fromValue: .number(0),
                    toValue: .number(3.14), byValue: .number(1), isAdditive: true, isCumulative: true,
                    valueFunction: .rotateZ)),
            timing: Self.timing(), timingFunction: TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4),
            removedOnCompletion: false)
        let wire = animation.wire
        #expect(wire.timing.fillMode == .both && wire.timing.autoreverses && wire.timing.speed == 2)
        #expect(wire.timingFunction == .custom(WireControlPoints(x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4)))
        guard case .basic(let basic) = wire.kind else {
            Issue.record("expected a basic animation, got \(wire.kind)")
            return
        }
        #expect(basic.keyPath == "transform.rotation.z")
        #expect(basic.valueFunction == .rotateZ)
        let back = try Animation(wire: wire, on: .layer)
        #expect(back == animation)
        #expect(back.wire == wire)
    }

    @Test func namedTimingFunctionStaysNamed() throws {
        for name in TimingFunction.Name.allCases {
            let function = TimingFunction(name: name)
            #expect(function.wire == .named(name.wire))
            #expect(try TimingFunction(wire: function.wire).name == name)
        }
    }

    @Test func keyframeAnimationWithEveryFieldRoundTrips() throws {
        let keyframe = KeyframeAnimation(
            keyPath: try AnimKeyPath("position", on: .shape),
            values: [.point(Point(x: 0, y: 0)), .point(Point(x: 10, y: 0)), .point(Point(x: 10, y: 10))],
            path: Self.everyPath, keyTimes: [0, 0.25, 1], timingFunctions: [.easeIn, .linear],
            calculationMode: .cubicPaced, tensionValues: [0, 0.5, 1], continuityValues: [1, 0, -1],
            biasValues: [0.1, 0.2, 0.3], rotationMode: .autoReverse, isAdditive: true, isCumulative: true,
            valueFunction: nil)
        let animation = Animation(.keyframe(keyframe), timing: Self.timing(2), timingFunction: .easeOut)
        let back = try Animation(wire: animation.wire, on: .shape)
        #expect(back == animation)
        #expect(back.wire == animation.wire)
        guard case .keyframe(let k) = back.kind else {
            Issue.record("expected a keyframe animation, got \(back.kind)")
            return
        }
        #expect(k.timingFunctions?.map(\.name) == [.easeIn, .linear])
        #expect(k.path?.elements.count == 5)
    }

    @Test func keyframeValueFunctionRoundTrips() throws {
        let keyframe = KeyframeAnimation(
            keyPath: try AnimKeyPath("transform", on: .layer), values: [.numbers([1, 1, 1]), .numbers([2, 2, 2])],
            calculationMode: .discrete, valueFunction: .scale)
        let animation = Animation(.keyframe(keyframe))
        #expect(try Animation(wire: animation.wire, on: .layer) == animation)
    }

    @Test func springAnimationRoundTrips() throws {
        let spring = SpringAnimation(
            basic: BasicAnimation(
                keyPath: try AnimKeyPath("bounds.size.width", on: .layer), fromValue: .number(10),
                toValue: .number(100)),
            spring: SpringParameters(
                mass: 2, stiffness: 300, damping: 25, initialVelocity: -1.5, allowsOverdamping: true))
        let animation = Animation(.spring(spring), timing: Self.timing(3))
        let wire = animation.wire
        guard case .spring(let s) = wire.kind else {
            Issue.record("expected a spring, got \(wire.kind)")
            return
        }
        #expect(s.mass == 2 && s.stiffness == 300 && s.damping == 25 && s.initialVelocity == -1.5)
        #expect(s.allowsOverdamping && s.basic.keyPath == "bounds.size.width")
        #expect(try Animation(wire: wire, on: .layer) == animation)
    }

    @Test func transitionRoundTrips() throws {
        for subtype in [nil] + TransitionAnimation.Subtype.allCases.map(Optional.some) {
            for type in TransitionAnimation.TransitionType.allCases {
                let animation = Animation(
                    .transition(TransitionAnimation(type: type, subtype: subtype, startProgress: 0.2, endProgress: 0.9))
                )
                #expect(try Animation(wire: animation.wire, on: .text) == animation)
            }
        }
    }

    @Test func nestedGroupsRoundTrip() throws {
        let inner = Animation(
            .group(AnimationGroup(animations: [try Self.basic("opacity"), try Self.basic("cornerRadius")])),
            timing: MediaTiming(duration: 2))
        let outer = Animation(
            .group(
                AnimationGroup(animations: [
                    inner, try Self.basic("position.x"),
                    Animation(.transition(TransitionAnimation(type: .push, subtype: .fromTop))),
                ])), timing: Self.timing(4), timingFunction: .easeInEaseOut)
        let back = try Animation(wire: outer.wire, on: .layer)
        #expect(back == outer)
        #expect(back.wire == outer.wire)
    }

    @Test func everyEnumRoundTrips() {
        for c in LayerClass.allCases { #expect(LayerClass(wire: c.wire) == c) }
        for c in WireLayerClass.allCases { #expect(LayerClass(wire: c).wire == c) }
        #expect(LayerClass.transformLayer.wire == .transformLayer)
        for f in FillMode.allCases { #expect(FillMode(wire: f.wire) == f) }
        for f in ValueFunction.allCases { #expect(ValueFunction(wire: f.wire) == f) }
        for m in KeyframeAnimation.CalculationMode.allCases {
            #expect(KeyframeAnimation.CalculationMode(wire: m.wire) == m)
        }
        for m in KeyframeAnimation.RotationMode.allCases { #expect(KeyframeAnimation.RotationMode(wire: m.wire) == m) }
        for t in TransitionAnimation.TransitionType.allCases {
            #expect(TransitionAnimation.TransitionType(wire: t.wire) == t)
        }
        for s in TransitionAnimation.Subtype.allCases { #expect(TransitionAnimation.Subtype(wire: s.wire) == s) }
    }

    @Test func emitterCellRoundTripsWithSubcells() throws {
        var spark = EmitterCell(name: "spark")
        spark.birthRate = 5
        spark.color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        spark.minificationFilter = "nearest"
        var cell = EmitterCell(name: nil)
        cell.isEnabled = false
        cell.timing = Self.timing()
        cell.birthRate = 100
        cell.lifetime = 2
        cell.lifetimeRange = 0.5
        cell.emissionLatitude = 0.1
        cell.emissionLongitude = 0.2
        cell.emissionRange = 3.14
        cell.velocity = 50
        cell.velocityRange = 10
        cell.xAcceleration = 1
        cell.yAcceleration = -9.8
        cell.zAcceleration = 0.5
        cell.scale = 0.5
        cell.scaleRange = 0.1
        cell.scaleSpeed = -0.1
        cell.spin = 1
        cell.spinRange = 0.5
        cell.redRange = 0.1
        cell.greenRange = 0.2
        cell.blueRange = 0.3
        cell.alphaRange = 0.4
        cell.redSpeed = 0.5
        cell.greenSpeed = 0.6
        cell.blueSpeed = 0.7
        cell.alphaSpeed = -0.8
        cell.contents = ImageID(3)
        cell.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 0.5)
        cell.contentsScale = 2
        cell.magnificationFilter = "trilinear"
        cell.minificationFilterBias = 0.25
        cell.emitterCells = [spark, EmitterCell(name: "smoke")]
        #expect(try EmitterCell(wire: cell.wire) == cell)
        #expect(cell.wire.emitterCells[0].name == "spark")
        #expect(cell.wire.contents == 3)
    }

    // MARK: Errors

    @Test func unknownKeyPathNamesPathAndClass() throws {
        var wire = try Self.basic("opacity").wire
        wire.kind = .basic(
            WireBasic(
                keyPath: "alpha", fromValue: nil, toValue: .number(1), byValue: nil, additive: false,
                cumulative: false, valueFunction: nil))
        #expect(
            throws: ProtocolError(
                .unknownKeyPath, field: "kind.basic.keyPath", value: "alpha",
                detail: "unknown key path 'alpha' for layer class CALayer")
        ) {
            try Animation(wire: wire, on: .layer)
        }
    }

    @Test func keyPathOfAnotherClassIsUnknown() throws {
        let wire = try Self.basic("strokeEnd", on: .shape).wire
        #expect(try Animation(wire: wire, on: .shape).keyPath?.description == "strokeEnd")
        do {
            _ = try Animation(wire: wire, on: .text)
            Issue.record("strokeEnd parsed on a text layer")
        } catch {
            #expect(error.code == .unknownKeyPath)
            #expect(error.detail.contains("CATextLayer"))
        }
    }

    @Test func errorInANestedGroupNamesItsPath() throws {
        let bad = WireAnimation(
            timing: MediaTiming().wire, timingFunction: nil, removedOnCompletion: true,
            kind: .basic(
                WireBasic(
                    keyPath: "alpha", fromValue: nil, toValue: nil, byValue: nil, additive: false, cumulative: false,
                    valueFunction: nil)))
        let good = try Self.basic("opacity").wire
        let inner = WireAnimation(
            timing: MediaTiming().wire, timingFunction: nil, removedOnCompletion: true,
            kind: .group(WireGroup(animations: [good, good, bad])))
        let outer = WireAnimation(
            timing: MediaTiming().wire, timingFunction: nil, removedOnCompletion: true,
            kind: .group(WireGroup(animations: [good, inner])))
        do {
            _ = try Animation(wire: outer, on: .layer)
            Issue.record("the unknown key path was accepted")
        } catch {
            #expect(error.code == .unknownKeyPath)
            #expect(
                error.at("animation").field
                    == "animation.kind.group.animations[1].kind.group.animations[2].kind.basic.keyPath")
        }
    }

    @Test func valueOfTheWrongKindIsRefusedWhenAttached() throws {
        let wire = WireAnimation(
            timing: MediaTiming(duration: 1).wire, timingFunction: nil, removedOnCompletion: true,
            kind: .basic(
                WireBasic(
                    keyPath: "opacity", fromValue: nil,
                    toValue: .color(WireColor(red: 1, green: 0, blue: 0, alpha: 1)), byValue: nil, additive: false,
                    cumulative: false, valueFunction: nil)))
        // The kinds are checked by AttachedAnimation against the layer, as for every other client.
        let animation = try Animation(wire: wire, on: .layer)
        #expect(
            throws: AnimCoreError.typeMismatch(field: "kind.basic.toValue", expected: "number", got: "color")
        ) {
            try AttachedAnimation(key: nil, animation: animation, layerClass: .layer, context: .init(attachTime: 0))
        }
        let reported = ProtocolError(
            .typeMismatch(field: "kind.basic.toValue", expected: "number", got: "color"), opcode: 6,
            field: "operations[2].addAnimation")
        #expect(reported.code == .typeMismatch)
        #expect(reported.opcode == 6)
        #expect(reported.field == "operations[2].addAnimation.kind.basic.toValue")
        #expect(reported.value == "color")
    }

    @Test func customTimingFunctionIsValidated() throws {
        let wire = WireAnimation(
            timing: MediaTiming().wire, timingFunction: .custom(WireControlPoints(x1: 1.5, y1: 0, x2: 0.5, y2: 1)),
            removedOnCompletion: true, kind: try Self.basic("opacity").wire.kind)
        #expect(
            throws: ProtocolError(
                .invalidValue, field: "timingFunction.custom.x1", value: "1.5",
                detail: "custom.x1: 1.5 is out of range (allowed: 0...1)")
        ) {
            try Animation(wire: wire, on: .layer)
        }
        do {
            _ = try TimingFunction(wire: .custom(WireControlPoints(x1: 0, y1: .nan, x2: 1, y2: 1)))
            Issue.record("a NaN control point was accepted")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.field == "custom.y1")
            #expect(error.value == "nan")
        }
    }

    @Test func keyframeErrorsNameTheElement() throws {
        let keyframe = WireKeyframe(
            keyPath: "position", values: nil, path: nil, keyTimes: nil,
            timingFunctions: [.named(.linear), .custom(WireControlPoints(x1: -1, y1: 0, x2: 1, y2: 1))],
            calculationMode: .linear, tensionValues: nil, continuityValues: nil, biasValues: nil, rotationMode: nil,
            additive: false, cumulative: false, valueFunction: nil)
        do {
            _ = try KeyframeAnimation(wire: keyframe, on: .layer)
            Issue.record("x1 of -1 was accepted")
        } catch {
            #expect(error.field == "timingFunctions[1].custom.x1")
            #expect(error.value == "-1")
        }
        var withBadValue = keyframe
        withBadValue.timingFunctions = nil
        withBadValue.values = [.point(WirePoint(x: 0, y: 0)), .path(WirePath(elements: [.close]))]
        do {
            _ = try KeyframeAnimation(wire: withBadValue, on: .layer)
            Issue.record("a path starting with close was accepted")
        } catch {
            #expect(error.field == "values[1].path.elements[0]")
            #expect(error.value == "close")
        }
    }

    @Test func emitterFilterMustBeKnown() throws {
        var cell = EmitterCell(name: "outer")
        var sub = EmitterCell(name: "sub")
        sub.minificationFilter = "bicubic"
        cell.emitterCells = [EmitterCell(name: "ok"), sub]
        do {
            _ = try EmitterCell(wire: cell.wire)
            Issue.record("an unknown filter was accepted")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.field == "emitterCells[1].minificationFilter")
            #expect(error.value == "bicubic")
        }
    }

    @Test func everyAnimCoreErrorMapsToItsCode() {
        let cases: [(AnimCoreError, Bool, WireErrorCode, String, String)] = [
            (.unknownKeyPath(path: "alpha", layerClass: "CALayer"), false, .unknownKeyPath, "op", "alpha"),
            (.typeMismatch(field: "f", expected: "number", got: "bool"), false, .typeMismatch, "op.f", "bool"),
            (.nonFinite(field: "f", value: -.infinity), false, .invalidValue, "op.f", "-inf"),
            (.outOfRange(field: "f", value: 2.5, allowed: "0...1"), false, .invalidValue, "op.f", "2.5"),
            (.invalidKeyTimes(field: "keyTimes", reason: "decrease"), false, .invalidAnimation, "op.keyTimes", ""),
            (.notAllowed(field: "f", value: "x", reason: "bad"), false, .invalidValue, "op.f", "x"),
            (.invalid(field: "f", reason: "bad"), false, .invalidValue, "op.f", ""),
            (.invalid(field: "f", reason: "bad"), true, .invalidAnimation, "op.f", ""),
            (.invalid(field: "[3]", reason: "bad"), true, .invalidAnimation, "op[3]", ""),
        ]
        for (error, animation, code, field, value) in cases {
            let mapped = ProtocolError(error, opcode: 6, field: "op", animation: animation)
            #expect(mapped.code == code, "\(error)")
            #expect(mapped.field == field, "\(error)")
            #expect(mapped.value == value, "\(error)")
            #expect(mapped.detail == error.description)
            #expect(mapped.opcode == 6)
        }
        #expect(ProtocolError(.nonFinite(field: "x", value: .nan)).field == "x")
    }
}

/// An attributed string on the wire (version 4): UTF-16 ranges, refused with the run's field when out of the string
/// or overlapping.
@Suite struct AttributedStringWireTests {
    static func run(_ location: UInt32, _ length: UInt32, color: WireColor? = nil) -> WireTextRun {
        WireTextRun(
            location: location, length: length, font: nil, fontSize: nil, foregroundColor: color, underline: .single,
            kern: 0)
    }

    @Test func roundTripsThroughTheWire() throws {
        let text = AttributedText(
            "Hello 世界",
            runs: [
                .init(
                    location: 0, length: 5, font: "DejaVu Sans Bold", fontSize: 30,
                    foregroundColor: Color(red: 0, green: 0.5, blue: 1), underline: .double, kern: -0.5)
            ])
        #expect(try PropertyValue(wire: PropertyValue.attributedString(text).wire) == .attributedString(text))
        #expect(PropertyValue.attributedString(text).wire.sinceVersion == 4)
        #expect(PropertyValue.string("x").wire.sinceVersion == 1)
        // Without runs it travels as the plain string, which every version takes.
        #expect(PropertyValue.attributedString(AttributedText("x")).wire == .string("x"))
        #expect(PropertyValue.attributedString(nil).wire == .string(nil))
    }

    @Test func runsOutOfTheStringOrOverlappingAreInvalidValuesAtTheirField() {
        func error(_ string: String, _ runs: [WireTextRun]) -> ProtocolError? {
            do throws(ProtocolError) {
                _ = try PropertyValue(wire: .attributedString(WireAttributedString(string: string, runs: runs)))
                return nil
            } catch {
                return error
            }
        }
        let outside = error("Hi", [Self.run(0, 3)])
        #expect(outside?.code == .invalidValue)
        #expect(outside?.field == "attributedString.runs[0].length")
        #expect(outside?.value == "0..<3")
        let overlapping = error("Hello", [Self.run(0, 3), Self.run(2, 3)])
        #expect(overlapping?.code == .invalidValue)
        #expect(overlapping?.field == "attributedString.runs[1].location")
        #expect(error("Hello", [Self.run(0, 2), Self.run(2, 3)]) == nil)
    }
}
