import AnimImage
import AnimCore
import AnimRender
import ArgumentParser

/// `animctl plot`: a PNG chart of a timing function, or of one animated number over time.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plot a timing function, or one animated value of a scene over time, as a PNG chart.",
        discussion: """
            With --timing-function (a name: linear, easeIn, easeOut, easeInEaseOut, default; or four control \
            point numbers x1,y1,x2,y2) it plots the function's y against x over [0, 1], with the linear \
            function in grey for reference.

            With a scene document and --key-path it plots the presentation value of that key path at N evenly \
            spaced layer times T0 + (T1 - T0)·i/(N - 1), i = 0 … N - 1, visited in order as `animctl eval` \
            visits its times. The key path must hold a number: for points, sizes, rects and transforms name a \
            component, such as position.x or transform.rotation.z.
            """)

    @Argument(help: "The scene document (JSON; see docs/json-format.md), when plotting an animated value.")
    var scene: String?

    // Unconditional parsing, here and for the times: values may start with a minus sign.
    @Option(
        parsing: .unconditional, help: "A timing function to plot: a name or four control point numbers x1,y1,x2,y2.")
    var timingFunction: String?

    @Option(name: .customLong("key-path"), help: "The key path to plot, e.g. opacity or position.x.")
    var keyPath: String?

    @Option(parsing: .unconditional, help: "The first layer time, in seconds.")
    var from: Double = 0

    @Option(parsing: .unconditional, help: "The last layer time, in seconds.")
    var to: Double?

    @Option(help: "How many points to sample (at least 2).")
    var samples = 401

    @Option(help: "The PNG file to write.")
    var output: String

    @Option(help: "Image width in pixels.")
    var width = 800

    @Option(help: "Image height in pixels.")
    var height = 480

    func validate() throws {
        switch (scene, timingFunction) {
        case (nil, nil):
            throw ValidationError("give a scene document with --key-path, or --timing-function")
        case (.some, .some):
            throw ValidationError("give either a scene document or --timing-function, not both")
        case (.some, nil):
            guard keyPath != nil else { throw ValidationError("plotting a scene needs --key-path") }
            guard let to else { throw ValidationError("plotting a scene needs --to (the last time, in seconds)") }
            guard from.isFinite, to.isFinite, from < to else {
                throw ValidationError("--from must be less than --to (got \(from) and \(to))")
            }
        case (nil, .some):
            guard keyPath == nil, to == nil else {
                throw ValidationError("--key-path, --from and --to apply to a scene, not to --timing-function")
            }
        }
        guard samples >= 2 else { throw ValidationError("--samples must be at least 2") }
        guard Chart.sideLimits.contains(width), Chart.sideLimits.contains(height) else {
            throw ValidationError("--width and --height must lie in \(Chart.sideLimits)")
        }
    }

    func run() throws {
        let chart: Chart
        let summary: String
        if let timingFunction {
            (chart, summary) = try timingFunctionChart(timingFunction)
        } else if let scene, let keyPath, let to {
            (chart, summary) = try sceneChart(scene, keyPath: keyPath, to: to)
        } else {
            // validate() has ruled this out.
            throw ValidationError("give a scene document with --key-path, or --timing-function")
        }
        let image: PNGImage
        do throws(ChartError) {
            image = try chart.render()
        } catch {
            throw AnimctlError("\(error)")
        }
        do throws(PNGError) {
            try image.write(to: output)
        } catch {
            throw AnimctlError("\(error)")
        }
        print("wrote \(output) (\(width)x\(height)): \(summary)")
    }

    private func timingFunctionChart(_ text: String) throws -> (Chart, String) {
        let function = try Self.timingFunction(text)
        let xs = (0..<samples).map { Double($0) / Double(samples - 1) }
        let curve = ChartSeries(
            label: function.description, points: xs.map { Point(x: $0, y: function.evaluate($0)) },
            color: Chart.palette[0])
        let reference = ChartSeries(
            label: "linear (reference)", points: [Point(x: 0, y: 0), Point(x: 1, y: 1)],
            color: Color(white: 0.65))
        let points =
            "(\(ValueText.number(function.x1)), \(ValueText.number(function.y1)), "
            + "\(ValueText.number(function.x2)), \(ValueText.number(function.y2)))"
        let chart = Chart(
            title: "Timing function \(function.description): cubic Bezier \(points)",
            xLabel: "x: fraction of the duration", yLabel: "y: progress", series: [curve, reference], width: width,
            height: height, xRange: 0...1)
        return (chart, "timing function \(function.description) at \(samples) points")
    }

    /// A name (`easeIn`) or `x1,y1,x2,y2`.
    static func timingFunction(_ text: String) throws -> TimingFunction {
        if let name = TimingFunction.Name(rawValue: text) { return TimingFunction(name: name) }
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, text.split(separator: ",").count == 4 else {
            let names = TimingFunction.Name.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError(
                "--timing-function: '\(text)' is neither a name (\(names)) nor four numbers x1,y1,x2,y2")
        }
        do throws(AnimCoreError) {
            return try TimingFunction.validated(controlPoints: numbers[0], numbers[1], numbers[2], numbers[3])
        } catch {
            throw ValidationError("--timing-function: \(error)")
        }
    }

    private func sceneChart(_ scene: String, keyPath text: String, to: Double) throws -> (Chart, String) {
        let document = try SceneFile.load(scene)
        let keyPath: AnimKeyPath
        do throws(AnimCoreError) {
            keyPath = try AnimKeyPath(text, on: document.layer.layerClass)
        } catch {
            throw AnimctlError("--key-path: \(error)")
        }
        guard keyPath.valueKind == .number else {
            throw AnimctlError("--key-path: \(Self.notPlottable(keyPath))")
        }
        var timeline = try SceneFile.timeline(for: document, from: scene)
        let points = (0..<samples).map { index in
            let time = from + (to - from) * Double(index) / Double(samples - 1)
            let value = timeline.value(of: keyPath, in: timeline.advance(to: time)).numberValue ?? .nan
            return Point(x: time, y: value)
        }
        let fileName = scene.split(separator: "/").last.map(String.init) ?? scene
        let chart = Chart(
            title: "\(keyPath) of \(document.layer.layerClass) in \(fileName)", xLabel: "layer time (s)",
            yLabel: keyPath.description,
            series: [ChartSeries(label: keyPath.description, points: points, color: Chart.palette[0])], width: width,
            height: height, xRange: from...to)
        let values = points.map(\.y)
        let range = "\(ValueText.number(values.min() ?? 0))...\(ValueText.number(values.max() ?? 0))"
        return (
            chart,
            "\(keyPath) at \(samples) times from \(ValueText.number(from)) to \(ValueText.number(to)) s, values \(range)"
        )
    }

    /// Why a key path of another kind than number cannot be plotted, with the components that can.
    static func notPlottable(_ keyPath: AnimKeyPath) -> String {
        let components: [String]
        switch keyPath.valueKind {
        case .point: components = ["x", "y"]
        case .size: components = ["width", "height"]
        case .rect: components = ["origin.x", "origin.y", "size.width", "size.height"]
        case .transform: components = ["rotation.z", "scale.x", "translation.x"]
        default: components = []
        }
        let kind = keyPath.valueKind.rawValue
        guard !components.isEmpty else { return "'\(keyPath)' holds a \(kind), not a number; it cannot be plotted" }
        let examples = components.map { "\(keyPath).\($0)" }.joined(separator: ", ")
        return "'\(keyPath)' holds a \(kind); plot one of its numbers, e.g. \(examples)"
    }
}
