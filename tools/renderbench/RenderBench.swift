import AnimCore
import AnimRender
import ArgumentParser
import Foundation

/// Issue 4's frame-time benchmark: 100, 1,000 and 10,000 layers at 1280×720 and 1920×1080, each renderer,
/// steady state (10 % of the layers move every frame, damage tracked) and full redraws, against pixman
/// compositing the same pixel boxes in the same run. The software renderer keeps what it worked out for items
/// drawn again unchanged, so it is also timed cold: each frame once more by a new renderer (nothing kept).
/// Release build only:
/// `swift build -c release --static-swift-stdlib --product renderbench && .build/release/renderbench`.
@main
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Frame times of the two renderers (medians).")

    @Option(help: "Layer counts.") var counts: [Int] = [100, 1000, 10_000]
    @Option(help: "Output sizes, WxH.") var sizes: [String] = ["1280x720", "1920x1080"]
    @Option(help: "Measured frames per case (after 2 warm-up frames).") var frames: Int = 15
    @Option(help: "Renderers: software, gles.") var renderers: [String] = ["software", "gles"]
    @Flag(help: "Adds a 16,000-point text ticker scrolling 3 points a frame.") var ticker = false
    @Option(help: "Instead of layers: an emitter keeping about this many particles alive (EmitterBench).")
    var particles: Int?

    @Flag(help: "Times rasterizing a 1,000-glyph text layer instead (`TextBench`).") var text = false
    @Option(help: "Adds a full-output layer on top whose backgroundFilters blur what lies below by this inputRadius.")
    var backgroundBlur: Double?

    func run() throws {
        if let particles { return try runEmitter(particles) }
        if text { return TextBench.run(frames: max(frames, 31)) }
        print(
            "| renderer | output | layers | compile p50 | steady frame p50 | full frame p50 | pixman ref (steady) p50 | pixman ref (full) p50 | steady / ref | full / ref | cold full p50 | cold / ref |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for sizeText in sizes {
            let parts = sizeText.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2 else { throw ValidationError("bad size \(sizeText)") }
            let size = PixelSize(width: parts[0], height: parts[1])
            for count in counts {
                let bench = BenchScene(
                    size: size, count: min(count, 10_000), ticker: ticker, backgroundBlur: backgroundBlur)
                for name in renderers {
                    let renderer: any Renderer
                    switch name {
                    case "software": renderer = SoftwareRenderer(size: size)
                    case "gles": renderer = try GLESRenderer(size: size)
                    default: throw ValidationError("unknown renderer \(name)")
                    }
                    try measure(renderer, bench: bench)
                }
            }
        }
    }

    func runEmitter(_ particles: Int) throws {
        print(
            "| renderer | output | particles per frame | simulation p50 | compile p50 | full frame p50 | CPU per frame |"
        )
        print("|---|---|---|---|---|---|---|")
        for sizeText in sizes {
            let parts = sizeText.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2 else { throw ValidationError("bad size \(sizeText)") }
            let bench = EmitterBench(size: PixelSize(width: parts[0], height: parts[1]), particles: particles)
            for name in renderers {
                switch name {
                case "software": try bench.measure(SoftwareRenderer(size: bench.size), frames: frames)
                case "gles": try bench.measure(GLESRenderer(size: bench.size), frames: frames)
                default: throw ValidationError("unknown renderer \(name)")
                }
            }
        }
        if let first = sizes.first?.split(separator: "x").compactMap({ Int($0) }), first.count == 2 {
            let bench = EmitterBench(size: PixelSize(width: first[0], height: first[1]), particles: particles)
            let moving = bench.measureMovingEmitter(frames: frames)
            print(
                "\nEmitter moved every frame: \(moving.particles) particles from \(moving.values) kept values, "
                    + "simulation p50 \(ms(moving.simulation))")
        }
    }

    func measure(_ renderer: any Renderer, bench: BenchScene) throws {
        let compiler = DrawListCompiler(outputSize: bench.size)
        let damage = DamageTracker()
        let reference = PixmanReference(size: bench.size)
        var compile: [Double] = []
        var steady: [Double] = []
        var full: [Double] = []
        var refSteady: [Double] = []
        var refFull: [Double] = []
        var cold: [Double] = []
        let frameCount = bench.count >= 10_000 ? max(3, frames / 3) : frames
        for frame in 0..<(frameCount + 2) {
            let scene = bench.scene(frame: frame)
            var list = DrawList(size: bench.size)
            let compileTime = seconds { list = compiler.compile([scene]) }
            let changed = damage.damage(for: list)
            let steadyTime = try seconds { _ = try renderer.render(list, damage: changed) }
            _ = try renderer.readPixels(PixelRect(x: 0, y: 0, width: 1, height: 1))  // waits for the GPU
            let fullTime = try seconds {
                _ = try renderer.render(list, damage: .full)
                _ = try renderer.readPixels(PixelRect(x: 0, y: 0, width: 1, height: 1))
            }
            let steadyBoxes = PixmanReference.boxes(of: list, within: changed)
            let fullBoxes = PixmanReference.boxes(of: list, within: .full)
            let steadyArea: [PixelRect]
            switch changed {
            case .full: steadyArea = [PixelRect(size: bench.size)]
            case .region(let rects): steadyArea = rects
            }
            let refSteadyTime = seconds { reference.composite(steadyBoxes, clearing: steadyArea) }
            let refFullTime = seconds { reference.composite(fullBoxes, clearing: [PixelRect(size: bench.size)]) }
            guard frame >= 2 else { continue }
            compile.append(compileTime)
            steady.append(steadyTime)
            full.append(fullTime)
            refSteady.append(refSteadyTime)
            refFull.append(refFullTime)
        }
        // Cold: the same frames, each by a new software renderer (after the warm ones, so as not to disturb them).
        if renderer is SoftwareRenderer {
            for frame in 2..<(frameCount + 2) {
                let list = compiler.compile([bench.scene(frame: frame)])
                let fresh = SoftwareRenderer(size: bench.size)
                cold.append(try seconds { _ = try fresh.render(list, damage: .full) })
            }
        }
        let c = median(compile)
        let s = median(steady)
        let f = median(full)
        let rs = median(refSteady)
        let rf = median(refFull)
        let cf = median(cold)
        let coldColumns = cold.isEmpty ? "– | –" : "\(ms(cf)) | \(ratio(cf, rf))"
        print(
            "| \(renderer.info.kind.rawValue) | \(bench.size) | \(bench.count) | \(ms(c)) | \(ms(s)) | \(ms(f)) | \(ms(rs)) | \(ms(rf)) | \(ratio(s, rs)) | \(ratio(f, rf)) | \(coldColumns) |"
        )
    }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
func ratio(_ a: Double, _ b: Double) -> String { b > 0 ? String(format: "%.2f×", a / b) : "–" }
