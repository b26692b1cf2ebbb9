import Testing

@testable import AnimCore

/// Rules pinned: docs/core-animation-rules.md#layer-properties, #special-layer-classes.
@Suite("Layer model: defaults, animatability, validation")
struct LayerStateTests {
    @Test func calayerDefaults() {
        let s = LayerState()
        #expect(s.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(s.opacity == 1)
        #expect(s.doubleSided)
        #expect(s.borderColor == .black)
        #expect(s.shadowOffset == Size(width: 0, height: -3))
        #expect(s.shadowRadius == 3)
        #expect(s.shadowOpacity == 0)
        #expect(s.contentsRect == .unit && s.contentsCenter == .unit)
        #expect(s.contentsGravity == "resize")
        #expect(s.maskedCorners == 15 && s.edgeAntialiasingMask == 15)
        #expect(s.backgroundColor == nil)
        #expect(s.timing == MediaTiming())
    }

    @Test func everyDefaultReadsBackThroughTheTable() {
        for layerClass in LayerClass.allCases {
            let s = LayerState(layerClass: layerClass)
            for p in LayerProperty.allCases where p.exists(on: layerClass) {
                #expect(s.value(of: p) == p.defaultValue, "\(p) on \(layerClass)")
                #expect(p.defaultValue.kind == p.valueKind, "\(p)")
            }
        }
    }

    @Test func everyPropertyRoundTripsThroughSet() throws {
        for layerClass in LayerClass.allCases {
            var s = LayerState(layerClass: layerClass)
            // Those drawn only at their default ("refusedUntilDrawn") would refuse the sample.
            for p in LayerProperty.allCases where p.exists(on: layerClass) && !p.isDrawnOnlyAtDefault {
                let v = sample(for: p)
                try s.set(v, for: p)
                #expect(s.value(of: p) == v, "\(p) on \(layerClass)")
            }
        }
    }

    /// A valid non-default value of the property's kind.
    func sample(for p: LayerProperty) -> PropertyValue {
        switch p.valueKind {
        case .number: return .number(p == .edgeAntialiasingMask || p == .maskedCorners ? 5 : 2)
        case .point: return .point(Point(x: 3, y: 4))
        case .size: return .size(Size(width: 5, height: 6))
        case .rect: return .rect(Rect(x: 1, y: 2, width: 3, height: 4))
        case .transform: return .transform(.rotation(0.3, 0, 0, 1))
        case .color: return .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))
        case .bool: return .bool(!(p.defaultValue == .bool(true)))
        case .path: return .path(.rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        case .numbers: return .numbers([0, 0.5, 1])
        case .colors: return .colors([.white, .black])
        case .string: return .string(p.allowedStrings?.last ?? "text")
        case .strings: return .strings(["blur"])
        case .image: return .image(ImageID(7))
        case .layer: return .layer(LayerID(9))
        case .attributedString:
            return .attributedString(AttributedText("text", runs: [.init(location: 0, length: 2, underline: .single)]))
        case .filters: return .filters([.gaussianBlur(name: "blur", inputRadius: 3)])
        }
    }

    @Test func specialPropertiesBelongToTheirClass() throws {
        var shape = LayerState(layerClass: .shape)
        try shape.set(.number(0.4), for: .strokeEnd)
        #expect(shape.special.shape?.strokeEnd == 0.4)
        var plain = LayerState()
        #expect(throws: AnimCoreError.unknownKeyPath(path: "strokeEnd", layerClass: "CALayer")) {
            try plain.set(.number(0.4), for: .strokeEnd)
        }
        // "preservesDepth" names the replicator's on a replicator and the emitter's on an emitter.
        #expect(LayerProperty.named("preservesDepth", on: .replicator) == .replicatorPreservesDepth)
        #expect(LayerProperty.named("preservesDepth", on: .emitter) == .emitterPreservesDepth)
        #expect(LayerProperty.named("scale", on: .emitter) == .emitterScale)
        #expect(LayerProperty.named("scale", on: .layer) == nil)
    }

    @Test func copiesShareSpecialStorageUntilWritten() throws {
        var a = LayerState(layerClass: .gradient)
        let b = a
        try a.set(.point(Point(x: 1, y: 1)), for: .endPoint)
        #expect(a.special.gradient?.endPoint == Point(x: 1, y: 1))
        #expect(b.special.gradient?.endPoint == Point(x: 0.5, y: 1))
        #expect(a != b)
    }

    @Test func badValuesAreRefusedWithTheirName() {
        var s = LayerState()
        #expect(throws: AnimCoreError.typeMismatch(field: "opacity", expected: "number", got: "point")) {
            try s.set(.point(.zero), for: .opacity)
        }
        #expect(throws: AnimCoreError.nonFinite(field: "position", value: .infinity)) {
            try s.set(.point(Point(x: 0, y: .infinity)), for: .position)
        }
        #expect(throws: AnimCoreError.outOfRange(field: "borderWidth", value: -1, allowed: "≥ 0.0")) {
            try s.set(.number(-1), for: .borderWidth)
        }
        #expect(throws: AnimCoreError.outOfRange(field: "contentsScale", value: 0, allowed: "> 0")) {
            try s.set(.number(0), for: .contentsScale)
        }
        let error = #expect(throws: AnimCoreError.self) { try s.set(.string("sideways"), for: .contentsGravity) }
        #expect(error?.description.contains("'sideways' is not one of center") == true)
        #expect(s == LayerState())
    }

    @Test func timingPropertiesSetTheLayersMediaTiming() throws {
        var s = LayerState()
        try s.set(.number(2), for: .speed)
        try s.set(.string("both"), for: .fillMode)
        #expect(s.timing.speed == 2)
        #expect(s.timing.fillMode == .both)
        #expect(!LayerProperty.speed.isAnimatable)
        // timeOffset alone animates (on the parent's time), without an implicit action.
        #expect(LayerProperty.timeOffset.isAnimatable && !LayerProperty.timeOffset.hasDefaultAction)
    }

    @Test func animatabilityAndDefaultActionsFollowTheHeaders() {
        #expect(LayerProperty.position.isAnimatable && LayerProperty.position.hasDefaultAction)
        #expect(LayerProperty.doubleSided.isAnimatable && !LayerProperty.doubleSided.hasDefaultAction)
        #expect(LayerProperty.path.isAnimatable && !LayerProperty.path.hasDefaultAction)
        #expect(!LayerProperty.contentsGravity.isAnimatable)
        #expect(!LayerProperty.name.isAnimatable)
    }
}

/// Rules pinned: docs/core-animation-rules.md#key-paths.
@Suite("Key paths")
struct KeyPathTests {
    @Test(arguments: [
        ("position.x", ValueKind.number), ("position.y", .number), ("bounds.origin", .point),
        ("bounds.origin.x", .number), ("bounds.size", .size), ("bounds.size.width", .number),
        ("bounds.size.height", .number), ("shadowOffset.height", .number), ("transform.rotation.z", .number),
        ("transform.rotation", .number), ("transform.scale", .number), ("transform.scale.x", .number),
        ("transform.translation", .size), ("transform.translation.z", .number),
        ("sublayerTransform.translation.x", .number), ("anchorPoint.y", .number), ("contentsRect.size.width", .number),
        ("opacity", .number), ("backgroundColor", .color), ("transform", .transform),
    ])
    func parses(path: String, kind: ValueKind) throws {
        let kp = try AnimKeyPath(path, on: .layer)
        #expect(kp.description == path)
        #expect(kp.valueKind == kind)
    }

    @Test func specialLayerPaths() throws {
        #expect(try AnimKeyPath("strokeEnd", on: .shape).property == .strokeEnd)
        #expect(try AnimKeyPath("instanceTransform.rotation.z", on: .replicator).valueKind == .number)
        #expect(try AnimKeyPath("startPoint.x", on: .gradient).valueKind == .number)
        #expect(try AnimKeyPath("emitterPosition", on: .emitter).valueKind == .point)
    }

    @Test(arguments: ["alpha", "position.z", "bounds.width", "transform.rotation.w", "opacity.x", "", "."])
    func unknownPathsNameThePathAndClass(path: String) {
        #expect(throws: AnimCoreError.unknownKeyPath(path: path, layerClass: "CALayer")) {
            _ = try AnimKeyPath(path, on: .layer)
        }
    }

    @Test func componentGetAndSet() throws {
        var s = LayerState()
        s.bounds = Rect(x: 1, y: 2, width: 30, height: 40)
        let w = try AnimKeyPath("bounds.size.width", on: .layer)
        #expect(w.value(in: s) == .number(30))
        try w.set(.number(50), in: &s)
        #expect(s.bounds == Rect(x: 1, y: 2, width: 50, height: 40))
        let rz = try AnimKeyPath("transform.rotation.z", on: .layer)
        try rz.set(.number(0.5), in: &s)
        #expect(s.transform.isApproximatelyEqual(to: .rotation(0.5, 0, 0, 1), tolerance: 1e-12))
        #expect(close(rz.value(in: s).numberValue ?? 0, 0.5, 1e-12))
        #expect(throws: AnimCoreError.typeMismatch(field: "bounds.size.width", expected: "number", got: "size")) {
            try w.set(.size(.zero), in: &s)
        }
    }
}
