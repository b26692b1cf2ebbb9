import AnimCore
import AnimTestSupport
import Foundation
import Testing

@testable import AnimRender

/// Emitter layers compiled at fixed emitter times and drawn by both renderers (docs/core-animation-rules.md#caemitterlayer).
/// Stated tolerances: the software renderer against its goldens `RenderTolerance.software`; GLES against software and
/// the goldens `RenderTolerance.gles` (particles are rotated, bilinearly sampled images); single-particle pixels within
/// 2/255 a channel of the expected colour. `ANIMSERVER_RECORD_GOLDENS=1` rewrites the goldens from the software renderer.
@Suite("Emitter layers in both renderers", .serialized)
struct EmitterRenderingTests {
    static let size = PixelSize(width: 96, height: 72)

    /// A w × h image of one premultiplied colour.
    static func solidImage(_ w: Int, _ h: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8), key: UInt64) -> RenderImage {
        RenderImage(
            key: .init(source: 0, image: key),
            pixels: PixelBuffer(
                size: PixelSize(width: w, height: h),
                bytes: Array((0..<(w * h)).map { _ in [rgba.0, rgba.1, rgba.2, rgba.3] }.joined())))
    }

    static func cell(_ image: UInt32?, _ change: (inout EmitterCell) -> Void = { _ in }) -> EmitterCell {
        var cell = EmitterCell(name: "c")
        cell.birthRate = 1
        cell.lifetime = 10
        cell.contents = image.map(ImageID.init)
        change(&cell)
        return cell
    }

    /// An emitter layer filling the output over `background`, its cells and properties set by `change`, at `time`.
    static func scene(
        time: Double, background: Color? = Color(white: 0.1), images: [UInt32: RenderImage],
        _ change: (inout EmitterLayerProperties) -> Void, layer configure: (inout LayerState) -> Void = { _ in }
    ) -> StaticScene {
        var state = LayerState(layerClass: .emitter)
        state.bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        state.position = Point(x: Double(size.width) / 2, y: Double(size.height) / 2)
        state.backgroundColor = background
        state.special.modifyEmitter(change)
        configure(&state)
        let id = LayerID(1)
        var scene = StaticScene(roots: [id], layers: [id: SceneLayer(id: id, state: state, sublayers: [])], time: time)
        for (key, image) in images { scene.images[ImageID(key)] = image }
        return scene
    }

    static func compile(_ scene: StaticScene, clear: Color = .black) -> DrawList {
        DrawListCompiler(outputSize: size, clearColor: clear).compile([scene])
    }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: (Int, Int, Int, Int)) -> Bool {
        abs(Int(p.r) - e.0) <= 2 && abs(Int(p.g) - e.1) <= 2 && abs(Int(p.b) - e.2) <= 2 && abs(Int(p.a) - e.3) <= 2
    }

    @Test func particlesDrawAboveTheBorderOneItemPerCellWithAnImage() throws {
        let list = Self.compile(
            Self.scene(time: 2.5, images: [7: Self.solidImage(4, 4, (255, 255, 255, 255), key: 7)]) {
                $0.emitterCells = [
                    Self.cell(7) { $0.emitterCells = [Self.cell(7) { $0.birthRate = 2 }] }, Self.cell(nil),
                ]
                $0.emitterPosition = Point(x: 48, y: 36)
            } layer: {
                $0.borderWidth = 2
                $0.borderColor = .white
            })
        let kinds = list.items.map { item -> String in
            switch item {
            case .rect(let r): r.borderWidth == nil ? "background" : "border"
            case .particles(let p): "particles \(p.particles.count)"
            default: "other"
            }
        }
        // Three parents (born at 0, 1, 2 s), each with sparks at 2/s of its age: 6 + 4 + 2; the cell without
        // contents draws nothing.
        #expect(kinds == ["background", "border", "particles 3", "particles 12"])
    }

    @Test func aParticleIsItsImageTimesItsColourAtItsPlace() throws {
        // One particle (born at 0, 1 s old) moving right at 20 pt/s from (20, 30): centred on (40, 30), 8 × 8 pt.
        let scene = Self.scene(
            time: 1, background: nil, images: [3: Self.solidImage(8, 8, (255, 255, 255, 255), key: 3)]
        ) {
            $0.emitterCells = [
                Self.cell(3) {
                    $0.velocity = 20
                    $0.color = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
                    $0.birthRate = 0.5
                }
            ]
            $0.emitterPosition = Point(x: 20, y: 30)
        }
        let frames = try TestRenderers.drawBoth(Self.compile(scene))
        for (renderer, frame) in [("software", frames.software), ("gles", frames.gles)] {
            #expect(
                Self.near(frame.pixel(x: 40, y: 30), (255, 128, 0, 255)), "\(renderer): \(frame.pixel(x: 40, y: 30))")
            #expect(Self.near(frame.pixel(x: 37, y: 27), (255, 128, 0, 255)), "\(renderer)")
            #expect(Self.near(frame.pixel(x: 35, y: 30), (0, 0, 0, 255)), "\(renderer): \(frame.pixel(x: 35, y: 30))")
            #expect(Self.near(frame.pixel(x: 44, y: 30), (0, 0, 0, 255)), "\(renderer): \(frame.pixel(x: 44, y: 30))")
        }
    }

    @Test func additiveParticlesAddWhereTheyOverlap() throws {
        // Two half-transparent grey particles on the same spot (velocity 0): over gives 0.25 + 0.5·0.75 of the
        // white, added gives the sum, 0.5 + 0.5 on black.
        func frame(_ mode: String) throws -> (software: PixelBuffer, gles: PixelBuffer) {
            let scene = Self.scene(
                time: 1, background: nil, images: [3: Self.solidImage(8, 8, (255, 255, 255, 255), key: 3)]
            ) {
                $0.emitterCells = [Self.cell(3) { $0.color = Color(white: 1, alpha: 0.5) }]
                $0.emitterPosition = Point(x: 40, y: 30)
                $0.renderMode = mode
            }
            return try TestRenderers.drawBoth(Self.compile(scene))
        }
        for (renderer, pixel) in try [("software", frame("additive").software), ("gles", frame("additive").gles)] {
            #expect(
                Self.near(pixel.pixel(x: 40, y: 30), (255, 255, 255, 255)), "\(renderer): \(pixel.pixel(x: 40, y: 30))")
        }
        for (renderer, pixel) in try [("software", frame("unordered").software), ("gles", frame("unordered").gles)] {
            #expect(
                Self.near(pixel.pixel(x: 40, y: 30), (191, 191, 191, 255)), "\(renderer): \(pixel.pixel(x: 40, y: 30))")
        }
    }

    @Test func oldestLastDrawsTheOldestParticleOnTop() throws {
        let list = Self.compile(
            Self.scene(time: 3.5, images: [3: Self.solidImage(4, 4, (255, 255, 255, 255), key: 3)]) {
                $0.emitterCells = [Self.cell(3) { $0.velocity = 10 }]
                $0.renderMode = "oldestLast"
            })
        guard case .particles(let p) = list.items.last else {
            Issue.record("no particles")
            return
        }
        // Born at 0, 1, 2, 3 s: 3.5, 2.5, 1.5, 0.5 s old, drawn youngest first.
        #expect(p.particles.map(\.placement.tx) == [5, 15, 25, 35])
    }

    @Test func aMovingParticleDamagesWhereItWasAndWhereItIs() throws {
        // One particle moving right at 20 pt/s from (20, 30), 8 pt wide: at 1 s on 36..<44, at 1.5 s on 46..<54.
        func list(at time: Double) -> DrawList {
            Self.compile(
                Self.scene(
                    time: time, background: nil, images: [3: Self.solidImage(8, 8, (255, 255, 255, 255), key: 3)]
                ) {
                    $0.emitterCells = [
                        Self.cell(3) {
                            $0.velocity = 20
                            $0.birthRate = 0.5
                        }
                    ]
                    $0.emitterPosition = Point(x: 20, y: 30)
                })
        }
        let tracker = DamageTracker()
        _ = tracker.damage(for: list(at: 1))
        #expect(tracker.damage(for: list(at: 1)) == .region([]))
        guard case .region(let rects) = tracker.damage(for: list(at: 1.5)) else {
            Issue.record("a full redraw")
            return
        }
        let union = try #require(rects.dropFirst().reduce(rects.first) { $0?.union($1) })
        #expect(union.x <= 36 && union.maxX >= 54 && union.y <= 26 && union.maxY >= 34)
        #expect(union.width <= 22 && union.height <= 12)
    }

    static let goldensFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Confetti and sparks: a rectangle emitter of spinning tinted sub-rectangles of one image falling under gravity,
    /// sub-cells, additive sparks; masksToBounds with rounded corners, at three fixed emitter times.
    @Test(arguments: [0.5, 1.5, 4.0])
    func confettiMatchesItsGoldenInBothRenderers(time: Double) throws {
        let scene = Self.scene(time: time, images: [1: TestImages.quadrants(width: 16, height: 16, key: 1)]) {
            $0.emitterShape = "rectangle"
            $0.emitterMode = "surface"
            $0.emitterPosition = Point(x: 48, y: 12)
            $0.emitterSize = Size(width: 60, height: 8)
            $0.seed = 20
            $0.emitterCells = [
                Self.cell(1) {
                    $0.birthRate = 12
                    $0.lifetime = 3
                    $0.lifetimeRange = 1
                    $0.velocity = 25
                    $0.velocityRange = 10
                    $0.emissionLongitude = .pi / 2
                    $0.emissionRange = 1
                    $0.yAcceleration = 10
                    $0.spin = 2
                    $0.spinRange = 4
                    $0.scale = 0.6
                    $0.scaleRange = 0.3
                    $0.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 0.5)
                    $0.redRange = 0.5
                    $0.greenRange = 0.5
                    $0.alphaSpeed = -0.2
                },
                Self.cell(1) {
                    $0.birthRate = 1
                    $0.lifetime = 1.2
                    $0.velocity = 30
                    $0.emissionLongitude = .pi / 2
                    $0.scale = 0.25
                    $0.emitterCells = [
                        Self.cell(1) {
                            $0.birthRate = 8
                            $0.lifetime = 0.6
                            $0.velocity = 20
                            $0.emissionRange = 2 * .pi
                            $0.scale = 0.2
                            $0.color = Color(red: 1, green: 0.8, blue: 0.3, alpha: 0.8)
                        }
                    ]
                },
            ]
        } layer: {
            $0.masksToBounds = true
            $0.cornerRadius = 10
        }
        let (software, gles) = try TestRenderers.drawBoth(Self.compile(scene))
        let name = "emitter-confetti-\(time)"
        let golden = try GoldenImage.read(Self.goldensFolder.appendingPathComponent("\(name).png"), recording: software)
        for (actual, expected, tolerance, label) in [
            (software, golden, RenderTolerance.software, "\(name)-software"),
            (gles, software, RenderTolerance.gles, "\(name)-gles-vs-software"),
            (gles, golden, RenderTolerance.gles, "\(name)-gles"),
        ] {
            let comparison = try GoldenImage.compare(actual, against: expected, tolerance, label: label)
            #expect(comparison.passes, "\(comparison.message)")
        }
    }
}
