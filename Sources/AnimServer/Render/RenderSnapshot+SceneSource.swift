import AnimCore
import AnimDisplay
import AnimProtocol
import AnimRender

/// A client's part of a frame as the draw-list compiler reads it.
extension RenderSnapshot.Client: SceneSource {
    public func layer(_ id: LayerID) -> SceneLayer? {
        guard let layer = layers[id] else { return nil }
        return SceneLayer(
            id: id, state: layer.state, sublayers: layer.sublayers, transition: layer.transition,
            transitionFrom: layer.transitionFrom)
    }

    public func layer(_ id: LayerID, delayedBy delay: Double) -> SceneLayer? {
        guard let layer = layers.layer(id, delayedBy: delay) else { return nil }
        return SceneLayer(
            id: id, state: layer.state, sublayers: layer.sublayers, transition: layer.transition,
            transitionFrom: layer.transitionFrom)
    }

    public func localTime(of id: LayerID) -> Double? {
        try? layers.tree.localTime(of: id, fromAbsolute: time)
    }

    public func emitterHistory(of id: LayerID) -> EmitterHistory? { emitterHistories[id] }

    /// The image's pixels stay in the client's mapped memfd; the image keeps the mapping alive.
    public func image(_ id: ImageID) -> RenderImage? {
        guard let image = images[id] else { return nil }
        let format: RenderPixelFormat =
            switch image.format {
            case .rgba8Premultiplied: .rgba8Premultiplied
            case .bgra8Premultiplied: .bgra8Premultiplied
            }
        return RenderImage(
            key: RenderImage.Key(source: UInt64(session.rawValue), image: UInt64(id.rawValue)), width: image.width,
            height: image.height, stride: image.stride, format: format, bytes: image.memory.bytes,
            owner: image.memory)
    }
}

extension RenderSnapshot.Client {
    public func tiles(of layer: LayerID) -> [TiledLayerTile] { tiles[layer] ?? [] }
}

extension DisplayFrame {
    /// The frame an output draws for `snapshot`.
    init(_ snapshot: RenderSnapshot) {
        self.init(frame: snapshot.frame, time: snapshot.time, scenes: snapshot.clients)
    }
}

/// An output takes the server's frames: each is handed over to be drawn.
final class OutputFrameSink: FrameSink {
    let output: any Output

    init(_ output: any Output) {
        self.output = output
    }

    func present(_ snapshot: RenderSnapshot) {
        output.submit(DisplayFrame(snapshot))
    }
}
