extension InspectionDocuments {
    /// One entry of `clients`.
    public struct Client: Codable, Sendable, Equatable {
        public var session: UInt32
        /// The client's `Hello.clientName`.
        public var name: String
        /// From SO_PEERCRED; null when the kernel did not tell.
        public var pid: Int32?
        public var uid: UInt32?
        /// The protocol version the handshake settled on.
        public var version: UInt16
        public var acknowledgesCommits: Bool
        public var layers: Int
        public var animations: Int

        public init(
            session: UInt32, name: String, pid: Int32?, uid: UInt32?, version: UInt16, acknowledgesCommits: Bool,
            layers: Int, animations: Int
        ) {
            self.session = session
            self.name = name
            self.pid = pid
            self.uid = uid
            self.version = version
            self.acknowledgesCommits = acknowledgesCommits
            self.layers = layers
            self.animations = animations
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            session = try c.decode(UInt32.self, forKey: .session)
            name = try c.decode(String.self, forKey: .name)
            pid = try c.decode(Int32?.self, forKey: .pid)  // present, null when the kernel did not tell
            uid = try c.decode(UInt32?.self, forKey: .uid)
            version = try c.decode(UInt16.self, forKey: .version)
            acknowledgesCommits = try c.decode(Bool.self, forKey: .acknowledgesCommits)
            layers = try c.decode(Int.self, forKey: .layers)
            animations = try c.decode(Int.self, forKey: .animations)
        }

        public func encode(to encoder: any Encoder) throws {
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

    /// One entry of `animations`: an attached animation of a client.
    public struct Animation: Codable, Sendable, Equatable {
        public var session: UInt32
        public var layer: UInt32
        /// The id the client gave the animation.
        public var id: UInt64
        /// Null for an animation added without a key.
        public var key: String?
        /// "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup", "CATransition".
        public var `class`: String
        /// The resolved begin on the server clock (in the layer's time when no server time maps to it).
        public var beginTime: Double
        public var duration: Double

        public init(
            session: UInt32, layer: UInt32, id: UInt64, key: String?, class: String, beginTime: Double,
            duration: Double
        ) {
            self.session = session
            self.layer = layer
            self.id = id
            self.key = key
            self.class = `class`
            self.beginTime = beginTime
            self.duration = duration
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            session = try c.decode(UInt32.self, forKey: .session)
            layer = try c.decode(UInt32.self, forKey: .layer)
            id = try c.decode(UInt64.self, forKey: .id)
            key = try c.decode(String?.self, forKey: .key)  // present, null for the nil key
            `class` = try c.decode(String.self, forKey: .class)
            beginTime = try c.decode(Double.self, forKey: .beginTime)
            duration = try c.decode(Double.self, forKey: .duration)
        }

        public func encode(to encoder: any Encoder) throws {
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
}
