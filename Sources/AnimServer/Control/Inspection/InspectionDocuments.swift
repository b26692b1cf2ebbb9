import AnimCore

/// The JSON documents of InspectReply (protocol/README.md describes them for animctl and other tools).
/// Times are seconds of server media time unless named otherwise; ids are the client's own numbers.
enum InspectionDocuments {
    struct Status: Encodable {
        /// Seconds since the server started (real time).
        var uptime: Double
        var clients: Int
        var layers: Int
        var animations: Int
        var frames: UInt64
        /// Milliseconds to evaluate a frame over the recent frames.
        var frameTime: FrameTime
        var memory: Memory
        var images: Int
        var imageBytes: Int
        /// Open file descriptors of the server process.
        var openFDs: Int
        /// The output drawing the frames; null when none is attached.
        var output: Output?

        func encode(to encoder: any Encoder) throws {
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

    /// The output: its size, the renderer and why it was chosen, what it drew.
    struct Output: Encodable {
        var width: Int
        var height: Int
        var refresh: Double
        /// "gles" or "software".
        var renderer: String
        var device: String
        var reason: String
        /// The texture limit in force; null for the software renderer (no limit).
        var maxTextureSize: Int?
        var framesDrawn: UInt64
        var framesSkipped: UInt64
        var framesUnchanged: UInt64
        var renderFailures: UInt64
        var screenshots: UInt64
        /// Milliseconds per drawn frame: the last one, and over the recent frames.
        var renderTime: RenderTime
        var pixelsRedrawn: Int
        var tilesRastered: Int
        var tilesCached: Int
        var tileCacheBytes: Int
        /// Frame pacing from the display's flips; absent without a display (headless).
        var pacing: Pacing?
        /// The session the display's device was opened through; absent without a display (headless).
        var session: Session?

        func encode(to encoder: any Encoder) throws {
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
    struct Pacing: Encodable {
        var framesPresented: UInt64
        var missedVblanks: UInt64
        /// Flips the kernel placed in a vblank already used by the flip before: must stay 0.
        var sharedVblanks: UInt64
        var hitchRatio: Double
        var measuredRefresh: Double
        var commitToPhotonBoundsMs: [Double]
        var commitToPhotonCounts: [UInt64]
        var commitToPhotonMaxMs: Double
    }

    /// "libseat" or "direct", libseat's backend ("logind", "seatd", "builtin") and seat, and why it was chosen.
    struct Session: Encodable {
        var kind: String
        var backend: String?
        var seat: String?
        var reason: String
    }

    struct RenderTime: Encodable {
        var last: Double
        var p50: Double
        var p99: Double
    }

    struct FrameTime: Encodable {
        var p50: Double
        var p99: Double
        var max: Double
    }

    struct Memory: Encodable {
        /// Resident set size in bytes.
        var rss: Int
        /// Times the heap was trimmed after clients that held much memory left, and the resident bytes those
        /// trims gave back.
        var trims: Int
        var returnedBytes: Int
    }

    struct Client: Encodable {
        var session: UInt32
        var name: String
        var pid: Int32?
        var uid: UInt32?
        /// The protocol version the handshake settled on.
        var version: UInt16
        var acknowledgesCommits: Bool
        var layers: Int
        var animations: Int

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(session, forKey: .session)
            try c.encode(name, forKey: .name)
            try c.encode(pid, forKey: .pid)  // null when the kernel did not tell
            try c.encode(uid, forKey: .uid)
            try c.encode(version, forKey: .version)
            try c.encode(acknowledgesCommits, forKey: .acknowledgesCommits)
            try c.encode(layers, forKey: .layers)
            try c.encode(animations, forKey: .animations)
        }

        enum CodingKeys: String, CodingKey {
            case session, name, pid, uid, version, acknowledgesCommits, layers, animations
        }
    }

    struct Tree: Encodable {
        var session: UInt32
        var presentation: Bool
        var roots: [TreeLayer]
    }

    struct TreeLayer: Encodable {
        var id: UInt32
        var `class`: String
        var properties: [String: PropertyValue]
        var sublayers: [TreeLayer]
    }

    struct Layer: Encodable {
        var session: UInt32
        var id: UInt32
        var `class`: String
        var properties: [String: PropertyValue]
        /// The animations' keys in application order; null for one added without a key.
        var animations: [String?]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(session, forKey: .session)
            try c.encode(id, forKey: .id)
            try c.encode(`class`, forKey: .class)
            try c.encode(properties, forKey: .properties)
            var keys = c.nestedUnkeyedContainer(forKey: .animations)
            for key in animations {
                if let key { try keys.encode(key) } else { try keys.encodeNil() }
            }
        }

        enum CodingKeys: String, CodingKey { case session, id, `class`, properties, animations }
    }

    struct Animation: Encodable {
        var session: UInt32
        var layer: UInt32
        /// The id the client gave the animation.
        var id: UInt64
        var key: String?
        /// "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup", "CATransition".
        var `class`: String
        /// The resolved begin on the server clock (in the layer's time when no server time maps to it).
        var beginTime: Double
        var duration: Double

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(session, forKey: .session)
            try c.encode(layer, forKey: .layer)
            try c.encode(id, forKey: .id)
            try c.encode(key, forKey: .key)  // null for an animation added without a key
            try c.encode(`class`, forKey: .class)
            try c.encode(beginTime, forKey: .beginTime)
            try c.encode(duration, forKey: .duration)
        }

        enum CodingKeys: String, CodingKey { case session, layer, id, key, `class`, beginTime, duration }
    }

    /// Every property of `state`'s class by key path.
    static func properties(of state: LayerState) -> [String: PropertyValue] {
        var out: [String: PropertyValue] = [:]
        for p in LayerProperty.allCases where p.exists(on: state.layerClass) {
            out[p.key] = state.value(of: p)
        }
        return out
    }
}
