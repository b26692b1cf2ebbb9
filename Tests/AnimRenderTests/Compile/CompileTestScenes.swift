import AnimCore

@testable import AnimRender

/// Scenes for the compiler and damage tests, built by hand.
struct CompileTestScene {
    var scene = StaticScene()

    /// Adds a layer; `root` appends it to the roots.
    mutating func add(
        _ id: UInt32, _ state: LayerState, sublayers: [UInt32] = [], root: Bool = false,
        transition: TransitionProgress? = nil, from snapshot: SubtreeSnapshot? = nil
    ) {
        let layerID = LayerID(id)
        scene.layers[layerID] = SceneLayer(
            id: layerID, state: state, sublayers: sublayers.map(LayerID.init), transition: transition,
            transitionFrom: snapshot)
        if root { scene.roots.append(layerID) }
    }

    mutating func addImage(_ id: UInt32, width: Int, height: Int) -> RenderImage {
        let image = RenderImage(
            key: RenderImage.Key(source: 1, image: UInt64(id)),
            pixels: PixelBuffer(size: PixelSize(width: width, height: height)))
        scene.images[ImageID(id)] = image
        return image
    }

    func compile(width: Int = 100, height: Int = 100) -> DrawList {
        DrawListCompiler(outputSize: PixelSize(width: width, height: height)).compile([scene])
    }
}

/// A layer whose frame is `frame` (bounds at the origin, anchor in the middle), then `configure`d.
func layerState(
    _ frame: Rect, class layerClass: LayerClass = .layer, _ configure: (inout LayerState) -> Void = { _ in }
) -> LayerState {
    var state = LayerState(layerClass: layerClass)
    state.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    state.position = Point(x: frame.midX, y: frame.midY)
    configure(&state)
    return state
}

let red = Color(red: 1, green: 0, blue: 0)
let green = Color(red: 0, green: 1, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1)

extension DrawItem {
    var rectDraw: RectDraw? {
        if case .rect(let r) = self { return r }
        return nil
    }
    var imageDraw: ImageDraw? {
        if case .image(let i) = self { return i }
        return nil
    }
    var groupDraw: GroupDraw? {
        if case .group(let g) = self { return g }
        return nil
    }
    var shadowDraw: ShadowDraw? {
        if case .shadow(let s) = self { return s }
        return nil
    }
    var pathDraw: PathDraw? {
        if case .path(let p) = self { return p }
        return nil
    }
}

extension RectDraw {
    /// The output box of the rectangle (exact for the translations and scales the tests use).
    var outputBox: Rect? { transform.projectedBox(of: rect) }
}

func translation(_ x: Double, _ y: Double) -> Transform3D { .translation(x, y, 0) }

/// What a sublayer's world translation looks like: its superlayer's plane drops z (m33 = 0).
func flatTranslation(_ x: Double, _ y: Double) -> Transform3D {
    var t = Transform3D.translation(x, y, 0)
    t.m33 = 0
    return t
}
