import AnimScenes
import TransitionExampleSupport

/// Seed 001's custom present/dismiss animator: the card scales from 0.8 and fades in; dismissed, it shrinks back to
/// 0.8 and fades out.
final class CardAnimator: AnnouncingAnimator, TransitionAnimator, @unchecked Sendable {
    static let duration = 0.4

    func transitionDuration(using context: TransitionContext?) -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) {
        begin(context)
        defer { Transaction.commit() }
        if context.kind == .dismiss {
            let card = context.scene(forKey: .from).layer
            card.opacity = 0
            card.transform = .scale(0.8, 0.8, 1)
            Self.animate(card, "opacity", from: .number(1), to: .number(0), context)
            Self.animate(card, "transform.scale", from: .number(1), to: .number(0.8), context)
        } else {
            let scene = context.scene(forKey: .to)
            let card = scene.layer
            card.frame = context.finalFrame(for: scene)
            card.opacity = 1
            card.transform = .identity
            do { try context.containerLayer.addSublayer(card) } catch { ExampleOutput.line("error: \(error)") }
            Self.animate(card, "opacity", from: .number(0), to: .number(1), context)
            Self.animate(card, "transform.scale", from: .number(0.8), to: .number(1), context)
        }
    }
}

/// The stack's custom push/pop animator: the incoming scene slides over from the right edge while the outgoing
/// one moves a third of the width left and darkens (its opacity falls to 0.6 over the black window); a pop runs it
/// backwards. Linear while a finger drives it, so the scene follows the finger; ease-in-ease-out otherwise.
final class PushPopAnimator: AnnouncingAnimator, TransitionAnimator, @unchecked Sendable {
    static let duration = 0.4
    static let dimmed = 0.6

    func transitionDuration(using context: TransitionContext?) -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) {
        begin(context)
        defer { Transaction.commit() }
        let width = context.containerLayer.bounds.width
        let from = context.scene(forKey: .from).layer
        let to = context.scene(forKey: .to).layer
        let curve: TimingFunction = context.isInteractive ? .linear : .easeInEaseOut
        let home = to.position
        if context.kind == .push {
            do { try context.containerLayer.addSublayer(to) } catch { ExampleOutput.line("error: \(error)") }
            let behind = Point(x: from.position.x - width / 3, y: from.position.y)
            Self.animate(
                to, "position", from: .point(Point(x: home.x + width, y: home.y)), to: .point(home), context,
                curve: curve)
            Self.animate(from, "position", from: .point(from.position), to: .point(behind), context, curve: curve)
            Self.animate(from, "opacity", from: .number(1), to: .number(Self.dimmed), context, curve: curve)
            from.position = behind
            from.opacity = Self.dimmed
        } else {
            let away = Point(x: from.position.x + width, y: from.position.y)
            let behind = Point(x: home.x - width / 3, y: home.y)
            Self.animate(from, "position", from: .point(from.position), to: .point(away), context, curve: curve)
            Self.animate(to, "position", from: .point(behind), to: .point(home), context, curve: curve)
            Self.animate(to, "opacity", from: .number(Self.dimmed), to: .number(1), context, curve: curve)
            from.position = away
            to.opacity = 1
        }
    }
}

/// The sheet's animator: it slides up by its own height, from just below the window's bottom edge to its frame, and
/// back down; the presentation controller fades its dimming layer alongside.
final class SheetAnimator: AnnouncingAnimator, TransitionAnimator, @unchecked Sendable {
    static let duration = 0.4

    func transitionDuration(using context: TransitionContext?) -> Double { Self.duration }

    func animateTransition(using context: TransitionContext) {
        begin(context)
        defer { Transaction.commit() }
        if context.kind == .dismiss {
            let sheet = context.scene(forKey: .from).layer
            let below = Point(x: sheet.position.x, y: sheet.position.y + sheet.bounds.height)
            Self.animate(sheet, "position", from: .point(sheet.position), to: .point(below), context)
            sheet.position = below
        } else {
            let scene = context.scene(forKey: .to)
            let sheet = scene.layer
            sheet.frame = context.finalFrame(for: scene)
            do { try context.containerLayer.addSublayer(sheet) } catch { ExampleOutput.line("error: \(error)") }
            let end = sheet.position
            Self.animate(
                sheet, "position", from: .point(Point(x: end.x, y: end.y + sheet.bounds.height)), to: .point(end),
                context)
        }
    }
}
