import AnimKit
import AnimProtocol
import Testing

/// Animation values are written as Core Animation takes them (`fromValue = 1`, `toValue = Point(…)`,
/// `values = [0, 1, 0.5]`) or wrapped (`.number(1)`): both spellings send the same bytes, and a value of the
/// wrong kind is still refused when the animation is added.
@Suite struct AnimationValueSpellingTests {
    enum Kind { case plain, gradient }

    /// The bytes of the one Commit that adds `animation` under "a" to a fresh layer of `kind`.
    private func commitBytes(_ kind: Kind = .plain, adding animation: AnimKit.Animation) throws -> [UInt8] {
        let server = try FakeServer()
        let layer: Layer =
            kind == .plain ? Layer(connection: server.connection) : GradientLayer(connection: server.connection)
        Transaction.begin()
        try layer.add(animation, forKey: "a")
        Transaction.commit()
        return try server.commitFrame().bytes
    }

    private func expectSameBytes(
        _ unwrapped: BasicAnimation, _ wrapped: BasicAnimation, on kind: Kind = .plain,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(
            try commitBytes(kind, adding: unwrapped) == commitBytes(kind, adding: wrapped), "\(wrapped.keyPath ?? "")",
            sourceLocation: sourceLocation)
    }

    @Test func basicValuesUnwrappedSendTheSameBytesAsWrapped() throws {
        let affine = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6)
        let path = BezierPath.rect(Rect(x: 0, y: 0, width: 10, height: 20))
        let blue = Color(red: 0, green: 0, blue: 1)
        let rect = Rect(x: 0, y: 0, width: 3, height: 4)
        try expectSameBytes(
            BasicAnimation(keyPath: "opacity", from: 1, to: 0.5),
            BasicAnimation(keyPath: "opacity", from: .number(1), to: .number(0.5)))
        try expectSameBytes(
            BasicAnimation(keyPath: "transform.rotation.z", by: 3),
            BasicAnimation(keyPath: "transform.rotation.z", by: .number(3)))
        try expectSameBytes(
            BasicAnimation(keyPath: "opacity", to: Float(0.25)), BasicAnimation(keyPath: "opacity", to: .number(0.25)))
        try expectSameBytes(
            BasicAnimation(keyPath: "position", to: Point(x: 1, y: 2)),
            BasicAnimation(keyPath: "position", to: .point(Point(x: 1, y: 2))))
        try expectSameBytes(
            BasicAnimation(keyPath: "bounds", to: rect), BasicAnimation(keyPath: "bounds", to: .rect(rect)))
        try expectSameBytes(
            BasicAnimation(keyPath: "bounds.size", to: Size(width: 5, height: 6)),
            BasicAnimation(keyPath: "bounds.size", to: .size(Size(width: 5, height: 6))))
        try expectSameBytes(
            BasicAnimation(keyPath: "backgroundColor", from: blue, to: Color.white),
            BasicAnimation(keyPath: "backgroundColor", from: .color(blue), to: .color(.white)))
        try expectSameBytes(
            BasicAnimation(keyPath: "transform", to: Transform3D.scale(2, 2, 1)),
            BasicAnimation(keyPath: "transform", to: .transform(.scale(2, 2, 1))))
        try expectSameBytes(
            BasicAnimation(keyPath: "transform", to: affine),
            BasicAnimation(keyPath: "transform", to: .transform(Transform3D(affine: affine))))
        try expectSameBytes(
            BasicAnimation(keyPath: "shadowPath", to: path), BasicAnimation(keyPath: "shadowPath", to: .path(path)))
        try expectSameBytes(
            BasicAnimation(keyPath: "contents", to: ImageID(3)),
            BasicAnimation(keyPath: "contents", to: .image(ImageID(3))))
        try expectSameBytes(
            BasicAnimation(keyPath: "hidden", to: true), BasicAnimation(keyPath: "hidden", to: .bool(true)))
        try expectSameBytes(
            BasicAnimation(keyPath: "compositingFilter", to: "multiplyBlendMode"),
            BasicAnimation(keyPath: "compositingFilter", to: .string("multiplyBlendMode")))
        try expectSameBytes(
            BasicAnimation(keyPath: "locations", to: [0.25, 0.75]),
            BasicAnimation(keyPath: "locations", to: .numbers([0.25, 0.75])), on: .gradient)
        try expectSameBytes(
            BasicAnimation(keyPath: "colors", to: [Color.black, blue]),
            BasicAnimation(keyPath: "colors", to: .colors([.black, blue])), on: .gradient)
    }

    @Test func propertyAssignmentsTakeUnwrappedValues() throws {
        let unwrapped = BasicAnimation(keyPath: "position")
        unwrapped.fromValue = Point(x: 0, y: 0)
        unwrapped.toValue = Point(x: 10, y: 20)
        unwrapped.byValue = nil
        let wrapped = BasicAnimation(keyPath: "position")
        wrapped.fromValue = .point(.zero)
        wrapped.toValue = .point(Point(x: 10, y: 20))
        #expect(try commitBytes(adding: unwrapped) == commitBytes(adding: wrapped))
        // Read back, a value is what was set; `animationValue` gives it as the key path holds it.
        #expect(unwrapped.toValue as? Point == Point(x: 10, y: 20))
        #expect(unwrapped.toValue?.animationValue == .point(Point(x: 10, y: 20)))
        unwrapped.toValue = 1
        #expect(unwrapped.toValue?.animationValue == .number(1))
    }

    @Test func keyframeAndSpringValuesUnwrappedSendTheSameBytesAsWrapped() throws {
        let numbers = KeyframeAnimation(keyPath: "opacity")
        numbers.values = [0, 1, 0.5]
        numbers.keyTimes = [0, 0.5, 1]
        let wrappedNumbers = KeyframeAnimation(
            keyPath: "opacity", values: [.number(0), .number(1), .number(0.5)], keyTimes: [0, 0.5, 1])
        #expect(try commitBytes(adding: numbers) == commitBytes(adding: wrappedNumbers))

        let points = KeyframeAnimation(keyPath: "position", values: [Point(x: 0, y: 0), Point(x: 10, y: 0)])
        let wrappedPoints = KeyframeAnimation(
            keyPath: "position", values: [.point(Point(x: 0, y: 0)), .point(Point(x: 10, y: 0))])
        #expect(try commitBytes(adding: points) == commitBytes(adding: wrappedPoints))

        let wrappedList: [AnimationValue] = [.number(0), .number(1)]
        let fromList = KeyframeAnimation(keyPath: "opacity", values: wrappedList)
        let mixed = KeyframeAnimation(keyPath: "opacity", values: [0, .number(1)])
        #expect(try commitBytes(adding: fromList) == commitBytes(adding: mixed))

        let spring = SpringAnimation(keyPath: "transform.scale", from: 0.5, to: 1)
        let wrappedSpring = SpringAnimation(keyPath: "transform.scale", from: .number(0.5), to: .number(1))
        #expect(try commitBytes(adding: spring) == commitBytes(adding: wrappedSpring))
    }

    @Test func aValueOfTheWrongKindIsStillRefusedWhenAdded() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        #expect(
            throws: AnimKitError.invalid(.typeMismatch(field: "kind.basic.toValue", expected: "number", got: "point"))
        ) {
            try layer.add(BasicAnimation(keyPath: "opacity", to: Point(x: 1, y: 1)), forKey: "fade")
        }
        #expect(
            throws: AnimKitError.invalid(.typeMismatch(field: "kind.basic.fromValue", expected: "point", got: "number"))
        ) {
            try layer.add(BasicAnimation(keyPath: "position", from: 1), forKey: "move")
        }
        let steps = KeyframeAnimation(keyPath: "opacity", values: [0, Color.white, 1])
        #expect(
            throws: AnimKitError.invalid(
                .typeMismatch(field: "kind.keyframe.values[1]", expected: "number", got: "color"))
        ) {
            try layer.add(steps, forKey: "steps")
        }
        Transaction.flush()
        #expect(try server.drain().isEmpty)
        #expect(layer.animationKeys.isEmpty)
    }

    @Test func setValueTakesUnwrappedValuesToo() throws {
        func operations(_ body: (Layer) throws -> Void) throws -> [WireOperation] {
            let server = try FakeServer()
            let layer = Layer(connection: server.connection)
            Transaction.begin()
            Transaction.disableActions = true
            try body(layer)
            Transaction.commit()
            return try server.commitOperations()
        }
        let unwrapped = try operations { layer in
            try layer.setValue(0.5, forKeyPath: "opacity")
            try layer.setValue(Point(x: 1, y: 2), forKeyPath: "position")
            try layer.setValue(3, forKeyPath: "position.x")
        }
        let wrapped = try operations { layer in
            try layer.setValue(.number(0.5), forKeyPath: "opacity")
            try layer.setValue(.point(Point(x: 1, y: 2)), forKeyPath: "position")
            try layer.setValue(.number(3), forKeyPath: "position.x")
        }
        #expect(unwrapped == wrapped && unwrapped.count == 4)
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        #expect(throws: AnimKitError.invalid(.typeMismatch(field: "opacity", expected: "number", got: "point"))) {
            try layer.setValue(Point(x: 1, y: 1), forKeyPath: "opacity")
        }
        Transaction.flush()
    }
}
