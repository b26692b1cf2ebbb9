import Testing

@testable import AnimCore

/// `PresentationEvaluator.value(of:…)`: a transform component reads the value its animation computed
/// (docs/core-animation-rules.md, reading a transform component), not the decomposed matrix.
@Suite("Transform components read as animated")
struct ComponentValueTests {
    private func read(_ path: String, _ h: Harness, at t: Double) -> PropertyValue {
        PresentationEvaluator.value(of: keyPath(path), model: h.model, animations: h.animations, atLocalTime: t)
    }

    private func turn(
        _ path: String = "transform.rotation.z", to angle: Double = 2 * .pi, additive: Bool = false
    )
        -> Animation
    {
        basic(path, from: .number(0), to: .number(angle), additive: additive)
    }

    /// A 0 → 2π turn read at 0.75 is 3π/2; the matrix decomposes to −π/2.
    @Test func basicTurnReadsTheAnimatedAngle() throws {
        var h = Harness()
        try h.add(turn())
        #expect(read("transform.rotation.z", h, at: 0.75) == .number(1.5 * .pi))
        #expect(close(try h.number("transform.rotation.z", at: 0.75), -0.5 * .pi, 1e-12))
        // Before it starts and after it is removed: the model's decomposition.
        #expect(read("transform.rotation.z", h, at: 1) == .number(0))
    }

    @Test func keyframeTurnReadsTheAnimatedAngle() throws {
        var h = Harness()
        try h.add(
            Animation(
                .keyframe(
                    KeyframeAnimation(
                        keyPath: keyPath("transform.rotation.z"), values: [.number(0), .number(.pi), .number(2 * .pi)])),
                timing: MediaTiming(duration: 1)))
        #expect(read("transform.rotation.z", h, at: 0.75) == .number(1.5 * .pi))
    }

    /// An additive turn adds to the running angle; a turn about x is independent of z.
    @Test func additiveAndIndependentComponents() throws {
        var h = Harness()
        try h.add(turn(), key: "z")
        try h.add(turn("transform.rotation.x"), key: "x")
        try h.add(turn(to: 1, additive: true), key: "more")
        #expect(read("transform.rotation.z", h, at: 0.75) == .number(1.5 * .pi + 0.75))
        #expect(read("transform.rotation.x", h, at: 0.75) == .number(1.5 * .pi))
    }

    /// An animation of the whole transform after the turn replaces the angle by the matrix's decomposition.
    @Test func wholeTransformAnimationDecomposes() throws {
        var h = Harness()
        try h.add(turn(), key: "z")
        try h.add(
            basic("transform", from: .transform(.identity), to: .transform(.rotation(.pi / 2, 0, 0, 1))), key: "whole")
        #expect(close(read("transform.rotation.z", h, at: 0.5).numberValue ?? .nan, .pi / 4, 1e-12))
    }

    /// A vector component (the general program's path): `transform.translation` reads its size.
    @Test func translationReadsTheAnimatedSize() throws {
        var h = Harness()
        try h.add(
            basic("transform.translation", from: .size(Size(width: 0, height: 0)), to: .size(Size(width: 8, height: 4)))
        )
        #expect(read("transform.translation", h, at: 0.25) == .size(Size(width: 2, height: 1)))
    }
}
