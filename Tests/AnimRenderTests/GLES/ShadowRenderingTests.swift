import AnimCore
import AnimTestSupport
import Foundation
import Testing

@testable import AnimRender

/// Layer shadows compiled from scenes and drawn by both renderers, checked pixel by pixel (the rules are in
/// docs/core-animation-rules.md). Stated tolerance: 2/255 a channel against the expected colour, and GLES
/// against software as `RenderTolerance.crossRenderer`.
@Suite("Shadows in both renderers", .serialized)
struct ShadowRenderingTests {
    static let size = PixelSize(width: 64, height: 64)

    /// `scene` compiled for `size` on `clear` and drawn by the software renderer and by GLES.
    static func renderBoth(
        _ scene: StaticScene, size: PixelSize = size, clear: Color
    ) throws -> [(renderer: String, frame: PixelBuffer)] {
        let frames = try TestRenderers.drawBoth(DrawListCompiler(outputSize: size, clearColor: clear).compile([scene]))
        return [("software", frames.software), ("gles", frames.gles)]
    }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: (Int, Int, Int, Int)) -> Bool {
        abs(Int(p.r) - e.0) <= 2 && abs(Int(p.g) - e.1) <= 2 && abs(Int(p.b) - e.2) <= 2 && abs(Int(p.a) - e.3) <= 2
    }

    /// A half-transparent blue 24 × 24 layer at (16, 16) with a black shadow moved by (6, 6), σ = 2.
    static func shadowedLayer(masksToBounds: Bool, cornerRadius: Double) -> StaticScene {
        var b = SceneBuilder()
        b.add(
            layer(16, 16, 24, 24, Color(red: 0, green: 0, blue: 1, alpha: 0.5)) {
                $0.masksToBounds = masksToBounds
                $0.cornerRadius = cornerRadius
                $0.shadowOpacity = 1
                $0.shadowRadius = 2
                $0.shadowOffset = Size(width: 6, height: 6)
            })
        return b.scene
    }

    /// Square corners clip by pixels; rounded ones through a group masked by the rounded bounds.
    @Test(arguments: [0.0, 6.0])
    func masksToBoundsClipsTheLayersOwnShadow(cornerRadius: Double) throws {
        let white = (255, 255, 255, 255)
        let inside = 16..<40
        for (renderer, frame) in try Self.renderBoth(
            Self.shadowedLayer(masksToBounds: true, cornerRadius: cornerRadius), clear: .white)
        {
            var shadowed: [String] = []
            for y in 0..<Self.size.height {
                for x in 0..<Self.size.width where !(inside.contains(x) && inside.contains(y)) {
                    if !Self.near(frame.pixel(x: x, y: y), white) { shadowed.append("(\(x), \(y))") }
                }
            }
            #expect(shadowed.isEmpty, "\(renderer): shadow outside the bounds at \(shadowed.prefix(8))")
            // Past the rounded corner, inside the bounds' box: clipped too.
            if cornerRadius > 0 {
                #expect(Self.near(frame.pixel(x: 39, y: 39), white), "\(renderer): \(frame.pixel(x: 39, y: 39))")
            }
            // Inside the bounds the shadow stays, under the background: the shadow of a half-transparent layer
            // is half black (white → 128), and the half-transparent blue goes over it.
            #expect(
                Self.near(frame.pixel(x: 36, y: 30), (64, 64, 191, 255)), "\(renderer): \(frame.pixel(x: 36, y: 30))")
        }
        // The same layer without masksToBounds casts its half-black shadow past its bounds: 4.5 px = 2.25σ
        // inside the shadow's edge, 0.988 of it.
        for (renderer, frame) in try Self.renderBoth(
            Self.shadowedLayer(masksToBounds: false, cornerRadius: cornerRadius), clear: .white)
        {
            #expect(
                Self.near(frame.pixel(x: 41, y: 30), (129, 129, 129, 255)), "\(renderer): \(frame.pixel(x: 41, y: 30))")
            #expect(frame.pixel(x: 39, y: 39).r < 140, "\(renderer): \(frame.pixel(x: 39, y: 39))")
        }
    }

    @Test func aSharpShadowMovedFurtherThanItsBlurIsWholeInBothRenderers() throws {
        var b = SceneBuilder()
        b.add(
            layer(10, 10, 20, 20, Color(red: 1, green: 0, blue: 0)) {
                $0.shadowOpacity = 1
                $0.shadowRadius = 0
                $0.shadowOffset = Size(width: 6, height: 6)
            })
        let frames = try Self.renderBoth(b.scene, clear: .white)
        let body = 10..<30
        let shadow = 16..<36
        for (renderer, frame) in frames {
            var wrong: [String] = []
            for y in 0..<Self.size.height {
                for x in 0..<Self.size.width {
                    let expected =
                        body.contains(x) && body.contains(y)
                        ? (255, 0, 0, 255)
                        : shadow.contains(x) && shadow.contains(y) ? (0, 0, 0, 255) : (255, 255, 255, 255)
                    if !Self.near(frame.pixel(x: x, y: y), expected) { wrong.append("(\(x), \(y))") }
                }
            }
            #expect(wrong.isEmpty, "\(renderer): \(wrong.count) pixels wrong, first \(wrong.prefix(8))")
        }
        let comparison = PixelComparison(
            actual: frames[1].frame, expected: frames[0].frame, tolerance: RenderTolerance.crossRenderer)
        #expect(comparison.passes, "GLES against software: \(comparison)")
    }

    /// A shadow is blurred whole, then cut by the output: the 64-pixel output of a layer hanging over its left
    /// edge is the same as the right part of an output 16 pixels wider with everything 16 pixels further
    /// right.
    @Test func aShadowAtTheOutputsEdgeIsBlurredAsIfTheOutputWereLarger() throws {
        func scene(x: Double) -> StaticScene {
            var b = SceneBuilder()
            b.add(
                layer(x, 20, 30, 24, Color(red: 0, green: 0.5, blue: 1)) {
                    $0.shadowOpacity = 1
                    $0.shadowRadius = 3
                    $0.shadowOffset = Size(width: 4, height: 2)
                })
            return b.scene
        }
        let small = try Self.renderBoth(scene(x: -10), clear: .white)
        let large = try Self.renderBoth(scene(x: 6), size: PixelSize(width: 80, height: 64), clear: .white)
        for (drawn, wider) in zip(small, large) {
            let expected = wider.frame.cropped(to: PixelRect(x: 16, y: 0, width: 64, height: 64))
            let comparison = PixelComparison(
                actual: drawn.frame, expected: expected,
                tolerance: PixelComparison.Tolerance(maxChannelDifference: 2, requiredFraction: 1))
            #expect(comparison.passes, "\(drawn.renderer): \(comparison)")
        }
    }

    /// The damage of a moving shadow reaches as far as its blur (3σ = 3 × shadowRadius): drawing only the
    /// damaged pixels over the last frame gives the whole frame.
    @Test func aMovingShadowsDamageCoversItsBlur() throws {
        func list(x: Double) -> DrawList {
            var b = SceneBuilder()
            b.add(
                layer(x, 20, 16, 16, Color(red: 1, green: 0.5, blue: 0)) {
                    $0.shadowOpacity = 1
                    $0.shadowRadius = 5
                    $0.shadowOffset = Size(width: 0, height: 3)
                })
            return DrawListCompiler(outputSize: Self.size, clearColor: .white).compile([b.scene])
        }
        let renderers: [(String, any Renderer)] = [
            ("software", SoftwareRenderer(size: Self.size)), ("gles", try GLESRenderer(size: Self.size)),
        ]
        for (name, renderer) in renderers {
            let tracker = DamageTracker()
            _ = try renderer.render(list(x: 14), damage: tracker.damage(for: list(x: 14)))
            let damage = tracker.damage(for: list(x: 34))
            _ = try renderer.render(list(x: 34), damage: damage)
            let incremental = try renderer.readPixels(PixelRect(size: Self.size))
            _ = try renderer.render(list(x: 34), damage: .full)
            let full = try renderer.readPixels(PixelRect(size: Self.size))
            let comparison = PixelComparison(actual: incremental, expected: full, tolerance: .exact)
            #expect(comparison.passes, "\(name) after damage \(damage): \(comparison)")
        }
    }

    /// The blur's standard deviation measured from the pixels: across the straight edge of a large opaque
    /// shadow, the coverage a distance d outside the edge is the Gaussian's upper tail Q(d / σ) with
    /// σ = shadowRadius (0.159 at σ, 0.841 at σ inside; with σ = shadowRadius / 2 they would be 0.023 and 0.977).
    @Test(arguments: [2.5, 4.5])
    func theBlursStandardDeviationIsTheShadowRadius(shadowRadius: Double) throws {
        let size = PixelSize(width: 96, height: 96)
        var b = SceneBuilder()
        b.add(
            layer(30, 16, 60, 64, nil) {
                $0.shadowOpacity = 1
                $0.shadowRadius = shadowRadius
                $0.shadowOffset = .zero
                $0.shadowPath = .rect(Rect(x: 0, y: 0, width: 60, height: 64))
            })
        let sigma = shadowRadius
        func tail(_ d: Double) -> Double { erfc(d / (sigma * 2.0.squareRoot())) / 2 }
        for (renderer, frame) in try Self.renderBoth(b.scene, size: size, clear: .clear) {
            // Row 48 crosses the left edge at x = 30; pixel x's centre lies 30 − (x + 0.5) outside it.
            let reach = Int((3 * sigma).rounded(.up)) + 2
            for x in (30 - reach)..<(30 + reach) {
                let d = 30 - (Double(x) + 0.5)
                let coverage = Double(frame.pixel(x: x, y: 48).a) / 255
                #expect(
                    abs(coverage - tail(d)) < 0.01,
                    "\(renderer): coverage \(coverage) at \(d) px outside the edge, expected \(tail(d))")
            }
            // The named points of the profile, at the pixels whose centres lie σ outside and σ inside.
            let edge = 30.0 - 0.5
            for (distance, expected) in [(sigma, 0.159), (-sigma, 0.841)] {
                let coverage = Double(frame.pixel(x: Int(edge - distance), y: 48).a) / 255
                #expect(
                    abs(coverage - expected) < 0.01, "\(renderer): \(coverage) at \(distance), expected \(expected)")
            }
        }
    }
}
