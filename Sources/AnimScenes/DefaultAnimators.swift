import AnimCore
import AnimKit

/// The animator presentations and dismissals get when their delegate gives none: UIKit's cover vertical. The
/// presented layer slides up from below the container to its final frame, and back down on dismissal, in
/// `duration` seconds (0.5 by default) with an ease-in-ease-out curve.
public final class CoverVerticalAnimator: TransitionAnimator {
    public var duration: Double
    public var timingFunction: TimingFunction

    public init(duration: Double = 0.5, timingFunction: TimingFunction = .easeInEaseOut) {
        self.duration = duration
        self.timingFunction = timingFunction
    }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerLayer
        let height = container.bounds.size.height
        Transaction.begin()
        Transaction.setCompletionBlock { context.completeTransition(!context.transitionWasCancelled) }
        if context.kind == .dismiss {
            let leaving = context.scene(forKey: .from).layer
            let start = leaving.position
            let end = Point(x: start.x, y: start.y + height)
            slide(leaving, from: start, to: end, context: context)
        } else {
            let arriving = context.scene(forKey: .to).layer
            arriving.frame = context.finalFrame(for: context.scene(forKey: .to))
            addOnTop(arriving, in: container)
            let end = arriving.position
            slide(arriving, from: Point(x: end.x, y: end.y + height), to: end, context: context)
        }
        Transaction.commit()
    }

    private func slide(_ layer: Layer, from start: Point, to end: Point, context: TransitionContext) {
        let move = BasicAnimation(keyPath: "position", from: .point(start), to: .point(end))
        move.duration = context.transitionDuration
        move.timingFunction = timingFunction
        layer.position = end
        addLogged(move, to: layer, key: "AnimScenes.coverVertical")
    }
}

/// The animator pushes and pops get when the stack's delegate gives none: UIKit's navigation slide. On a push the
/// incoming layer slides in from the right edge while the outgoing one moves a third of the width to the left; a
/// pop does the reverse. `duration` seconds (0.35 by default), ease-in-ease-out.
public final class SlideAnimator: TransitionAnimator {
    public let operation: NavigationOperation
    public var duration: Double
    public var timingFunction: TimingFunction

    public init(
        operation: NavigationOperation, duration: Double = 0.35, timingFunction: TimingFunction = .easeInEaseOut
    ) {
        self.operation = operation
        self.duration = duration
        self.timingFunction = timingFunction
    }

    public func transitionDuration(using context: TransitionContext?) -> Double { duration }

    public func animateTransition(using context: TransitionContext) {
        let container = context.containerLayer
        let width = container.bounds.size.width
        let from = context.scene(forKey: .from).layer
        let to = context.scene(forKey: .to).layer
        let toFrame = context.finalFrame(for: context.scene(forKey: .to))
        Transaction.begin()
        Transaction.setCompletionBlock { context.completeTransition(!context.transitionWasCancelled) }
        if toFrame != .zero { to.frame = toFrame }
        let toEnd = to.position
        let fromStart = from.position
        if operation == .push {
            addOnTop(to, in: container)
            move(to, from: Point(x: toEnd.x + width, y: toEnd.y), to: toEnd, context: context)
            move(from, from: fromStart, to: Point(x: fromStart.x - width / 3, y: fromStart.y), context: context)
        } else {
            if to.superlayer !== container {
                do { try container.insertSublayer(to, below: from) } catch { log.error("pop: \(error)") }
            }
            move(to, from: Point(x: toEnd.x - width / 3, y: toEnd.y), to: toEnd, context: context)
            move(from, from: fromStart, to: Point(x: fromStart.x + width, y: fromStart.y), context: context)
        }
        Transaction.commit()
    }

    private func move(_ layer: Layer, from start: Point, to end: Point, context: TransitionContext) {
        let slide = BasicAnimation(keyPath: "position", from: .point(start), to: .point(end))
        slide.duration = context.transitionDuration
        slide.timingFunction = timingFunction
        layer.position = end
        addLogged(slide, to: layer, key: "AnimScenes.slide")
    }
}

/// Adds `layer` on top of `container`'s sublayers unless it is already among them.
func addOnTop(_ layer: Layer, in container: Layer) {
    guard layer.superlayer !== container else { return }
    do {
        try container.addSublayer(layer)
    } catch {
        log.error("\(layer.id) could not join the container \(container.id): \(error)")
    }
}

func addLogged(_ animation: AnimKit.Animation, to layer: Layer, key: String) {
    do {
        try layer.add(animation, forKey: key)
    } catch {
        log.error("\(layer.id): the transition's animation \(key) was refused: \(error)")
    }
}
