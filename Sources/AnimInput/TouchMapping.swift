import AnimCore
import AnimDisplay
import AnimRender

/// Where an absolute device's point lands in the scene: a touchscreen's (or a tablet's) normalised coordinates
/// are calibrated, spread over the panel of the output it is glued to, turned back by that output's rotation into
/// the upright scene the output shows, and moved to the output's place in the layout. Pure math.
public struct TouchMapping: Hashable, Sendable {
    public var calibration: CalibrationMatrix
    /// The output's part of the scene: its top-left in scene points and its scene size (the panel's turned).
    public var origin: Point
    public var sceneSize: PixelSize
    public var rotation: OutputRotation

    public init(
        calibration: CalibrationMatrix = .identity, origin: Point = Point(x: 0, y: 0), sceneSize: PixelSize,
        rotation: OutputRotation = .none
    ) {
        self.calibration = calibration
        self.origin = origin
        self.sceneSize = sceneSize
        self.rotation = rotation
    }

    /// The mapping onto `output` (its scene size, rotation and place in the layout).
    public init(calibration: CalibrationMatrix = .identity, output: OutputDescription) {
        self.init(
            calibration: calibration, origin: Point(x: Double(output.position.x), y: Double(output.position.y)),
            sceneSize: output.sceneSize, rotation: output.rotation)
    }

    /// The panel's size in pixels: the scene's, turned back.
    public var panelSize: PixelSize { rotation.sceneSize(panel: sceneSize) }

    /// The scene point under normalised device point `p` (0…1 across and down the sensor; calibrated points
    /// outside it are kept inside the output).
    public func scenePoint(normalized p: Point) -> Point {
        let calibrated = calibration.apply(p)
        let panel = panelSize
        let u = min(max(calibrated.x, 0), 1)
        let v = min(max(calibrated.y, 0), 1)
        let onPanel = Point(x: u * Double(panel.width), y: v * Double(panel.height))
        let upright = rotation.scenePoint(onPanel, scene: sceneSize)
        return Point(x: origin.x + upright.x, y: origin.y + upright.y)
    }
}
