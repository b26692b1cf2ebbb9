/// The document `animctl eval` and `animctl plot` read: one layer's model values, the animations added to it
/// in order, and the transaction they are added in (docs/json-format.md).
///
/// ```json
/// {"layer": {"class": "CALayer", "properties": {"opacity": 1}},
///  "animations": [{"key": "fade", "animation": {"type": "basic", "keyPath": "opacity", "toValue": 0}}],
///  "transaction": {"duration": 0.25, "timingFunction": null},
///  "attachTime": 0}
/// ```
public struct SceneDocument: Hashable, Sendable {
    /// One `addAnimation(_:forKey:)` call.
    public struct AnimationEntry: Hashable, Sendable {
        /// The key it is added under; nil is a valid key (docs/core-animation-rules.md#begintime-0-and-animation-keys).
        public var key: String?
        public var animation: Animation

        public init(key: String?, animation: Animation) {
            self.key = key
            self.animation = animation
        }
    }

    /// The transaction the animations are added in (docs/core-animation-rules.md#transactions).
    public struct Transaction: Hashable, Sendable {
        /// `animationDuration`: replaces animation durations of 0.
        public var duration: Double
        /// `animationTimingFunction`: set on animations that have no timing function.
        public var timingFunction: TimingFunction?

        public init(duration: Double = MediaTiming.defaultDuration, timingFunction: TimingFunction? = nil) {
            self.duration = duration
            self.timingFunction = timingFunction
        }
    }

    /// Free text about the document; evaluation ignores it.
    public var comment: String?
    /// The layer's model values.
    public var layer: LayerState
    /// The animations, added in this order (which is the order they apply in).
    public var animations: [AnimationEntry]
    public var transaction: Transaction
    /// The layer-local time the transaction commits at: replaces top-level begin times of 0
    /// (docs/core-animation-rules.md#begintime-0-and-animation-keys).
    public var attachTime: Double

    public init(
        comment: String? = nil, layer: LayerState = LayerState(), animations: [AnimationEntry] = [],
        transaction: Transaction = Transaction(), attachTime: Double = 0
    ) {
        self.comment = comment
        self.layer = layer
        self.animations = animations
        self.transaction = transaction
        self.attachTime = attachTime
    }

    /// The key paths the animations drive, groups included, in the order they first appear.
    public var animatedKeyPaths: [AnimKeyPath] {
        var seen: Set<String> = []
        var result: [AnimKeyPath] = []
        func visit(_ animation: Animation) {
            if case .group(let group) = animation.kind {
                group.animations.forEach(visit)
            } else if let keyPath = animation.keyPath, seen.insert(keyPath.description).inserted {
                result.append(keyPath)
            }
        }
        for entry in animations { visit(entry.animation) }
        return result
    }

    /// The `type` an animation is written with: `basic`, `keyframe`, `spring`, `group` or `transition`.
    public static func typeName(of animation: Animation) -> String {
        AnimationType(animation.kind).rawValue
    }

    /// Whether any animation (groups included) is a transition.
    public var hasTransition: Bool {
        func isTransition(_ animation: Animation) -> Bool {
            switch animation.kind {
            case .transition: true
            case .group(let group): group.animations.contains(where: isTransition)
            default: false
            }
        }
        return animations.contains { isTransition($0.animation) }
    }
}

extension SceneDocument: Codable {
    /// Reads the document. Every field is optional: `layer` defaults to a CALayer with default values,
    /// `animations` to none, `transaction` to `{"duration": 0.25, "timingFunction": null}`, `attachTime` to 0.
    /// The animations' key paths are resolved against the layer's class. Unknown fields are errors; every error
    /// names its JSON path (`animations[1].animation.toValue`).
    public init(from decoder: any Decoder) throws {
        let reader = try JSONObjectReader(decoder, what: "a scene document")
        try reader.rejectUnknownFields(
            allowed: ["comment", "layer", "animations", "transaction", "attachTime"], in: "a scene document")
        comment = try reader.string("comment")
        layer = try reader.value("layer").map { try LayerState(from: $0) } ?? LayerState()
        transaction = try reader.value("transaction").map { try Transaction(from: $0) } ?? Transaction()
        attachTime = try reader.number("attachTime") ?? 0
        let layerClass = layer.layerClass
        animations =
            try (reader.value("animations")).map { decoder in
                try JSONValueReading.elements(decoder, expected: "an array of {\"key\": …, \"animation\": …} objects")
                    .map {
                        try AnimationEntry(from: $0, layerClass: layerClass)
                    }
            } ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        if let comment { try container.encode(comment, forKey: JSONKey("comment")) }
        try container.encode(layer, forKey: JSONKey("layer"))
        try container.encode(animations, forKey: JSONKey("animations"))
        try container.encode(transaction, forKey: JSONKey("transaction"))
        try container.encode(attachTime, forKey: JSONKey("attachTime"))
    }
}

extension SceneDocument.AnimationEntry: Encodable {
    /// Reads `{"key": "move", "animation": {…}}`; `key` may be absent or null.
    public init(from decoder: any Decoder, layerClass: LayerClass?) throws {
        let reader = try JSONObjectReader(decoder, what: "an animation entry")
        try reader.rejectUnknownFields(allowed: ["key", "animation"], in: "an animation entry")
        key = try reader.string("key")
        animation = try Animation(
            from: try reader.required("animation", expected: "an animation object"), layerClass: layerClass)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        if let key {
            try container.encode(key, forKey: JSONKey("key"))
        } else {
            try container.encodeNil(forKey: JSONKey("key"))
        }
        try container.encode(animation, forKey: JSONKey("animation"))
    }
}

extension SceneDocument.Transaction: Codable {
    /// Reads `{"duration": 0.25, "timingFunction": null}`; both fields are optional.
    public init(from decoder: any Decoder) throws {
        let reader = try JSONObjectReader(decoder, what: "a transaction")
        try reader.rejectUnknownFields(allowed: ["duration", "timingFunction"], in: "a transaction")
        duration = try reader.number("duration") ?? MediaTiming.defaultDuration
        guard duration > 0 else {
            throw reader.failure(
                "duration", "the transaction duration must be > 0, got \(NumberText.shortest(duration))")
        }
        timingFunction = try reader.decode(TimingFunction.self, "timingFunction")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(duration, forKey: JSONKey("duration"))
        if let timingFunction {
            try container.encode(timingFunction, forKey: JSONKey("timingFunction"))
        } else {
            try container.encodeNil(forKey: JSONKey("timingFunction"))
        }
    }
}
