import AnimCore

@testable import AnimRender

/// Builds a `StaticScene` layer by layer for the scene suite: ids are handed out in order, sublayers are
/// appended back to front.
struct SceneBuilder {
    private(set) var scene = StaticScene()
    private var nextID: UInt32 = 1

    /// Adds `state` under `parent` (a root when nil) in front of its earlier sublayers.
    @discardableResult
    mutating func add(_ state: LayerState, to parent: LayerID? = nil) -> LayerID {
        let id = LayerID(nextID)
        nextID += 1
        scene.layers[id] = SceneLayer(id: id, state: state, sublayers: [])
        if let parent, let p = scene.layers[parent] {
            scene.layers[parent] = SceneLayer(
                id: parent, state: p.state, sublayers: p.sublayers + [id], transition: p.transition,
                transitionFrom: p.transitionFrom)
        } else if parent == nil {
            scene.roots.append(id)
        }
        return id
    }

    /// Adds `state` as the mask of `layer` (a mask has no superlayer and is not a root).
    @discardableResult
    mutating func addMask(_ state: LayerState, of layer: LayerID) -> LayerID {
        let id = LayerID(nextID)
        nextID += 1
        scene.layers[id] = SceneLayer(id: id, state: state, sublayers: [])
        update(layer) { $0.mask = id }
        return id
    }

    /// Adds `state` under a mask layer or another layer that is not a root, without making it a root.
    @discardableResult
    mutating func add(_ state: LayerState, underMask mask: LayerID) -> LayerID {
        add(state, to: mask)
    }

    mutating func update(_ id: LayerID, _ change: (inout LayerState) -> Void) {
        guard let old = scene.layers[id] else { return }
        var state = old.state
        change(&state)
        scene.layers[id] = SceneLayer(
            id: id, state: state, sublayers: old.sublayers, transition: old.transition,
            transitionFrom: old.transitionFrom)
    }

    /// Runs `transition` at `progress` on `layer`, whose old side is `old` (the layer's subtree as it was).
    mutating func setTransition(on id: LayerID, _ progress: TransitionProgress, from old: SubtreeSnapshot) {
        guard let layer = scene.layers[id] else { return }
        scene.layers[id] = SceneLayer(
            id: id, state: layer.state, sublayers: layer.sublayers, transition: progress, transitionFrom: old)
    }

    mutating func addImage(_ image: RenderImage, id: UInt32) -> ImageID {
        let imageID = ImageID(id)
        scene.images[imageID] = image
        return imageID
    }
}

/// A layer state with the given frame (position from the anchor point 0.5, 0.5) and background.
func layer(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color? = nil, class layerClass: LayerClass = .layer,
    _ configure: (inout LayerState) -> Void = { _ in }
) -> LayerState {
    var s = LayerState(layerClass: layerClass)
    s.bounds = Rect(x: 0, y: 0, width: w, height: h)
    s.position = Point(x: x + w / 2, y: y + h / 2)
    s.backgroundColor = color
    configure(&s)
    return s
}

/// The scene suite's colours.
enum Palette {
    static let red = Color(red: 0.9, green: 0.1, blue: 0.1)
    static let green = Color(red: 0.1, green: 0.75, blue: 0.2)
    static let blue = Color(red: 0.15, green: 0.3, blue: 0.9)
    static let yellow = Color(red: 0.95, green: 0.85, blue: 0.1)
    static let grey = Color(white: 0.5)
    static let white = Color.white
}

/// The images the scenes show: a 16×16 (or larger) pattern of four coloured quadrants with a one-pixel white
/// frame and a diagonal, so orientation, scaling, edges and filtering all show.
enum TestImages {
    static func quadrants(width: Int = 16, height: Int = 16, key: UInt64 = 1) -> RenderImage {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let rgba: (UInt8, UInt8, UInt8, UInt8)
                if x == 0 || y == 0 || x == width - 1 || y == height - 1 {
                    rgba = (255, 255, 255, 255)
                } else if x * height == y * width {
                    rgba = (0, 0, 0, 255)
                } else if x < width / 2 {
                    rgba = y < height / 2 ? (230, 30, 30, 255) : (30, 60, 230, 255)
                } else {
                    rgba = y < height / 2 ? (30, 190, 50, 255) : (128, 112, 16, 128)  // translucent, premultiplied
                }
                bytes += [rgba.0, rgba.1, rgba.2, rgba.3]
            }
        }
        return RenderImage(
            key: .init(source: 0, image: key),
            pixels: PixelBuffer(size: PixelSize(width: width, height: height), bytes: bytes))
    }

    /// A wide strip (e.g. 20000×300) whose colour changes every 100 columns, with a marker row: far wider than
    /// a forced 2048-pixel texture limit.
    static func strip(width: Int, height: Int, key: UInt64 = 2) -> RenderImage {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let band = x / 100
                let i = (y * width + x) * 4
                bytes[i] = UInt8((band * 37) % 256)
                bytes[i + 1] = UInt8((band * 91 + y) % 256)
                bytes[i + 2] = UInt8((band * 53) % 256)
            }
        }
        return RenderImage(
            key: .init(source: 0, image: key),
            pixels: PixelBuffer(size: PixelSize(width: width, height: height), bytes: bytes))
    }
}

/// A shape layer with the given frame showing `path`, its properties changed by `change`.
func shape(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ path: BezierPath,
    _ change: (inout ShapeLayerProperties) -> Void
) -> LayerState {
    layer(x, y, w, h, nil, class: .shape) {
        $0.special.modifyShape {
            $0.path = path
            change(&$0)
        }
    }
}

/// A gradient layer with the given frame, its properties changed by `change`.
func gradient(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ change: (inout GradientLayerProperties) -> Void
) -> LayerState {
    layer(x, y, w, h, nil, class: .gradient) { $0.special.modifyGradient(change) }
}

/// A text layer with the given frame showing `string` in DejaVu Sans (pinned: which font fontconfig gives other names
/// depends on the fonts installed), its properties changed by `change`.
func text(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ string: String,
    _ change: (inout TextLayerProperties) -> Void
) -> LayerState {
    layer(x, y, w, h, nil, class: .text) {
        $0.special.modifyText {
            $0.string = AttributedText(string)
            $0.font = "DejaVu Sans"
            change(&$0)
        }
    }
}
