import AnimKit
import Dispatch
import Foundation

/// The input demo (`animdemo --card`): a card in the middle of a 640×480 scene that you drag with a pan
/// recognizer; let go, it springs back home with the pan's velocity as the spring's initial velocity; a tap
/// toggles its colour and size. Every recognized gesture is printed, so scripts/demo.sh and the integration
/// tests read what happened.
final class CardDemo: @unchecked Sendable {
    static let home = Point(x: 320, y: 240)
    static let smallBounds = Rect(x: 0, y: 0, width: 160, height: 100)
    static let largeBounds = Rect(x: 0, y: 0, width: 220, height: 140)
    static let blue = Color(red: 0.20, green: 0.45, blue: 0.95, alpha: 1)
    static let orange = Color(red: 0.98, green: 0.55, blue: 0.15, alpha: 1)

    let root: Layer
    let card: Layer
    private var toggled = false
    /// Where the card was when the pan began: the translation is added to it.
    private var panStart = CardDemo.home

    init(connection: Connection, scale: Double) throws {
        // Explicit transactions only, from before the layers exist: the queue this runs on has no run loop to
        // commit an implicit one, and a change made outside would open one that never goes out.
        Transaction.begin()
        defer { Transaction.commit() }
        root = Layer(connection: connection)
        card = Layer(connection: connection)
        root.bounds = Rect(x: 0, y: 0, width: 640, height: 480)
        root.anchorPoint = Point(x: 0, y: 0)
        root.position = Point(x: 0, y: 0)
        if scale != 1 { root.transform = .scale(scale, scale, 1) }
        root.backgroundColor = Color(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)
        card.bounds = Self.smallBounds
        card.position = Self.home
        card.cornerRadius = 16
        card.backgroundColor = Self.blue
        try root.addSublayer(card)

        let pan = PanGestureRecognizer()
        pan.addTarget(self, action: CardDemo.handlePan)
        card.addGestureRecognizer(pan)
        let tap = TapGestureRecognizer()
        tap.addTarget(self, action: CardDemo.handleTap)
        card.addGestureRecognizer(tap)
        // The demo also takes keys (the tap gives it the keyboard focus) and clicks on the scene, and prints them.
        connection.onKey = { key in
            if key.isPressed { DemoOutput.line("key \(key.keycode) pressed: \"\(key.text)\"") }
        }
        root.onPointer = { update in
            if update.phase == .button, update.isPressed {
                DemoOutput.line("click at (\(update.scenePoint.x), \(update.scenePoint.y))")
            }
        }
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: root) ?? Point(x: 0, y: 0)
        switch pan.state {
        case .began:
            // A card caught mid-spring starts from where it is on screen, not from its model position (home).
            panStart = (try? card.presentation().position) ?? card.position
            move(to: Point(x: panStart.x + translation.x, y: panStart.y + translation.y), stoppingTheSpring: true)
        case .changed:
            move(to: Point(x: panStart.x + translation.x, y: panStart.y + translation.y))
        case .ended, .cancelled:
            let velocity = pan.velocity(in: root) ?? Point(x: 0, y: 0)
            let from = Point(x: panStart.x + translation.x, y: panStart.y + translation.y)
            let spring = SpringAnimation(keyPath: "position", from: .point(from), to: .point(Self.home))
            spring.damping = 12
            spring.initialVelocity = SpringAnimation.initialVelocity(
                forGestureVelocity: velocity, from: from, to: Self.home)
            spring.duration = spring.settlingDuration
            Transaction.begin()
            Transaction.disableActions = true
            card.position = Self.home
            do { try card.add(spring, forKey: "springBack") } catch { DemoOutput.line("spring refused: \(error)") }
            Transaction.commit()
            DemoOutput.line(
                "pan \(pan.state) at t=\(pan.timestamp): translation \(Self.text(translation)), velocity "
                    + "\(Self.text(velocity)), spring back with initialVelocity \(spring.initialVelocity)")
            return
        default:
            return
        }
        DemoOutput.line("pan \(pan.state) at t=\(pan.timestamp): translation \(Self.text(translation))")
    }

    func handleTap(_ tap: TapGestureRecognizer) {
        toggled.toggle()
        Transaction.begin()
        Transaction.animationDuration = 0.3
        card.backgroundColor = toggled ? Self.orange : Self.blue
        card.bounds = toggled ? Self.largeBounds : Self.smallBounds
        Transaction.commit()
        DemoOutput.line("tap at t=\(tap.timestamp): card \(toggled ? "orange, large" : "blue, small")")
    }

    private func move(to point: Point, stoppingTheSpring: Bool = false) {
        Transaction.begin()
        Transaction.disableActions = true
        if stoppingTheSpring { card.removeAnimation(forKey: "springBack") }
        card.position = point
        Transaction.commit()
    }

    static func text(_ p: Point) -> String { "(\(p.x), \(p.y))" }
}
