import AnimCore

/// CAAnimationGroup: children run in the group's time and are clipped to its active duration; a child
/// with duration 0 takes the transaction's duration. Children's delegates are not called (as in Core
/// Animation, only the group reports).
open class AnimationGroup: Animation, @unchecked Sendable {
    public var animations: [Animation]?

    public init(animations: [Animation]? = nil) {
        self.animations = animations
        super.init()
    }

    override func coreKind(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimationKind {
        var children: [AnimCore.Animation] = []
        for (i, child) in (animations ?? []).enumerated() {
            children.append(try child.core(on: layerClass, field: "\(field).animations[\(i)]"))
        }
        return .group(AnimCore.AnimationGroup(animations: children))
    }
}
