import AnimCore
import AnimRender
import Synchronization

/// The pointer's cursor as the output draws it: over every client's layers, in the frames it composes (one more
/// scene after the clients', like the splash). The input devices move and show it from the server's loop thread;
/// the output reads it when a frame is submitted. A change asks for a frame (`needsFrame`) though the scene may be
/// still.
public final class CursorOverlay: Sendable {
    static let layer = LayerID(.max - 1)
    static let image = ImageID(.max - 1)

    private struct State {
        var position = Point(x: 0, y: 0)
        var visible = false
        var changed = false
    }

    private let state = Mutex(State())
    public let image: CursorImage
    private let pixels: RenderImage

    public init(image: CursorImage = .arrow) {
        self.image = image
        pixels = RenderImage(key: CursorImage.imageKey, pixels: image.pixels)
    }

    /// The pointer's scene position (the arrow's tip) and whether the cursor is drawn.
    public var position: Point { state.withLock { $0.position } }
    public var isVisible: Bool { state.withLock { $0.visible } }

    /// Puts the cursor's tip at scene point `position` and shows or hides it; a frame is wanted when that changes
    /// what is drawn.
    public func update(position: Point, visible: Bool) {
        state.withLock { s in
            guard s.position != position || s.visible != visible else { return }
            // A hidden cursor that moves draws nothing new.
            if s.visible || visible { s.changed = true }
            s.position = position
            s.visible = visible
        }
    }

    /// The cursor changed since the last frame composed.
    public var needsFrame: Bool { state.withLock { $0.changed } }

    /// The cursor's scene for a frame (nil while hidden); the frame takes the change.
    func takeScene() -> StaticScene? {
        let (position, visible) = state.withLock { s in
            s.changed = false
            return (s.position, s.visible)
        }
        guard visible else { return nil }
        return scene(at: position)
    }

    /// The cursor's scene without taking the change (a screenshot of the current time).
    func currentScene() -> StaticScene? {
        let (position, visible) = state.withLock { ($0.position, $0.visible) }
        return visible ? scene(at: position) : nil
    }

    /// One layer the image's size whose contents are the arrow, its hotspot at `position`.
    private func scene(at position: Point) -> StaticScene {
        let size = image.pixels.size
        var state = LayerState()
        state.bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        state.anchorPoint = Point(x: 0, y: 0)
        // Whole pixels: the arrow is drawn unresampled, sharp wherever the pointer stops.
        state.position = Point(
            x: (position.x - image.hotspot.x).rounded(.down), y: (position.y - image.hotspot.y).rounded(.down))
        state.contents = Self.image
        return StaticScene(
            roots: [Self.layer], layers: [Self.layer: SceneLayer(id: Self.layer, state: state, sublayers: [])],
            images: [Self.image: pixels])
    }
}
