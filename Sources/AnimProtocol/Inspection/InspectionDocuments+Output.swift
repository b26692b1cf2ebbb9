extension InspectionDocuments {
    /// The output in `status`: its size, the renderer and why it was chosen, what it drew.
    public struct Output: Codable, Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var refresh: Double
        /// "gles" or "software".
        public var renderer: String
        public var device: String
        public var reason: String
        /// The texture limit in force; null for the software renderer (no limit).
        public var maxTextureSize: Int?
        public var framesDrawn: UInt64
        public var framesSkipped: UInt64
        public var framesUnchanged: UInt64
        public var renderFailures: UInt64
        public var screenshots: UInt64
        /// Milliseconds per drawn frame: the last one, and over the recent frames.
        public var renderTime: RenderTime
        public var pixelsRedrawn: Int
        public var tilesRastered: Int
        public var tilesCached: Int
        public var tileCacheBytes: Int
        /// Frame pacing from the display's flips; absent without a display (headless).
        public var pacing: Pacing?
        /// The session the display's device was opened through; absent without a display (headless).
        public var session: Session?

        public init(
            width: Int, height: Int, refresh: Double, renderer: String, device: String, reason: String,
            maxTextureSize: Int?, framesDrawn: UInt64, framesSkipped: UInt64, framesUnchanged: UInt64,
            renderFailures: UInt64, screenshots: UInt64, renderTime: RenderTime, pixelsRedrawn: Int,
            tilesRastered: Int, tilesCached: Int, tileCacheBytes: Int, pacing: Pacing?, session: Session?
        ) {
            self.width = width
            self.height = height
            self.refresh = refresh
            self.renderer = renderer
            self.device = device
            self.reason = reason
            self.maxTextureSize = maxTextureSize
            self.framesDrawn = framesDrawn
            self.framesSkipped = framesSkipped
            self.framesUnchanged = framesUnchanged
            self.renderFailures = renderFailures
            self.screenshots = screenshots
            self.renderTime = renderTime
            self.pixelsRedrawn = pixelsRedrawn
            self.tilesRastered = tilesRastered
            self.tilesCached = tilesCached
            self.tileCacheBytes = tileCacheBytes
            self.pacing = pacing
            self.session = session
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            width = try c.decode(Int.self, forKey: .width)
            height = try c.decode(Int.self, forKey: .height)
            refresh = try c.decode(Double.self, forKey: .refresh)
            renderer = try c.decode(String.self, forKey: .renderer)
            device = try c.decode(String.self, forKey: .device)
            reason = try c.decode(String.self, forKey: .reason)
            maxTextureSize = try c.decode(Int?.self, forKey: .maxTextureSize)  // present, null for software
            framesDrawn = try c.decode(UInt64.self, forKey: .framesDrawn)
            framesSkipped = try c.decode(UInt64.self, forKey: .framesSkipped)
            framesUnchanged = try c.decode(UInt64.self, forKey: .framesUnchanged)
            renderFailures = try c.decode(UInt64.self, forKey: .renderFailures)
            screenshots = try c.decode(UInt64.self, forKey: .screenshots)
            renderTime = try c.decode(RenderTime.self, forKey: .renderTime)
            pixelsRedrawn = try c.decode(Int.self, forKey: .pixelsRedrawn)
            tilesRastered = try c.decode(Int.self, forKey: .tilesRastered)
            tilesCached = try c.decode(Int.self, forKey: .tilesCached)
            tileCacheBytes = try c.decode(Int.self, forKey: .tileCacheBytes)
            pacing = try c.decodeIfPresent(Pacing.self, forKey: .pacing)
            session = try c.decodeIfPresent(Session.self, forKey: .session)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(refresh, forKey: .refresh)
            try c.encode(renderer, forKey: .renderer)
            try c.encode(device, forKey: .device)
            try c.encode(reason, forKey: .reason)
            try c.encode(maxTextureSize, forKey: .maxTextureSize)
            try c.encode(framesDrawn, forKey: .framesDrawn)
            try c.encode(framesSkipped, forKey: .framesSkipped)
            try c.encode(framesUnchanged, forKey: .framesUnchanged)
            try c.encode(renderFailures, forKey: .renderFailures)
            try c.encode(screenshots, forKey: .screenshots)
            try c.encode(renderTime, forKey: .renderTime)
            try c.encode(pixelsRedrawn, forKey: .pixelsRedrawn)
            try c.encode(tilesRastered, forKey: .tilesRastered)
            try c.encode(tilesCached, forKey: .tilesCached)
            try c.encode(tileCacheBytes, forKey: .tileCacheBytes)
            try c.encodeIfPresent(pacing, forKey: .pacing)
            try c.encodeIfPresent(session, forKey: .session)
        }

        enum CodingKeys: String, CodingKey {
            case width, height, refresh, renderer, device, reason, maxTextureSize, framesDrawn, framesSkipped,
                framesUnchanged, renderFailures, screenshots, renderTime, pixelsRedrawn, tilesRastered, tilesCached,
                tileCacheBytes, pacing, session
        }
    }

    /// What the flip timestamps measured: missed vblanks, the hitch-time ratio in ms per s, and the
    /// commit-to-photon histogram (counts per bucket; each bucket's upper bound in ms, the last one unbounded).
    public struct Pacing: Codable, Sendable, Equatable {
        public var framesPresented: UInt64
        public var missedVblanks: UInt64
        /// Flips the kernel placed in a vblank already used by the flip before: must stay 0.
        public var sharedVblanks: UInt64
        public var hitchRatio: Double
        public var measuredRefresh: Double
        public var commitToPhotonBoundsMs: [Double]
        public var commitToPhotonCounts: [UInt64]
        public var commitToPhotonMaxMs: Double

        public init(
            framesPresented: UInt64, missedVblanks: UInt64, sharedVblanks: UInt64, hitchRatio: Double,
            measuredRefresh: Double, commitToPhotonBoundsMs: [Double], commitToPhotonCounts: [UInt64],
            commitToPhotonMaxMs: Double
        ) {
            self.framesPresented = framesPresented
            self.missedVblanks = missedVblanks
            self.sharedVblanks = sharedVblanks
            self.hitchRatio = hitchRatio
            self.measuredRefresh = measuredRefresh
            self.commitToPhotonBoundsMs = commitToPhotonBoundsMs
            self.commitToPhotonCounts = commitToPhotonCounts
            self.commitToPhotonMaxMs = commitToPhotonMaxMs
        }
    }

    /// "libseat" or "direct", libseat's backend ("logind", "seatd", "builtin") and seat, and why it was chosen.
    public struct Session: Codable, Sendable, Equatable {
        public var kind: String
        public var backend: String?
        public var seat: String?
        public var reason: String

        public init(kind: String, backend: String?, seat: String?, reason: String) {
            self.kind = kind
            self.backend = backend
            self.seat = seat
            self.reason = reason
        }
    }

    /// Milliseconds per drawn frame: the last one, and percentiles over the recent frames.
    public struct RenderTime: Codable, Sendable, Equatable {
        public var last: Double
        public var p50: Double
        public var p99: Double

        public init(last: Double, p50: Double, p99: Double) {
            self.last = last
            self.p50 = p50
            self.p99 = p99
        }
    }
}
