import AnimCore

/// CAPropertyAnimation: an animation of one key path ("opacity", "position.x", "transform.rotation.z").
/// The key path is checked against the layer's class when the animation is added.
open class PropertyAnimation: Animation, @unchecked Sendable {
    public var keyPath: String?
    public var isAdditive = false
    public var isCumulative = false
    public var valueFunction: ValueFunction?

    public init(keyPath: String? = nil) {
        self.keyPath = keyPath
        super.init()
    }

    func parsedKeyPath(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimKeyPath {
        guard let keyPath else {
            throw .invalid(field: "\(field).keyPath", reason: "a property animation needs a key path")
        }
        return try AnimKeyPath(keyPath, on: layerClass)
    }
}
