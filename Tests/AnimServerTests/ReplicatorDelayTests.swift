import AnimCore
import AnimProtocol
import AnimRender
import AnimTestSupport
import Foundation
import Testing

@testable import AnimServer

/// A replicator's instanceDelay in the server's frames: instance i's sublayers show their animations as they
/// were i · instanceDelay earlier (docs/core-animation-rules.md#careplicatorlayer).
@Suite("Replicator instanceDelay in the server's frames")
struct ReplicatorDelayTests {
    @Test func eachInstanceShowsItsSublayersAnimationsInstanceDelayLater() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1, .replicator), W.create(2), W.insert(2, into: 1),
                W.set(1, "bounds", .rect(WireRect(x: 0, y: 0, width: 60, height: 20))),
                W.set(1, "position", W.point(30, 10)),
                W.set(1, "instanceCount", .number(4)), W.set(1, "instanceDelay", .number(0.25)),
                W.set(2, "bounds", .rect(WireRect(x: 0, y: 0, width: 10, height: 10))),
                W.set(2, "position", W.point(5, 5)),
                W.set(2, "backgroundColor", .color(WireColor(red: 1, green: 1, blue: 1, alpha: 1))),
                W.add(W.basic("opacity", from: .number(0), to: .number(1), duration: 2), to: 2, id: 1, key: "fade"),
            ], from: s)
        try h.frame(at: 0.5)
        let client = try #require(h.sink.lastSnapshot?.clients.first)
        #expect(client.layers.layer(LayerID(2), delayedBy: 0.25)?.state.opacity == 0.125)
        #expect(client.layers.layer(LayerID(2), delayedBy: 0)?.state.opacity == 0.25)
        let list = DrawListCompiler(outputSize: PixelSize(width: 64, height: 32)).compile([client])
        // Opacity (0.5 − 0.25 i) / 2: 0.25, 0.125, then none at the animation's start; the last instance's time,
        // −0.25, is before the animation begins, so it shows the model opacity, 1.
        #expect(
            list.items.compactMap { if case .rect(let r) = $0 { r.color.alpha } else { nil } } == [0.25, 0.125, 1])
        try h.frame(at: 1.25)
        let later = try #require(h.sink.lastSnapshot?.clients.first)
        let laterList = DrawListCompiler(outputSize: PixelSize(width: 64, height: 32)).compile([later])
        #expect(
            laterList.items.compactMap { if case .rect(let r) = $0 { r.color.alpha } else { nil } } == [
                0.625, 0.5, 0.375, 0.25,
            ])
    }

    /// The activity spinner of `ReplicatorScenes.spinner` built over the wire and drawn from the server's frames on
    /// its manual clock: both renderers match the goldens the static scene recorded at the same times.
    @Test(arguments: [1.0, 1.25, 1.5])
    func theSpinnerFromTheServersFramesMatchesItsGoldenInBothRenderers(at time: Double) throws {
        let h = ServerHarness()
        let s = try h.connect()
        func frame(_ id: UInt32, _ x: Double, _ y: Double, _ w: Double, _ hgt: Double) -> [WireOperation] {
            [
                W.set(id, "bounds", .rect(WireRect(x: 0, y: 0, width: w, height: hgt))),
                W.set(id, "position", W.point(x + w / 2, y + hgt / 2)),
            ]
        }
        var fade = W.basic("opacity", from: .number(1), to: .number(0.15), duration: 1)
        fade.timing.repeatCount = MediaTiming.foreverRepeatCount
        h.commit(
            [W.create(1), W.create(2, .replicator), W.create(3), W.insert(3, into: 2)] + frame(1, 0, 0, 96, 72)
                + frame(2, 18, 6, 60, 60) + frame(3, 27, 3, 6, 16) + [
                    W.set(1, "backgroundColor", .color(WireColor(red: 0.12, green: 0.12, blue: 0.12, alpha: 1))),
                    W.set(2, "instanceCount", .number(12)),
                    W.set(2, "instanceTransform", .transform(Transform3D.rotation(.pi / 6, 0, 0, 1).wire)),
                    W.set(2, "instanceDelay", .number(1.0 / 12)),
                    W.set(3, "backgroundColor", .color(WireColor(red: 1, green: 1, blue: 1, alpha: 1))),
                    W.set(3, "cornerRadius", .number(3)), W.add(fade, to: 3, id: 1, key: "fade"),
                ], from: s)
        try h.frame(at: time)
        let client = try #require(h.sink.lastSnapshot?.clients.first)
        let list = DrawListCompiler(outputSize: PixelSize(width: 96, height: 72)).compile([client])
        let (software, gles) = try TestRenderers.drawBoth(list)
        let name = "replicator-spinner-\(Int((time * 100).rounded()))"
        let golden = try GoldenImage.read(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("AnimRenderTests/Goldens/\(name).png"))
        let soft = try GoldenImage.compare(software, against: golden, RenderTolerance.software, label: "\(name)-server")
        #expect(soft.passes, "\(soft.message)")
        let gpu = try GoldenImage.compare(gles, against: golden, RenderTolerance.gles, label: "\(name)-server-gles")
        #expect(gpu.passes, "\(gpu.message)")
    }
}
