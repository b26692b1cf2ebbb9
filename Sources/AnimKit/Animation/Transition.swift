import AnimCore

/// CATransition: the layer's old look (a snapshot at the start of the transaction) gives way to the new
/// one by fading, moving in, pushing or revealing. Added under the key "transition" by convention.
open class Transition: Animation, @unchecked Sendable {
    public var type: TransitionType = .fade
    /// nil means fromLeft.
    public var subtype: TransitionSubtype?
    public var startProgress: Double = 0
    public var endProgress: Double = 1

    public init(type: TransitionType = .fade, subtype: TransitionSubtype? = nil) {
        self.type = type
        self.subtype = subtype
        super.init()
    }

    override func coreKind(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimationKind {
        .transition(
            TransitionAnimation(type: type, subtype: subtype, startProgress: startProgress, endProgress: endProgress))
    }
}
