import AnimCore
import AnimRender

/// The emitter case (`--particles N`): one 1280×720-or-given emitter layer whose two cells (one with sub-cells)
/// keep about N particles of a 16-pixel image alive, drawn at 60 frames a second of emitter time. Prints, per
/// renderer, the particles per frame, the simulation alone (`EmitterSimulation.particles`), the compile (the
/// simulation included) and the full frame, medians.
struct EmitterBench {
    let size: PixelSize
    let particles: Int

    var layer: EmitterLayerProperties {
        var layer = EmitterLayerProperties()
        layer.emitterShape = "rectangle"
        layer.emitterSize = Size(width: Double(size.width), height: 40)
        layer.emitterPosition = Point(x: Double(size.width) / 2, y: 20)
        layer.seed = 1
        var flake = EmitterCell(name: "flake")
        flake.contents = ImageID(1)
        flake.lifetime = 8
        flake.birthRate = Double(particles) * 0.8 / 8
        flake.velocity = 60
        flake.velocityRange = 30
        flake.emissionLongitude = .pi / 2
        flake.emissionRange = .pi / 4
        flake.yAcceleration = 10
        flake.spinRange = 2
        flake.scaleRange = 0.5
        flake.redRange = 0.5
        flake.alphaSpeed = -0.1
        var spark = flake
        spark.name = "spark"
        spark.birthRate = 2
        spark.lifetime = 1
        spark.emitterCells = []
        var rocket = flake
        rocket.name = "rocket"
        rocket.lifetime = 2
        // Rockets × sparks: rate·2 s alive, each keeping 2/s × 1 s sparks: 20 % of the particles.
        rocket.birthRate = Double(particles) * 0.2 / 3 / 2
        rocket.emitterCells = [spark]
        layer.emitterCells = [flake, rocket]
        return layer
    }

    func scene(time: Double) -> StaticScene {
        var state = LayerState(layerClass: .emitter)
        state.bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        state.position = Point(x: Double(size.width) / 2, y: Double(size.height) / 2)
        state.special.modifyEmitter { $0 = layer }
        var bytes: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<16 {
                let a: UInt8 = (x - 8) * (x - 8) + (y - 8) * (y - 8) < 56 ? 255 : 0
                bytes += [a, a, a, a]
            }
        }
        let image = RenderImage(
            key: .init(source: 9, image: 1), pixels: PixelBuffer(size: PixelSize(width: 16, height: 16), bytes: bytes))
        let id = LayerID(1)
        return StaticScene(
            roots: [id], layers: [id: SceneLayer(id: id, state: state, sublayers: [])], images: [ImageID(1): image],
            time: time)
    }

    /// The simulation alone when the client moves the emitter every frame (a finger-following sparkle): each
    /// frame records the new position in the layer's history, whose values then span the particles' lifetimes.
    func measureMovingEmitter(frames: Int) -> (particles: Int, values: Int, simulation: Double) {
        var history = EmitterHistory(layer)
        func moved(_ time: Double) -> EmitterLayerProperties {
            var values = layer
            values.emitterPosition.x += 100 * sin(time)
            return values
        }
        // The 8 s before the measured frames, at 60 frames a second.
        for frame in 0..<(12 * 60) { history.record(moved(Double(frame) / 60), at: Double(frame) / 60) }
        var simulate: [Double] = []
        var live = 0
        for frame in 0..<(frames + 2) {
            let time = 12 + Double(frame) / 60
            history.record(moved(time), at: time)
            let time1 = seconds { live = EmitterSimulation(history: history).particles(at: time).count }
            if frame >= 2 { simulate.append(time1) }
        }
        return (live, history.entries.count, median(simulate))
    }

    func measure(_ renderer: any Renderer, frames: Int) throws {
        let compiler = DrawListCompiler(outputSize: size)
        let simulation = EmitterSimulation(layer: layer)
        var simulate: [Double] = []
        var compile: [Double] = []
        var full: [Double] = []
        var counts: [Double] = []
        for frame in 0..<(frames + 2) {
            let time = 20 + Double(frame) / 60
            var live = 0
            let simulateTime = seconds { live = simulation.particles(at: time).count }
            let scene = scene(time: time)
            var list = DrawList(size: size)
            let compileTime = seconds { list = compiler.compile([scene]) }
            let fullTime = try seconds {
                _ = try renderer.render(list, damage: .full)
                _ = try renderer.readPixels(PixelRect(x: 0, y: 0, width: 1, height: 1))
            }
            guard frame >= 2 else { continue }
            simulate.append(simulateTime)
            compile.append(compileTime)
            full.append(fullTime)
            counts.append(Double(live))
        }
        print(
            "| \(renderer.info.kind.rawValue) | \(size) | \(Int(median(counts))) | \(ms(median(simulate))) | \(ms(median(compile))) | \(ms(median(full))) | \(ms(median(compile) + median(full))) |"
        )
    }
}
