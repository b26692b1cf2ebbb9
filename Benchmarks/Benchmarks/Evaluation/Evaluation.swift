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

    let scenes: [(String, Int, @Sendable (Int) -> [Animation])] = [
        ("basic", 2, EvaluationScene.basic),
        ("cubicKeyframe", 1, EvaluationScene.cubicKeyframe),
        ("spring", 1, EvaluationScene.spring),
        ("group", 3, EvaluationScene.group),
    ]
    for (name, perLayer, make) in scenes {
        let count = EvaluationScene.layerCount * perLayer
        register("frame.\(name) (\(count) animated properties)", configuration) {
            EvaluationScene(animatedPropertiesPerLayer: perLayer, make: make)
        }
    }

    // The baseline measured in the same run: copying the model into the presentation buffers with no
    // animation at all, the part of a frame that does not depend on the evaluator.
    register("frame.copyOnly (no animations)", configuration) {
        EvaluationScene(animatedPropertiesPerLayer: 1) { _ in [] }
    }
}

/// One benchmark whose samples are consecutive frames of one scene, as the server's frame loop runs them.
///
/// package-benchmark calls the closure once per sample. A scene built inside it made every sample the
/// first frame of a fresh scene: the presentation array still shared the models' storage, so the frame
/// began by copying all 10,000 states (copy-on-write, page faults), which the server never does in its
/// steady state and which hid the evaluator's own cost. The scene is built in the setup hook instead,
/// and one frame there moves it to its steady state before the first sample.
private func register(
    _ name: String, _ configuration: Benchmark.Configuration, make: @escaping @Sendable () -> EvaluationScene
) {
    let holder = SceneHolder()
    Benchmark(
        name, configuration: configuration,
        closure: { benchmark in
            holder.time += 1.0 / 60.0
            let t = holder.time
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { holder.scene!.evaluateFrame(at: t) }
            benchmark.stopMeasurement()
            blackHole(holder.scene!.presentations[holder.scene!.presentations.count / 2])
        },
        setup: {
            holder.scene = make()
            holder.scene!.evaluateFrame(at: 0)
        },
        teardown: { holder.scene = nil })
}

/// The scene kept between a benchmark's samples. package-benchmark runs one benchmark at a time on one
/// thread (setup, samples, teardown in order), so unsynchronised access is safe.
private final class SceneHolder: @unchecked Sendable {
    var scene: EvaluationScene?
    var time = 0.0
}
