import AnimCore
import AnimRender

/// The benchmark's scene: `count` layers of 16 to 128 points at fixed pseudo-random places, half opaque and
/// half translucent, a quarter of them with rounded corners; every tenth one moves from frame to frame. With
/// `ticker`, a 16,000-point text layer on top scrolls left 3 points a frame (drawn from tiles, beyond 4096 pixels).
/// With `backgroundBlur`, a layer covering the output on top blurs everything below it (backgroundFilters, frosted
/// glass over the whole screen).
struct BenchScene {
    let size: PixelSize
    let count: Int
    let ticker: Bool
    let backgroundBlur: Double?
    private var base: [LayerState] = []

    init(size: PixelSize, count: Int, ticker: Bool = false, backgroundBlur: Double? = nil) {
        self.size = size
        self.count = count
        self.ticker = ticker
        self.backgroundBlur = backgroundBlur
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for index in 0..<count {
            var s = LayerState()
            let w = 16 + next() * 112
            let h = 16 + next() * 112
            s.bounds = Rect(x: 0, y: 0, width: w.rounded(), height: h.rounded())
            s.position = Point(
                x: (next() * Double(size.width - 64)).rounded() + 32,
                y: (next() * Double(size.height - 64)).rounded() + 32)
            let alpha = index % 2 == 0 ? 1 : 0.5
            s.backgroundColor = Color(red: next(), green: next(), blue: next(), alpha: alpha)
            if index % 4 == 1 { s.cornerRadius = 8 }
            base.append(s)
        }
    }

    /// The layers at frame `frame`: every tenth layer moved 3 points right and 2 down per frame (wrapping).
    func scene(frame: Int) -> StaticScene {
        var scene = StaticScene()
        for (index, state) in base.enumerated() {
            var s = state
            if index % 10 == 0 {
                s.position.x = Double((Int(s.position.x) + 3 * frame) % size.width)
                s.position.y = Double((Int(s.position.y) + 2 * frame) % size.height)
            }
            let id = LayerID(UInt32(index + 1))
            scene.layers[id] = SceneLayer(id: id, state: s, sublayers: [])
            scene.roots.append(id)
        }
        if ticker {
            var s = LayerState(layerClass: .text)
            s.bounds = Rect(x: 0, y: 0, width: 16_000, height: 40)
            s.anchorPoint = .zero
            s.position = Point(x: Double(-3 * frame), y: Double(size.height - 60))
            s.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.8)
            s.special.modifyText {
                $0.string = AttributedText(
                    String(repeating: "Breaking: the ticker is drawn sharp, in tiles. ", count: 40))
                $0.fontSize = 24
                $0.foregroundColor = .black
            }
            let id = LayerID(UInt32(base.count + 1))
            scene.layers[id] = SceneLayer(id: id, state: s, sublayers: [])
            scene.roots.append(id)
        }
        if let backgroundBlur {
            var s = LayerState()
            s.bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
            s.anchorPoint = .zero
            s.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.2)
            s.backgroundFilters = [.gaussianBlur(name: "frost", inputRadius: backgroundBlur)]
            let id = LayerID(UInt32(base.count + 2))
            scene.layers[id] = SceneLayer(id: id, state: s, sublayers: [])
            scene.roots.append(id)
        }
        return scene
    }
}
