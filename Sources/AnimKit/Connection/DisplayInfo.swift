import AnimCore
import AnimProtocol

/// The display a connection's layers are shown on, as `UIScreen` describes one: its bounds in points, its scale
/// and its size in pixels, its refresh rate. The server's scene is in points and draws one pixel per point, so
/// `scale` is 1 and `pixelSize` is `size`; with several outputs (`animserverd --layout`) the scene is their
/// rectangles together and `outputs` lists each.
public struct DisplayInfo: Hashable, Sendable {
    /// One output's part of the scene.
    public struct Output: Hashable, Sendable {
        /// The connector ("headless" without a display).
        public var name: String
        /// Its rectangle of the scene, in points (the panel's size turned by its rotation).
        public var frame: Rect
        /// Clockwise degrees: 0, 90, 180 or 270.
        public var rotation: Int
        /// Frames per second of its mode (from protocol version 5, the frame rate of an output with no mode); nil
        /// when the server does not say (an earlier server's headless output, which has no mode).
        public var refreshRate: Double?

        public init(name: String, frame: Rect, rotation: Int, refreshRate: Double?) {
            self.name = name
            self.frame = frame
            self.rotation = rotation
            self.refreshRate = refreshRate
        }
    }

    /// The scene's rectangle in points: every output's together. `Connection.rootLayer`'s frame.
    public var bounds: Rect
    /// Pixels per point.
    public var scale: Double
    /// Frames per second the server draws at (the first output's).
    public var refreshRate: Double
    public var outputs: [Output]

    /// The display's size in points.
    public var size: Size { bounds.size }
    /// The display's size in pixels: `size` times `scale`.
    public var pixelSize: Size { Size(width: bounds.size.width * scale, height: bounds.size.height * scale) }

    public init(bounds: Rect, scale: Double = 1, refreshRate: Double, outputs: [Output]) {
        self.bounds = bounds
        self.scale = scale
        self.refreshRate = refreshRate
        self.outputs = outputs
    }

    /// The display the server's `outputs` document describes; `frameRate` (the status document's output
    /// refresh) stands in for an output whose mode says none. nil without an output.
    init?(outputs entries: [InspectionDocuments.OutputEntry], frameRate: Double?) {
        let outputs = entries.map { entry in
            Output(
                name: entry.name,
                frame: Rect(
                    x: Double(entry.x), y: Double(entry.y), width: Double(entry.width), height: Double(entry.height)),
                rotation: entry.rotation, refreshRate: entry.mode.flatMap(Self.refreshRate(ofMode:)))
        }
        guard let first = outputs.first else { return nil }
        self.init(
            bounds: outputs.dropFirst().reduce(first.frame) { $0.union($1.frame) },
            refreshRate: first.refreshRate ?? frameRate ?? 0, outputs: outputs)
    }

    /// The protocol version from which the server tells the display (`DisplayChanged`).
    static let toldSince: UInt16 = Message.since(ofOpcode: DisplayChanged.opcode) ?? ProtocolVersion.current

    /// The display a server's `DisplayChanged` tells (protocol version 5): each output's refresh is the one it
    /// draws at (its mode's, or the frame rate of an output with no mode).
    init(_ message: DisplayChanged) {
        let outputs = message.outputs.map { o in
            Output(
                name: o.name,
                frame: Rect(x: Double(o.x), y: Double(o.y), width: Double(o.width), height: Double(o.height)),
                rotation: Int(o.rotation), refreshRate: o.refresh)
        }
        let b = message.bounds
        self.init(
            bounds: Rect(x: b.x, y: b.y, width: b.width, height: b.height), scale: message.scale,
            refreshRate: outputs.first?.refreshRate ?? 0, outputs: outputs)
    }

    /// The refresh of a mode written `WIDTHxHEIGHT@HZ`.
    static func refreshRate(ofMode mode: String) -> Double? {
        guard let at = mode.lastIndex(of: "@") else { return nil }
        return Double(mode[mode.index(after: at)...])
    }
}
