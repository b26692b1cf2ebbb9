import AnimCore
import ArgumentParser
import Foundation

/// `animctl eval`: a scene's presentation values at given times, with the animation events crossed.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a layer's presentation values at given times, offline.",
        discussion: """
            Builds the layer from the scene document, adds its animations in order at the document's attachTime, \
            then visits the times in the order of the layer's time: at each it reports the did-start and did-stop \
            events crossed since the previous one (animations removed on completion leave then) and the \
            presentation values of the animated key paths, or of those named with --key-path. Times are in \
            seconds in the layer's parent, in any order; the layer's beginTime, speed and timeOffset map them to \
            the layer's time. Rows come in the order the times were given. Warnings (ignored keyTimes, …) go to \
            standard error.
            """)

    @Argument(help: "The scene document (JSON; see docs/json-format.md).")
    var scene: String

    // Unconditional parsing: a list starting with a negative time is a value, not an option.
    @Option(parsing: .unconditional, help: "Comma-separated times in seconds, in any order, e.g. 0,0.5,1.")
    var times: String

    @Option(
        name: .customLong("key-path"),
        help: "A key path to print (repeatable), e.g. opacity or position.x. Default: the animated key paths.")
    var keyPaths: [String] = []

    @Flag(help: "Print JSON: [{\"time\": …, \"values\": {…}, \"events\": […]}].")
    var json = false

    func validate() throws {
        _ = try TimeList.parse(times, option: "--times")
    }

    func run() throws {
        let times = try TimeList.parse(times, option: "--times")
        let document = try SceneFile.load(scene)
        let layerClass = document.layer.layerClass
        var selected: [AnimKeyPath] = []
        for text in keyPaths {
            do throws(AnimCoreError) {
                selected.append(try AnimKeyPath(text, on: layerClass))
            } catch {
                throw AnimctlError("--key-path: \(error)")
            }
        }
        let columns = selected.isEmpty ? document.animatedKeyPaths : selected
        let showsTransition = selected.isEmpty && document.hasTransition
        if columns.isEmpty && !showsTransition {
            throw AnimctlError("'\(scene)' animates no key path; name the ones to print with --key-path")
        }

        var timeline = try SceneFile.timeline(for: document, from: scene)
        let rows = Self.rows(at: times, of: &timeline, columns: columns)
        let animations = document.animations.enumerated().map { EvalAnimation(index: $0, entry: $1) }
        let timing = document.layer.timing
        let showsLayerTime = timing.beginTime != 0 || timing.speed != 1 || timing.timeOffset != 0
        if json {
            print(
                try EvalOutput.json(
                    rows, animations: animations, columns: columns, showsTransition: showsTransition,
                    showsLayerTime: showsLayerTime))
        } else {
            print(
                EvalOutput.table(
                    rows, animations: animations, columns: columns, showsTransition: showsTransition,
                    showsLayerTime: showsLayerTime,
                    header:
                        "\(layerClass) in \(scene): presentation values at the given times (s), visited in order of "
                        + "layer time; events: those crossed since the layer time visited before"))
        }
    }

    /// One row per time, in the order given. The times are visited in the order of the layer's time (a stable
    /// sort: equal times keep their order), as a frame loop would cross them, so each row's events are those
    /// crossed since the layer time visited before it, and an animation removed on completion is gone from
    /// every later layer time whatever order the times were given in.
    static func rows(at times: [Double], of timeline: inout SceneTimeline, columns: [AnimKeyPath]) -> [EvalRow] {
        let layerTimes = times.map { timeline.layerTime(fromParent: $0) }
        let order = times.indices.sorted { (layerTimes[$0], $0) < (layerTimes[$1], $1) }
        var rows = [EvalRow?](repeating: nil, count: times.count)
        for index in order {
            let layerTime = layerTimes[index]
            let sample = timeline.advance(to: layerTime, parentTime: times[index])
            rows[index] = EvalRow(
                time: times[index], layerTime: layerTime,
                values: columns.map { timeline.value(of: $0, in: sample) }, events: sample.events,
                transition: sample.transition)
        }
        return rows.compactMap { $0 }
    }
}

/// One of the document's animations, as the output describes it.
struct EvalAnimation {
    let index: Int
    let key: String?
    /// The JSON `type`.
    let type: String
    /// A spring's `settlingDuration` (CASpringAnimation's): how long it takes to come to rest, in seconds.
    let settlingDuration: Double?

    init(index: Int, entry: SceneDocument.AnimationEntry) {
        self.index = index
        key = entry.key
        type = SceneDocument.typeName(of: entry.animation)
        if case .spring(let spring) = entry.animation.kind {
            settlingDuration = spring.spring.settlingDuration
        } else {
            settlingDuration = nil
        }
    }
}

/// The layer at one requested time.
struct EvalRow {
    /// The time as given, in the layer's parent.
    let time: Double
    /// The layer's local time there: what the animations are evaluated at and their events are timed in.
    let layerTime: Double
    /// One value per column.
    let values: [PropertyValue]
    let events: [AnimationEvent]
    let transition: TransitionProgress?
}
