import AnimCore

/// CAAnimation: the timing every animation shares (CAMediaTiming), its curve, and its delegate.
/// Add one to a layer with `Layer.add(_:forKey:)`; the layer keeps a copy, so changing this object
/// afterwards changes nothing on screen (as Core Animation copies on add).
///
/// Instances are plain mutable objects: build and add one on one thread at a time.
open class Animation: Action, @unchecked Sendable {
    /// In the layer's time; 0 means the time the commit is applied on the server.
    public var beginTime: Double = 0
    /// 0 or less means the transaction's `animationDuration` when added (0.25 s unless set).
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// 0 plays once; `.infinity` repeats forever. When `repeatDuration` is also set it wins.
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: FillMode = .removed
    /// nil is linear, unless the transaction sets `animationTimingFunction` when this is added.
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops, on the connection's `delegateQueue`. Held strongly, as
    /// Core Animation holds an animation's delegate.
    public var delegate: (any AnimationDelegate)?

    public init() {}

    /// Adds the animation to `layer` under `event` (what an action does in Core Animation). A property
    /// animation without a key path animates the property the event names, as Core Animation's do.
    /// `add` copies the animation, so the key path is lent only for the call.
    public func run(forKey event: String, object layer: Layer) throws(AnimKitError) {
        if let property = self as? PropertyAnimation, property.keyPath == nil {
            property.keyPath = event
            defer { property.keyPath = nil }
            try layer.add(self, forKey: event)
        } else {
            try layer.add(self, forKey: event)
        }
    }

    var timing: MediaTiming {
        MediaTiming(
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
            repeatCount: repeatCount == .infinity ? MediaTiming.foreverRepeatCount : repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode)
    }

    func copyTiming(from core: AnimCore.Animation) {
        beginTime = core.timing.beginTime
        duration = core.timing.duration
        speed = core.timing.speed
        timeOffset = core.timing.timeOffset
        repeatCount = core.timing.repeatCount
        repeatDuration = core.timing.repeatDuration
        autoreverses = core.timing.autoreverses
        fillMode = core.timing.fillMode
        timingFunction = core.timingFunction
        isRemovedOnCompletion = core.removedOnCompletion
    }

    /// The kind this class describes, with key paths checked against `layerClass`. A bare `Animation` has
    /// none: use one of the subclasses.
    func coreKind(on layerClass: LayerClass, field: String) throws(AnimCoreError) -> AnimationKind {
        throw .invalid(
            field: field,
            reason: "a bare Animation does nothing; use BasicAnimation, KeyframeAnimation, SpringAnimation, "
                + "AnimationGroup or Transition")
    }

    /// The value the server runs: timing, curve and kind, validated for a layer of `layerClass`.
    func core(on layerClass: LayerClass, field: String = "animation") throws(AnimCoreError) -> AnimCore.Animation {
        AnimCore.Animation(
            try coreKind(on: layerClass, field: field), timing: timing, timingFunction: timingFunction,
            removedOnCompletion: isRemovedOnCompletion)
    }
}
