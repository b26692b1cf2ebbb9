import AnimCore
import AnimKit
import Testing

/// The SDK refuses what the server would refuse before sending anything, with the same typed error: values
/// the renderers do not draw yet and keyTimes that cannot be used (docs/core-animation-rules.md).
@Suite struct RefusedBeforeSendingTests {
    @Test func undrawnValuesAndBadKeyTimesThrowAndSendNothing() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()

        Transaction.begin()
        #expect(
            throws: AnimKitError.invalid(
                .outOfRange(field: "filters[0].inputRadius", value: -2, allowed: "≥ 0"))
        ) {
            try layer.setValue(.filters([.gaussianBlur(name: "blur", inputRadius: -2)]), forKeyPath: "filters")
        }
        let fade = BasicAnimation(keyPath: "compositingFilter", from: nil, to: .string("sepiaBlendMode"))
        #expect(
            throws: AnimKitError.invalid(
                .notAllowed(
                    field: "kind.basic.toValue", value: "sepiaBlendMode",
                    reason: "is not one of \(BlendMode.acceptedNames.joined(separator: ", "))"))
        ) {
            try layer.add(fade, forKey: "blend")
        }
        let steps = KeyframeAnimation(
            keyPath: "opacity", values: [.number(0), .number(1), .number(0)], keyTimes: [0, 1])
        #expect(
            throws: AnimKitError.invalid(
                .invalidKeyTimes(
                    field: "kind.keyframe.keyTimes", reason: "2 keyTimes for 3 values; linear mode needs 3"))
        ) {
            try layer.add(steps, forKey: "steps")
        }
        Transaction.commit()
        #expect(try server.drain().isEmpty)
        #expect(layer.animationKeys.isEmpty)
    }
}
