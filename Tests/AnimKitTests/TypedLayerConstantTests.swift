import AnimCore
import AnimKit
import AnimProtocol
import Testing

/// Core Animation's option sets and string constants as the SDK types them (`CornerMask`, `CornerCurve`, …): the
/// typed accessors send the same numbers and strings as before, and `setValue(_:forKeyPath:)` still takes the raw
/// value.
@Suite struct TypedLayerConstantTests {
    @Test func optionSetsHaveCoreAnimationsBits() {
        #expect(
            [
                CornerMask.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
            ].map(\.rawValue) == [1, 2, 4, 8])
        #expect(
            [
                EdgeAntialiasingMask.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
            ].map(\.rawValue) == [1, 2, 4, 8])
        #expect(
            [
                AutoresizingMask.layerNotSizable, .layerMinXMargin, .layerWidthSizable, .layerMaxXMargin,
                .layerMinYMargin, .layerHeightSizable, .layerMaxYMargin,
            ].map(\.rawValue) == [0, 1, 2, 4, 8, 16, 32])
    }

    /// Each enum names exactly the strings its property accepts, so every accepted value reads back typed.
    @Test func everyStringEnumCoversItsPropertysAllowedNames() {
        func names<E: CaseIterable & RawRepresentable<String>>(_: E.Type) -> [String] { E.allCases.map(\.rawValue) }
        let pairs: [(LayerProperty, [String])] = [
            (.contentsGravity, names(ContentsGravity.self)), (.contentsFormat, names(ContentsFormat.self)),
            (.minificationFilter, names(ContentsFilter.self)), (.magnificationFilter, names(ContentsFilter.self)),
            (.cornerCurve, names(CornerCurve.self)), (.preferredDynamicRange, names(DynamicRange.self)),
            (.fillRule, names(FillRule.self)), (.lineCap, names(LineCap.self)), (.lineJoin, names(LineJoin.self)),
            (.truncationMode, names(TruncationMode.self)), (.alignmentMode, names(AlignmentMode.self)),
            (.gradientType, names(GradientType.self)), (.emitterShape, names(EmitterShape.self)),
            (.emitterMode, names(EmitterMode.self)), (.renderMode, names(EmitterRenderMode.self)),
            (.scrollMode, names(ScrollMode.self)),
        ]
        for (property, cases) in pairs {
            #expect(cases.sorted() == property.allowedStrings?.sorted(), "\(property.key)")
        }
    }

    @Test func typedAccessorsSendTheNumbersAndStringsOfTheWire() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        let shape = ShapeLayer(connection: server.connection)
        #expect(
            layer.maskedCorners == [
                .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
            ])
        #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(layer.autoresizingMask == .layerNotSizable)
        #expect(layer.cornerCurve == .circular && layer.contentsGravity == .resize)
        #expect(layer.contentsFormat == .rgba8Uint && layer.preferredDynamicRange == .automatic)
        #expect(shape.fillRule == .nonZero && shape.lineCap == .butt && shape.lineJoin == .miter)
        Transaction.begin()
        Transaction.disableActions = true
        layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        layer.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
        layer.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        layer.cornerCurve = .continuous
        layer.contentsFormat = .gray8Uint
        shape.fillRule = .evenOdd
        shape.lineCap = .round
        Transaction.commit()
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        #expect(layer.cornerCurve == .continuous && shape.fillRule == .evenOdd)
        func set(_ layer: UInt32, _ key: String, _ value: WireValue) -> WireOperation {
            .setProperty(WireSetProperty(layer: layer, keyPath: key, value: value))
        }
        #expect(
            try server.commitOperations() == [
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .createLayer(WireCreateLayer(layer: 2, layerClass: .shape)),
                set(1, "maskedCorners", .number(9)), set(1, "edgeAntialiasingMask", .number(9)),
                set(1, "autoresizingMask", .number(18)), set(1, "cornerCurve", .string("continuous")),
                set(1, "contentsFormat", .string("Gray8Uint")), set(2, "fillRule", .string("even-odd")),
                set(2, "lineCap", .string("round")),
            ])
    }

    @Test func rawValuesStayReachableThroughSetValue() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        let text = TextLayer(connection: server.connection)
        try layer.setValue(.number(5), forKeyPath: "maskedCorners")
        try layer.setValue(.string("continuous"), forKeyPath: "cornerCurve")
        try text.setValue(.string("center"), forKeyPath: "alignmentMode")
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMinXMaxYCorner])
        #expect(layer.cornerCurve == .continuous)
        #expect(text.alignmentMode == .center)
        layer.maskedCorners = .layerMaxXMaxYCorner
        #expect(try layer.value(forKeyPath: "maskedCorners") == .number(8))
        // A number that is no set of bits (only setValue can store one) reads as no corners.
        try layer.setValue(.number(2.5), forKeyPath: "maskedCorners")
        #expect(layer.maskedCorners == [])
        Transaction.flush()
    }
}
