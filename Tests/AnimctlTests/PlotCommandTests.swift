import AnimImage
import AnimTestSupport
import AnimCore
import AnimRender
import Foundation
import Testing

/// `animctl plot`, run as a built binary; the PNG is read back with libpng and checked where the curve must be.
@Suite("animctl plot")
struct PlotCommandTests {
    /// The largest per-channel difference between a pixel and a colour.
    static func distance(_ image: PNGImage, _ p: Point, _ color: Color) -> Int {
        let pixel = image.pixel(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
        let expected = PNGImage.rgba8(color)
        return [
            abs(Int(pixel.r) - Int(expected.r)), abs(Int(pixel.g) - Int(expected.g)),
            abs(Int(pixel.b) - Int(expected.b)), abs(Int(pixel.a) - Int(expected.a)),
        ].max()!
    }

    /// A chart with the axes animctl's has: the same data extent and x range, and non-empty titles (the layout
    /// depends only on those), so `pixelPosition` says where animctl drew each point.
    static func sameAxes(_ points: [Point], xRange: ClosedRange<Double>, width: Int = 800, height: Int = 480) -> Chart {
        Chart(
            title: "t", xLabel: "x", yLabel: "y", series: [ChartSeries(label: "", points: points, color: .black)],
            width: width, height: height, xRange: xRange)
    }

    @Test func timingFunctionChartDrawsTheCurveWhereTheFunctionSays() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("ease.png").path
        let result = try AnimctlRunner.run(["plot", "--timing-function", "easeInEaseOut", "--output", output])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.hasPrefix("wrote \(output) (800x480): timing function easeInEaseOut"))
        let image = try PNGImage.read(contentsOf: output)
        #expect(image.width == 800 && image.height == 480)
        // The curve spans y 0…1, so the axes are those of the diagonal.
        let chart = Self.sameAxes([Point(x: 0, y: 0), Point(x: 1, y: 1)], xRange: 0...1)
        for x in [0.25, 0.75] {
            let onCurve = chart.pixelPosition(of: Point(x: x, y: TimingFunction.easeInEaseOut.evaluate(x)))
            #expect(Self.distance(image, onCurve, Chart.palette[0]) <= 64, "x = \(x)")
            // The grey linear reference passes through (x, x), away from the curve there.
            #expect(Self.distance(image, chart.pixelPosition(of: Point(x: x, y: x)), Color(white: 0.65)) <= 64)
        }
        // Far from both lines: background.
        #expect(Self.distance(image, chart.pixelPosition(of: Point(x: 0.1, y: 0.9)), .white) <= 8)
    }

    @Test func customControlPointsAndSizeAreHonoured() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("custom.png").path
        let result = try AnimctlRunner.run([
            "plot", "--timing-function", "0.3,0,0.7,1", "--output", output, "--width", "400", "--height", "300",
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let image = try PNGImage.read(contentsOf: output)
        #expect(image.width == 400 && image.height == 300)
        let chart = Self.sameAxes([Point(x: 0, y: 0), Point(x: 1, y: 1)], xRange: 0...1, width: 400, height: 300)
        let function = TimingFunction(controlPoints: 0.3, 0, 0.7, 1)
        let onCurve = chart.pixelPosition(of: Point(x: 0.2, y: function.evaluate(0.2)))
        #expect(Self.distance(image, onCurve, Chart.palette[0]) <= 64)
    }

    @Test func sceneChartDrawsTheValueTheEvaluatorGives() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("opacity.png").path
        let result = try AnimctlRunner.run([
            "plot", "examples/seed002-group.json", "--key-path", "opacity", "--from", "0", "--to", "2",
            "--output", output,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("opacity at 401 times from 0 to 2 s"))
        let image = try PNGImage.read(contentsOf: output)
        #expect(image.width == 800 && image.height == 480)

        // The same samples, evaluated here: t_i = 0 + 2·i/400.
        let data = try Data(
            contentsOf: AnimctlRunner.repositoryRoot.appendingPathComponent("examples/seed002-group.json"))
        var timeline = try SceneTimeline(try JSONDecoder().decode(SceneDocument.self, from: data))
        let opacity = try AnimKeyPath("opacity", on: .layer)
        let points = (0...400).map { i in
            let t = 2 * Double(i) / 400
            return Point(x: t, y: opacity.value(in: timeline.advance(to: t).presentation).numberValue!)
        }
        #expect(abs(points[100].y - 0.55) <= 1e-12)
        let chart = Self.sameAxes(points, xRange: 0...2)
        for point in [points[50], points[100], points[150], points[300]] {
            #expect(Self.distance(image, chart.pixelPosition(of: point), Chart.palette[0]) <= 64, "\(point)")
        }
        #expect(Self.distance(image, chart.pixelPosition(of: Point(x: 0.25, y: 0.3)), .white) <= 8)
    }

    @Test func aPointKeyPathIsRefusedWithItsComponents() throws {
        let result = try AnimctlRunner.run([
            "plot", "examples/seed002-group.json", "--key-path", "position", "--to", "1", "--output", "unused.png",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("'position' holds a point; plot one of its numbers, e.g. position.x"))
        #expect(
            !FileManager.default.fileExists(
                atPath: AnimctlRunner.repositoryRoot.appendingPathComponent("unused.png").path))
    }

    @Test func argumentMistakesAreValidationErrors() throws {
        let neither = try AnimctlRunner.run(["plot", "--output", "x.png"])
        #expect(neither.status == 64)
        #expect(neither.standardError.contains("--timing-function"))
        let both = try AnimctlRunner.run([
            "plot", "examples/seed002-group.json", "--timing-function", "linear", "--output", "x.png",
        ])
        #expect(both.status == 64)
        let badName = try AnimctlRunner.run(["plot", "--timing-function", "bouncy", "--output", "x.png"])
        #expect(badName.status == 64)
        #expect(badName.standardError.contains("'bouncy' is neither a name"))
        let noTo = try AnimctlRunner.run([
            "plot", "examples/seed002-group.json", "--key-path", "opacity", "--output", "x.png",
        ])
        #expect(noTo.status == 64 && noTo.standardError.contains("--to"))
    }

    @Test func anUnwritableOutputIsAnError() throws {
        let result = try AnimctlRunner.run([
            "plot", "--timing-function", "linear", "--output", "/nonexistent-folder/x.png",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot write PNG '/nonexistent-folder/x.png'"))
    }
}
