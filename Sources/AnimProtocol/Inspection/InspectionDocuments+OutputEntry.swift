extension InspectionDocuments {
    /// One entry of `outputs` (and of OutputControl's answer): one per output (per connector lit), with its
    /// connector, its rectangle of the scene, modes, rotation and power.
    public struct OutputEntry: Codable, Sendable, Equatable {
        /// The connector ("headless" without a display).
        public var name: String
        /// The DRM device; absent without a display.
        public var device: String?
        /// Its part of the scene: `width`x`height` (the panel's turned by the rotation) at (`x`, `y`).
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        /// The mode lit as `WIDTHxHEIGHT@HZ`; absent when none is.
        public var mode: String?
        public var modes: [String]
        /// Clockwise degrees.
        public var rotation: Int
        /// "plane" when the display plane turns the picture, "renderer" when the scan-out copy does.
        public var rotatedBy: String
        /// "on" or "off".
        public var power: String
        /// "atomic" or "legacy"; absent without a display.
        public var modesetting: String?

        public init(
            name: String, device: String?, x: Int, y: Int, width: Int, height: Int, mode: String?, modes: [String],
            rotation: Int, rotatedBy: String, power: String, modesetting: String?
        ) {
            self.name = name
            self.device = device
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.mode = mode
            self.modes = modes
            self.rotation = rotation
            self.rotatedBy = rotatedBy
            self.power = power
            self.modesetting = modesetting
        }
    }
}
