/// A scene document's layer with its animations attached, stepped through time as a frame loop would: each
/// step reports the presentation values and the did-start/did-stop events crossed since the previous step.
public struct SceneTimeline: Sendable {
    /// The layer's model values.
    public let model: LayerState
    /// The attached animations; those that finished and are removed on completion leave as time passes.
    public private(set) var animations: LayerAnimations
    /// Non-fatal findings of attaching (ignored keyTimes, repeatCount with repeatDuration), each prefixed with
    /// the animation's place in the document.
    public let warnings: [String]
    /// Events of attaching (an animation replacing one under the same key), reported with the first step.
    private var pendingEvents: [AnimationEvent]

    /// Attaches the document's animations in order at `attachTime`, in the document's transaction, with the
    /// model values standing in for the presentation before the transaction (the last case of
    /// docs/core-animation-rules.md#from-to-and-by).
    public init(_ document: SceneDocument) throws(SceneError) {
        model = document.layer
        var animations = LayerAnimations()
        var warnings: [String] = []
        var events: [AnimationEvent] = []
        let context = AttachedAnimation.Context(
            attachTime: document.attachTime, transactionDuration: document.transaction.duration,
            transactionTimingFunction: document.transaction.timingFunction, previousPresentation: document.layer)
        for (index, entry) in document.animations.enumerated() {
            let place = SceneError.place(index: index, key: entry.key)
            do throws(AnimCoreError) {
                let attached = try AttachedAnimation(
                    key: entry.key, animation: entry.animation, layerClass: document.layer.layerClass, context: context)
                warnings += attached.warnings.map { "\(place): \($0)" }
                events += animations.add(attached, at: document.attachTime).events
            } catch {
                throw SceneError(place: place, error: error)
            }
        }
        self.animations = animations
        self.warnings = warnings
        pendingEvents = events
    }

    /// The layer-local time at its parent's time `t`: the layer's own timing applied,
    /// `(t − beginTime)·speed + timeOffset` (docs/json-format.md; the identity with the default timing), with an
    /// animation of its `timeOffset` applied at `t` (docs/core-animation-rules.md#parent-time-to-local-time).
    public func layerTime(fromParent t: Double) -> Double {
        animations.presentedTiming(of: model, atParentTime: t).localTime(fromParent: t)
    }

    /// The presentation value of `keyPath` in `sample` (the latest from `advance(to:)`), as the presentation
    /// layer's `valueForKeyPath:` answers it: a transform component that an animation drives reads the animated
    /// value (`PresentationEvaluator.value(of:model:animations:atLocalTime:)`), any other key path the
    /// sample's presentation.
    public func value(of keyPath: AnimKeyPath, in sample: SceneSample) -> PropertyValue {
        guard case .transform? = keyPath.component else { return keyPath.value(in: sample.presentation) }
        return PresentationEvaluator.value(
            of: keyPath, model: model, animations: animations, atLocalTime: sample.time)
    }

    /// Moves to the layer-local time `time` and evaluates the presentation there. Times should not decrease:
    /// events already reported are not reported again, and animations removed on completion stay removed. An
    /// animation of the layer's `timeOffset` runs on the parent time `parentTime` (on `time` when nil).
    public mutating func advance(to time: Double, parentTime: Double? = nil) -> SceneSample {
        let events = pendingEvents + animations.advance(toLocalTime: time, parentTime: parentTime)
        pendingEvents = []
        let (presentation, transition) = PresentationEvaluator.presentation(
            of: model, animations: animations, atLocalTime: time, parentTime: parentTime)
        return SceneSample(time: time, presentation: presentation, transition: transition, events: events)
    }
}

/// The layer at one time of a `SceneTimeline`.
public struct SceneSample: Sendable {
    /// The layer-local time.
    public let time: Double
    /// Every property's presentation value.
    public let presentation: LayerState
    /// The transition in progress, if any.
    public let transition: TransitionProgress?
    /// The did-start and did-stop events crossed since the previous sample, in time order.
    public let events: [AnimationEvent]
}

/// An animation of a scene document that cannot be attached to its layer.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the animation is: `animations[1] (key 'move')`.
    public let place: String
    public let error: AnimCoreError

    public var description: String { "\(place): \(error)" }

    static func place(index: Int, key: String?) -> String {
        "animations[\(index)] (key \(key.map { "'\($0)'" } ?? "nil"))"
    }
}
