import AnimCore
import Benchmark

/// Evaluation cost of 10,000 animated layers per frame (issue: at most 100 ns per animated property).
/// One iteration is one frame; divide the time by `animatedPropertyCount` (printed in the names) for
/// the per-property cost.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 200)

    let scenes: [(String, Int, (Int) -> [Animation])] = [
        ("basic", 2, EvaluationScene.basic),
        ("cubicKeyframe", 1, EvaluationScene.cubicKeyframe),
        ("spring", 1, EvaluationScene.spring),
        ("group", 3, EvaluationScene.group),
    ]
    for (name, perLayer, make) in scenes {
        let count = EvaluationScene.layerCount * perLayer
        Benchmark("frame.\(name) (\(count) animated properties)", configuration: configuration) { benchmark in
            var scene = EvaluationScene(animatedPropertiesPerLayer: perLayer, make: make)
            var t = 0.0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                t += 1.0 / 60.0
                scene.evaluateFrame(at: t)
            }
            benchmark.stopMeasurement()
            blackHole(scene.presentations[scene.presentations.count / 2])
        }
    }

    // The baseline measured in the same run: copying the model into the presentation buffers with no
    // animation at all, the part of a frame that does not depend on the evaluator.
    Benchmark("frame.copyOnly (no animations)", configuration: configuration) { benchmark in
        var scene = EvaluationScene(animatedPropertiesPerLayer: 1) { _ in [] }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { scene.evaluateFrame(at: 1) }
        benchmark.stopMeasurement()
        blackHole(scene.presentations[0])
    }
}
