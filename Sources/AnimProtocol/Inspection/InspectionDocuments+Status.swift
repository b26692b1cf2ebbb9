extension InspectionDocuments {
    /// `status`: the server's counters, frame times, memory and output.
    public struct Status: Codable, Sendable, Equatable {
        /// Seconds since the server started (real time).
        public var uptime: Double
        public var clients: Int
        public var layers: Int
        public var animations: Int
        public var frames: UInt64
        /// Milliseconds to evaluate a frame over the recent frames.
        public var frameTime: FrameTime
        public var memory: Memory
        public var images: Int
        public var imageBytes: Int
        /// Open file descriptors of the server process.
        public var openFDs: Int
        /// The output drawing the frames; null when none is attached.
        public var output: Output?

        public init(
            uptime: Double, clients: Int, layers: Int, animations: Int, frames: UInt64, frameTime: FrameTime,
            memory: Memory, images: Int, imageBytes: Int, openFDs: Int, output: Output?
        ) {
            self.uptime = uptime
            self.clients = clients
            self.layers = layers
            self.animations = animations
            self.frames = frames
            self.frameTime = frameTime
            self.memory = memory
            self.images = images
            self.imageBytes = imageBytes
            self.openFDs = openFDs
            self.output = output
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            uptime = try c.decode(Double.self, forKey: .uptime)
            clients = try c.decode(Int.self, forKey: .clients)
            layers = try c.decode(Int.self, forKey: .layers)
            animations = try c.decode(Int.self, forKey: .animations)
            frames = try c.decode(UInt64.self, forKey: .frames)
            frameTime = try c.decode(FrameTime.self, forKey: .frameTime)
            memory = try c.decode(Memory.self, forKey: .memory)
            images = try c.decode(Int.self, forKey: .images)
            imageBytes = try c.decode(Int.self, forKey: .imageBytes)
            openFDs = try c.decode(Int.self, forKey: .openFDs)
            output = try c.decode(Output?.self, forKey: .output)  // present, null without an output
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(uptime, forKey: .uptime)
            try c.encode(clients, forKey: .clients)
            try c.encode(layers, forKey: .layers)
            try c.encode(animations, forKey: .animations)
            try c.encode(frames, forKey: .frames)
            try c.encode(frameTime, forKey: .frameTime)
            try c.encode(memory, forKey: .memory)
            try c.encode(images, forKey: .images)
            try c.encode(imageBytes, forKey: .imageBytes)
            try c.encode(openFDs, forKey: .openFDs)
            try c.encode(output, forKey: .output)  // null without an output
        }

        enum CodingKeys: String, CodingKey {
            case uptime, clients, layers, animations, frames, frameTime, memory, images, imageBytes, openFDs, output
        }
    }

    /// Milliseconds the server spent building each frame, over the recent frames.
    public struct FrameTime: Codable, Sendable, Equatable {
        public var p50: Double
        public var p99: Double
        public var max: Double

        public init(p50: Double, p99: Double, max: Double) {
            self.p50 = p50
            self.p99 = p99
            self.max = max
        }
    }

    public struct Memory: Codable, Sendable, Equatable {
        /// Resident set size in bytes.
        public var rss: Int
        /// Times the heap was trimmed after clients that held much memory left, and the resident bytes those
        /// trims gave back.
        public var trims: Int
        public var returnedBytes: Int

        public init(rss: Int, trims: Int, returnedBytes: Int) {
            self.rss = rss
            self.trims = trims
            self.returnedBytes = returnedBytes
        }
    }
}
