import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

/// Scenes and input for the router's tests: clients with square layers on a manual clock.
extension ServerHarness {
    /// A client of protocol version 4 subscribed to `kinds`, with one root layer `1` covering `rect` (scene
    /// points) and the given sublayers (id, frame in the root's coordinates).
    func inputClient(
        _ kinds: UInt32 = 0b1111, root rect: WireRect = WireRect(x: 0, y: 0, width: 400, height: 300),
        sublayers: [(UInt32, WireRect)] = [], uid: UInt32 = ServerHarness.serverUID
    ) throws -> SessionID {
        let id = try connect(uid: uid, version: 4)
        var operations: [WireOperation] = [W.create(1)] + frame(1, rect)
        for (layer, frame) in sublayers {
            operations += [W.create(layer)] + self.frame(layer, frame) + [W.insert(layer, into: 1)]
        }
        let replies = commit(operations, from: id)
        #expect(replies.errorReports.isEmpty, "\(replies)")
        if kinds != 0 {
            #expect(send(.inputSubscribe(InputSubscribe(kinds: kinds, watchAll: false)), from: id).isEmpty)
        }
        return id
    }

    /// Bounds at the origin and the position that puts the layer's frame at `rect`.
    func frame(_ layer: UInt32, _ rect: WireRect) -> [WireOperation] {
        [
            W.set(layer, "bounds", .rect(WireRect(x: 0, y: 0, width: rect.width, height: rect.height))),
            W.set(layer, "position", W.point(rect.x + rect.width / 2, rect.y + rect.height / 2)),
        ]
    }

    /// Routes one device event (device 1 unless said) and returns what each session was sent.
    func input(_ kind: RawInputEvent.Kind, at time: Double, device: InputDeviceID = InputDeviceID(1)) -> [Delivery] {
        core.deliverInput(RawInputEvent(time: time, device: device, kind: kind))
    }
}

extension Array where Element == Delivery {
    func to(_ session: SessionID) -> [Message] { filter { $0.session == session }.map(\.message) }
}

extension Message {
    var touch: TouchEvent? {
        if case .touchEvent(let e) = self { return e }
        return nil
    }
    var pointer: PointerEvent? {
        if case .pointerEvent(let e) = self { return e }
        return nil
    }
    var key: KeyEvent? {
        if case .keyEvent(let e) = self { return e }
        return nil
    }
    var focus: Bool? {
        if case .focusChanged(let e) = self { return e.focused }
        return nil
    }
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> WireRect { WireRect(x: x, y: y, width: w, height: h) }
func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
