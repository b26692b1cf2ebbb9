/// One live particle at one emitter time: what the draw-list compiler needs to draw it.
public struct Particle: Hashable, Sendable {
    /// Its cell: an index into `EmitterSimulation.flattenedCells` (depth first, a cell before its sub-cells).
    public var cell: Int
    /// Its identity: a hash of the seed, its cell's path and its birth index (`ParticleRandom.key`).
    public var key: UInt64
    /// When it was born, in its cell's local time, and how long ago (same units).
    public var birthTime: Double
    public var age: Double
    public var lifetime: Double
    /// In the emitter layer's coordinate space (z along the layer's normal).
    public var x: Double
    public var y: Double
    public var z: Double
    /// Its velocity now, in points per second of its cell's time.
    public var velocityX: Double
    public var velocityY: Double
    public var velocityZ: Double
    /// Multiplies the size of the cell's image (at least 0).
    public var scale: Double
    /// Radians, clockwise on screen (y down).
    public var angle: Double
    /// Multiplies the image, straight alpha, each component within 0…1.
    public var color: Color

    public init(
        cell: Int, key: UInt64, birthTime: Double, age: Double, lifetime: Double, x: Double, y: Double, z: Double,
        velocityX: Double, velocityY: Double, velocityZ: Double, scale: Double, angle: Double, color: Color
    ) {
        self.cell = cell
        self.key = key
        self.birthTime = birthTime
        self.age = age
        self.lifetime = lifetime
        self.x = x
        self.y = y
        self.z = z
        self.velocityX = velocityX
        self.velocityY = velocityY
        self.velocityZ = velocityZ
        self.scale = scale
        self.angle = angle
        self.color = color
    }
}
