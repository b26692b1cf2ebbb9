import AnimCore
import AnimDisplay
import AnimRender
import Testing

@testable import AnimInput

@Suite("Touch mapping: calibration, then the output's rotation, then its place in the layout")
struct TouchMappingTests {
    /// A 640x480 panel: its scene is 640x480, or 480x640 turned a quarter.
    static func output(
        _ name: String, rotation: OutputRotation = .none, at x: Int = 0, _ y: Int = 0
    ) -> OutputDescription {
        OutputDescription(
            name: name, sceneSize: rotation.sceneSize(panel: PixelSize(width: 640, height: 480)),
            position: OutputPosition(x: x, y: y), rotation: rotation)
    }

    @Test func anUnturnedOutputSpreadsTheSensorOverItsScene() {
        let mapping = TouchMapping(output: Self.output("HDMI-A-1"))
        #expect(mapping.scenePoint(normalized: Point(x: 0.25, y: 0.5)) == Point(x: 160, y: 240))
        #expect(mapping.scenePoint(normalized: Point(x: 1, y: 1)) == Point(x: 640, y: 480))
    }

    /// The picture turns clockwise on the panel, the sensor does not: the panel's top-left shows the scene's
    /// bottom-left at 90, its bottom-right at 180, its top-right at 270.
    @Test(arguments: [
        (OutputRotation.none, Point(x: 160, y: 240), Point(x: 0, y: 0)),
        (.clockwise90, Point(x: 240, y: 480), Point(x: 0, y: 640)),
        (.upsideDown, Point(x: 480, y: 240), Point(x: 640, y: 480)),
        (.clockwise270, Point(x: 240, y: 160), Point(x: 480, y: 0)),
    ])
    func eachRotationTurnsTheSensorBackIntoTheUprightScene(
        rotation: OutputRotation, quarterAcrossHalfDown: Point, panelTopLeft: Point
    ) {
        let output = Self.output("HDMI-A-1", rotation: rotation)
        let mapping = TouchMapping(output: output)
        #expect(mapping.scenePoint(normalized: Point(x: 0.25, y: 0.5)) == quarterAcrossHalfDown)
        #expect(mapping.scenePoint(normalized: Point(x: 0, y: 0)) == panelTopLeft)
        // The display side's own rule (the scan-out) shows that scene point where the finger is.
        let panel = rotation.panelPoint(quarterAcrossHalfDown, scene: output.sceneSize)
        #expect(panel == Point(x: 160, y: 240))
    }

    @Test func theOutputsPlaceInTheLayoutMovesThePoint() {
        // Extended: HDMI-A-1 at the left, DP-1 turned a quarter to its right.
        let right = Self.output("DP-1", rotation: .clockwise90, at: 640, 0)
        let mapping = TouchMapping(output: right)
        #expect(mapping.scenePoint(normalized: Point(x: 0.25, y: 0.5)) == Point(x: 640 + 240, y: 480))
        #expect(mapping.scenePoint(normalized: Point(x: 1, y: 0)) == Point(x: 640, y: 0))
    }

    @Test func calibrationAppliesToTheSensorBeforeTheRotation() {
        // Mirrored left-right (a sensor wired backwards), then the output turned upside down: the two cancel
        // across, and down is turned.
        let mirror = CalibrationMatrix(-1, 0, 1, 0, 1, 0)
        let mapping = TouchMapping(
            calibration: mirror, output: Self.output("HDMI-A-1", rotation: .upsideDown, at: 0, 100))
        #expect(mapping.scenePoint(normalized: Point(x: 0.25, y: 0.5)) == Point(x: 160, y: 100 + 240))
        #expect(mapping.scenePoint(normalized: Point(x: 0.25, y: 0.25)) == Point(x: 160, y: 100 + 360))
        // Scaled into the middle half (a sensor larger than the panel).
        let inset = CalibrationMatrix(0.5, 0, 0.25, 0, 0.5, 0.25)
        let inner = TouchMapping(calibration: inset, output: Self.output("HDMI-A-1"))
        #expect(inner.scenePoint(normalized: Point(x: 0, y: 1)) == Point(x: 160, y: 360))
    }

    @Test func calibratedPointsOffTheSensorStayOnTheOutput() {
        let shifted = CalibrationMatrix(1, 0, 0.5, 0, 1, -0.5)
        let mapping = TouchMapping(calibration: shifted, output: Self.output("HDMI-A-1", at: 640, 0))
        #expect(mapping.scenePoint(normalized: Point(x: 0.75, y: 0.25)) == Point(x: 640 + 640, y: 0))
    }

    @Test func udevsMatrixNeedsSixValues() {
        #expect(CalibrationMatrix([1, 0, 0, 0, 1, 0]) == .identity)
        #expect(CalibrationMatrix([1, 0, 0]) == nil)
    }

    @Test func theLayoutClampsThePointerIntoTheNearestOutput() {
        // 640x480 beside a 480x640: below the left one is a gap the pointer never enters.
        let layout = SceneLayout(outputs: [
            Self.output("HDMI-A-1"), Self.output("DP-1", rotation: .clockwise90, at: 640, 0),
        ])
        #expect(layout.clamp(Point(x: 100, y: 600)) == Point(x: 100, y: 479))
        #expect(layout.clamp(Point(x: 700, y: 600)) == Point(x: 700, y: 600))
        #expect(layout.clamp(Point(x: -5, y: -5)) == Point(x: 0, y: 0))
        #expect(layout.clamp(Point(x: 2000, y: 700)) == Point(x: 1119, y: 639))
        #expect(layout.output(named: "DP-1")?.name == "DP-1")
        #expect(layout.output(named: "HDMI-A-9")?.name == "HDMI-A-1")
        #expect(layout.output(named: nil)?.name == "HDMI-A-1")
        #expect(layout.centre == Point(x: 320, y: 240))
    }
}
