import AnimCore
import ArgumentParser
import Foundation

/// `animctl eval`: a scene's presentation values at given times, with the animation events crossed.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a layer's presentation values at given times, offline.",
        discussion: """
            Builds the layer from the scene document, adds its animations in order at the document's attachTime, \
            then visits the times in order: at each it reports the did-start and did-stop events crossed since \
            the previous time (animations removed on completion leave then) and the presentation values of the \
            animated key paths, or of those named with --key-path. Times are the layer's local time in seconds. \
            Warnings (ignored keyTimes, …) go to standard error.
            """)

    @Argument(help: "The scene document (JSON; see docs/json-format.md).")
    var scene: String

    // Unconditional parsing: a list starting with a negative time is a value, not an option.
    @Option(parsing: .unconditional, help: "Comma-separated layer times in seconds, not decreasing, e.g. 0,0.5,1.")
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

        let rows = times.map { time in
            let sample = timeline.advance(to: time)
            return EvalRow(
                time: time, values: columns.map { $0.value(in: sample.presentation) }, events: sample.events,
                transition: sample.transition)
        }
        if json {
            print(try EvalOutput.json(rows, columns: columns, showsTransition: showsTransition))
        } else {
            print(
                EvalOutput.table(
                    rows, columns: columns, showsTransition: showsTransition,
                    header: "\(layerClass) in \(scene): presentation values at layer times (s), visited in order; "
                        + "events: those crossed since the previous time"))
        }
    }
}

/// The layer at one requested time.
struct EvalRow {
    let time: Double
    /// One value per column.
    let values: [PropertyValue]
    let events: [AnimationEvent]
    let transition: TransitionProgress?
}
