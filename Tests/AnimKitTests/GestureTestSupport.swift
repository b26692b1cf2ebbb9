import AnimCore
import Testing

@testable import AnimKit

/// A root filling 640×480 of the scene and a 100×100 card centred at (200, 200) (scene 150…250), on a fake
/// server's connection; touches are fed to the connection's input dispatcher as the reader would, at exact
/// media times (multiples of 1/64 s, so rates come out exact in binary).
final class GestureScene {
    let server: FakeServer
    let root: Layer
    let card: Layer
    /// Each sequence's layer, as the server keeps it for the whole sequence.
    private var hitLayers: [UInt32: Layer] = [:]

    init() throws {
        server = try FakeServer()
        root = Layer(connection: server.connection)
        card = Layer(connection: server.connection)
        Transaction.begin()
        root.bounds = Rect(x: 0, y: 0, width: 640, height: 480)
        root.anchorPoint = Point(x: 0, y: 0)
        root.position = Point(x: 0, y: 0)
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        card.position = Point(x: 200, y: 200)
        try root.addSublayer(card)
        Transaction.commit()
    }

    var dispatcher: InputDispatcher { server.connection.inputDispatcher }

    /// The layer the server would hit for `p`: the card when inside it, else the root.
    func hit(_ p: Point) -> Layer {
        (150...250).contains(p.x) && (150...250).contains(p.y) ? card : root
    }

    func down(_ sequence: UInt32 = 1, _ x: Double, _ y: Double, at time: Double, on layer: Layer? = nil) {
        let p = Point(x: x, y: y)
        let target = layer ?? hit(p)
        let local = target.convert(p, from: nil) ?? p
        hitLayers[sequence] = target
        dispatcher.touch(sequence: sequence, phase: .began, time: time, layer: target, scenePoint: p, layerPoint: local)
    }

    func move(_ sequence: UInt32 = 1, _ x: Double, _ y: Double, at time: Double) {
        send(sequence, .moved, x, y, time)
    }

    func up(_ sequence: UInt32 = 1, _ x: Double, _ y: Double, at time: Double) {
        send(sequence, .ended, x, y, time)
    }

    func cancel(_ sequence: UInt32 = 1, _ x: Double, _ y: Double, at time: Double) {
        send(sequence, .cancelled, x, y, time)
    }

    private func send(_ sequence: UInt32, _ phase: TouchPhase, _ x: Double, _ y: Double, _ time: Double) {
        let p = Point(x: x, y: y)
        let local = hitLayers[sequence]?.convert(p, from: nil) ?? p
        dispatcher.touch(sequence: sequence, phase: phase, time: time, layer: nil, scenePoint: p, layerPoint: local)
    }

    /// A one-finger drag from (x1, y1) to (x2, y2) in `steps` equal moves 1/64 s apart, starting at `time`;
    /// lifts at the last point and time when `lift`.
    func drag(
        _ x1: Double, _ y1: Double, to x2: Double, _ y2: Double, steps: Int, from time: Double = 0, lift: Bool = true
    ) {
        down(1, x1, y1, at: time)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(1, x1 + (x2 - x1) * f, y1 + (y2 - y1) * f, at: time + Double(i) / 64)
        }
        if lift { up(1, x2, y2, at: time + Double(steps) / 64) }
    }
}

/// Records a recognizer's handler calls as "state t=… extra".
final class GestureLog {
    var entries: [String] = []

    func record(_ recognizer: GestureRecognizer, _ extra: String = "") {
        entries.append("\(recognizer.state) t=\(recognizer.timestamp)\(extra.isEmpty ? "" : " " + extra)")
    }
}

final class AllowingBoth: GestureRecognizerDelegate {
    func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    )
        -> Bool
    { true }
}

final class RefusingToBegin: GestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
}
