import AnimCore
import AnimProtocol
import AnimRender
import AnimTransport
import Testing

@testable import AnimServer

@Suite("Scene adapter: a render snapshot's client as the compiler's SceneSource")
struct SceneAdapterTests {
    @Test func layersComeWithTheirPresentationStateAndSublayers() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit(
            [
                W.create(1), W.create(2), W.insert(2, into: 1), W.create(3), W.set(3, "opacity", .number(0.5)),
                W.set(1, "mask", .layer(3)),
                W.add(W.basic("opacity", from: .number(0), to: .number(1), duration: 2), to: 2, id: 1, key: "fade"),
            ], from: s)
        try h.frame(at: 0.5)
        let scene: any SceneSource = try #require(h.sink.lastSnapshot?.clients.first)
        #expect(scene.roots == [LayerID(1)])
        let root = try #require(scene.layer(LayerID(1)))
        #expect(root.sublayers == [LayerID(2)])
        #expect(root.state.mask == LayerID(3))
        #expect(root.transition == nil && root.transitionFrom == nil)
        #expect(scene.layer(LayerID(2))?.state.opacity == 0.25)
        #expect(scene.layer(LayerID(3))?.state.opacity == 0.5)
        #expect(scene.layer(LayerID(4)) == nil)
    }

    @Test func imagesAreTheClientsMappedMemfdKeyedBySessionAndImage() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let (fd, memory) = try SharedMemory.create(name: "adapter-test", size: 24)
        if let bytes = memory.mutableBytes {
            for i in 0..<bytes.count { bytes[i] = UInt8(i) }
        }
        try SharedMemory.seal(fd: fd)
        let upload = ImageUpload(image: 5, width: 2, height: 2, stride: 12, format: .bgra8Premultiplied, fds: [fd])
        #expect(h.send(.imageUpload(upload), from: s, fds: [fd]).isEmpty)
        try h.frame(at: 0)
        let scene: any SceneSource = try #require(h.sink.lastSnapshot?.clients.first)
        let image = try #require(scene.image(ImageID(5)))
        #expect(image.key == RenderImage.Key(source: UInt64(s.rawValue), image: 5))
        #expect(image.size == PixelSize(width: 2, height: 2))
        #expect(image.stride == 12)
        #expect(image.format == .bgra8Premultiplied)
        #expect(Array(image.bytes) == (0..<24).map(UInt8.init))
        #expect(scene.image(ImageID(6)) == nil)
        // The image keeps the mapping: releasing it in the server leaves the frame's copy readable.
        #expect(h.send(.imageRelease(ImageRelease(image: 5)), from: s).isEmpty)
        #expect(Array(image.bytes) == (0..<24).map(UInt8.init))
    }
}
