import AnimCore

extension Animation {
    /// An SDK object describing `core`: what `Layer.animation(forKey:)` returns and what a class's default
    /// action is built from.
    static func make(from core: AnimCore.Animation) -> Animation {
        let object: Animation
        switch core.kind {
        case .basic(let b):
            let basic = BasicAnimation()
            basic.copyBasic(from: b)
            object = basic
        case .spring(let s):
            let spring = SpringAnimation()
            spring.copyBasic(from: s.basic)
            spring.parameters = s.spring
            object = spring
        case .keyframe(let k):
            let keyframe = KeyframeAnimation()
            keyframe.copyKeyframe(from: k)
            object = keyframe
        case .group(let g):
            object = AnimationGroup(animations: g.animations.map(make(from:)))
        case .transition(let t):
            let transition = Transition(type: t.type, subtype: t.subtype)
            transition.startProgress = t.startProgress
            transition.endProgress = t.endProgress
            object = transition
        }
        object.copyTiming(from: core)
        return object
    }
}
