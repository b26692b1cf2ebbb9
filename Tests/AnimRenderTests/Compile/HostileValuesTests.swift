@testable import AnimCore
import Testing

@testable import AnimRender

/// A client cannot set a non-finite number, but an animation can compute one from finite inputs (1e308 − (−1e308)
/// overflows, a spring can overflow), and the render tree takes presentation values as they come. Every number,
/// point, size and rect property and every entry of both transforms, set to NaN, ±∞ or ±1e308 on a layer that
/// draws everything it has (background, border, corners, shadow, contents, a clipped sublayer, its class's own
/// content), must compile and render in both renderers without trapping, and leave the layer drawn above it as
/// it was.
@Suite("Non-finite and huge presentation values", .serialized)
struct HostileValuesTests {
    static let size = PixelSize(width: 64, height: 64)
    static let hostile: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308]
    static let sentinel = Color(red: 0, green: 1, blue: 0)
    static let photo = GLESTest.image(key: 301, width: 8, height: 6) { x, y in
        (UInt8(x * 30), UInt8(y * 40), 200, 255)
    }

    /// The subject (under test) of `layerClass`, changed by `change`, below an opaque green sentinel at
    /// (52, 52, 8, 8).
    static func scene(_ layerClass: LayerClass, _ change: (inout LayerState) -> Void) -> StaticScene {
        var builder = SceneBuilder()
        let image = builder.addImage(photo, id: 9)
        let subject = builder.add(
            layer(4, 4, 40, 30, Color(red: 1, green: 0, blue: 0), class: layerClass) { s in
                s.borderWidth = 2
                s.borderColor = Color(red: 0, green: 0, blue: 1)
                s.cornerRadius = 4
                s.masksToBounds = true
                s.shadowOpacity = 1
                s.shadowRadius = 3
                s.shadowOffset = Size(width: 2, height: 2)
                s.contents = image
                s.special.modifyShape {
                    $0.path = .rect(Rect(x: 2, y: 2, width: 20, height: 10))
                    $0.strokeColor = .white
                }
                s.special.modifyText { $0.string = "Hi" }
                s.special.modifyGradient { $0.colors = [.white, .black] }
                s.special.modifyReplicator {
                    $0.instanceCount = 3
                    $0.instanceTransform = .translation(3, 0, 0)
                }
                change(&s)
            })
        builder.add(layer(2, 2, 10, 10, Color(white: 1, alpha: 0.5)), to: subject)
        builder.add(layer(52, 52, 8, 8, sentinel))
        return builder.scene
    }

    /// Every hostile case: a name and the change that makes it.
    static var cases: [(String, LayerClass, (inout LayerState) -> Void)] {
        var cases: [(String, LayerClass, (inout LayerState) -> Void)] = []
        for property in LayerProperty.allCases {
            guard let width = StridedLanes.width(of: property.valueKind),
                let layerClass = LayerClass.allCases.first(where: { property.exists(on: $0) })
            else { continue }
            for lane in 0..<width {
                for value in hostile {
                    cases.append(
                        (
                            "\(property) lane \(lane) = \(value)", layerClass,
                            { state in
                                var lanes = state.lanes(of: property) ?? .zero
                                lanes[lane] = value
                                state.setLanes(lanes, for: property)
                            }
                        ))
                }
            }
        }
        let entries: [WritableKeyPath<Transform3D, Double>] = [
            \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24, \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43,
            \.m44,
        ]
        for (index, entry) in entries.enumerated() {
            for value in hostile {
                cases.append(("transform entry \(index) = \(value)", .layer, { $0.transform[keyPath: entry] = value }))
                cases.append(
                    (
                        "sublayerTransform entry \(index) = \(value)", .layer,
                        { $0.sublayerTransform[keyPath: entry] = value }
                    ))
                cases.append(
                    (
                        "instanceTransform entry \(index) = \(value)", .replicator,
                        { state in state.special.modifyReplicator { $0.instanceTransform[keyPath: entry] = value } }
                    ))
            }
        }
        return cases
    }

    @Test func everyHostileValueRendersInBothRenderersAndLeavesTheRestDrawn() throws {
        let software = SoftwareRenderer(size: Self.size)
        let gles = try GLESTest.renderer(Self.size.width)
        let compiler = DrawListCompiler(outputSize: Self.size)
        // Without a hostile value the subject is drawn (opaque, not the clear colour) where it stands.
        let control = compiler.compile([Self.scene(.layer, { _ in })])
        for renderer in [software as any Renderer, gles] {
            _ = try renderer.render(control, damage: .full)
            let p = try renderer.readPixels(PixelRect(size: Self.size)).pixel(x: 30, y: 25)
            #expect(p.a == 255 && p.b == 200, "the subject's contents in \(renderer.info.kind)")
        }
        var checked = 0
        for (name, layerClass, change) in Self.cases {
            let list = compiler.compile([Self.scene(layerClass, change)])
            for renderer in [software as any Renderer, gles] {
                _ = try renderer.render(list, damage: .full)
                let pixels = try renderer.readPixels(PixelRect(size: Self.size))
                let p = pixels.pixel(x: 56, y: 56)
                #expect(p.r == 0 && p.g == 255 && p.b == 0 && p.a == 255, "\(name) in \(renderer.info.kind)")
            }
            checked += 1
        }
        #expect(checked > 500)
    }
}
