import AnimCore
import AnimKeyboard
import AnimProtocol

/// Routes input to clients on the server's loop thread (docs/architecture.md, "Input"): devices and
/// `InputInject` hand it `RawInputEvent`s; it hit-tests every client's presentation tree at the event's time,
/// frontmost client first, keeps the implicit grabs (a touch sequence, a drag) and the keyboard focus, runs the
/// keyboard state and key repeat, and returns what to send. It never waits for rendering: it reads the clients'
/// trees, which the loop thread owns.
final class InputRouter {
    /// A client's layer an event goes to.
    struct Target: Hashable {
        var session: SessionID
        var layer: LayerID
    }

    /// A touch in progress: its sequence number and the layer the down hit (nil: it hit nothing, or its client
    /// left; the rest of it is dropped).
    struct Touch {
        var sequence: UInt32
        var target: Target?
        var point: Point
    }

    struct TouchKey: Hashable {
        var device: InputDeviceID
        var slot: Int
    }

    struct Pointer {
        var position = Point(x: 0, y: 0)
        /// The layer under the cursor that was sent `enter`.
        var hover: Target?
        /// The layer a button press hit: it gets every pointer event until the last button is released.
        var grab: Target?
        var buttons: [InputDeviceID: Set<UInt32>] = [:]

        var anyButtonDown: Bool { buttons.values.contains { !$0.isEmpty } }
    }

    /// The held key that repeats: the n-th repeat is due at `start + n × interval` (media time), computed
    /// from the start each time so that repeats land on exact times rather than on summed rounding errors.
    struct KeyRepeat {
        var code: UInt32
        var device: InputDeviceID
        var start: Double
        var interval: Double
        var count = 0

        var next: Double { start + Double(count) * interval }
    }

    /// An event waiting for the clock to reach its time (synthetic input), and the `InputInjected` to send once
    /// it is routed when it is the last of its request.
    struct Scheduled {
        var event: RawInputEvent
        var source: SessionID
        var reply: UInt32?
    }

    let keyboard: Keyboard?
    let repeatDelay: Double
    let repeatInterval: Double?
    private(set) var touches: [TouchKey: Touch] = [:]
    private var nextSequence: UInt32 = 1
    private(set) var pointer = Pointer()
    private(set) var focus: SessionID?
    private var keysHeld: [InputDeviceID: Set<UInt32>] = [:]
    private(set) var keyRepeat: KeyRepeat?
    private(set) var scheduled: [Scheduled] = []
    /// Per client, what its hit tests keep between events (the sublayer grids of `LayerHitIndex`, rebuilt after the
    /// client's tree changes): a touch among 10,000 sibling layers tests the few under it.
    private var hitIndexes: [SessionID: LayerHitIndex] = [:]
    /// Key repeats routed in one pass at most: a clock that jumps far ahead does not flood the client.
    static let maxRepeatsPerPass = 256

    init(keyboard: Keyboard?, repeatDelay: Double, repeatRate: Double) {
        self.keyboard = keyboard
        self.repeatDelay = repeatDelay
        repeatInterval = repeatRate > 0 ? 1 / repeatRate : nil
    }

    // MARK: Entry points

    /// Routes one event now, whatever its time (a device's events arrive as they happen).
    func route(_ event: RawInputEvent, sessions: [SessionID: Session]) -> [Delivery] {
        var outbox = InputOutbox(sessions: sessions)
        route(event, into: &outbox)
        return outbox.deliveries
    }

    /// Queues synthetic events (their times already stamped, not decreasing) to be routed when the clock
    /// reaches them; the last carries the `InputInjected` answer for `request`.
    func schedule(_ events: [RawInputEvent], from source: SessionID, request: UInt32) {
        for (index, event) in events.enumerated() {
            let item = Scheduled(event: event, source: source, reply: index == events.count - 1 ? request : nil)
            // After every item of an earlier or equal time: the order of injection is kept.
            let at = scheduled.firstIndex { $0.event.time > event.time } ?? scheduled.count
            scheduled.insert(item, at: at)
        }
    }

    /// The media time at which something is next due (a scheduled event, a key repeat), or nil.
    var nextDueTime: Double? {
        switch (scheduled.first?.event.time, keyRepeat?.next) {
        case (let a?, let b?): min(a, b)
        case (let a?, nil): a
        case (nil, let b?): b
        case (nil, nil): nil
        }
    }

    /// Routes everything due at media time `now` or before, in time order.
    func runDue(now: Double, sessions: [SessionID: Session]) -> [Delivery] {
        var outbox = InputOutbox(sessions: sessions)
        var repeats = 0
        while true {
            let nextEvent = scheduled.first.map(\.event.time)
            if let repeating = keyRepeat, repeating.next <= now, nextEvent.map({ repeating.next < $0 }) ?? true {
                repeats += 1
                if repeats > Self.maxRepeatsPerPass {
                    // Catch up without sending: the repeats a jump skipped are not typed.
                    let skipped = Int(((now - repeating.next) / repeating.interval).rounded(.down))
                    keyRepeat?.count += skipped + 1
                    continue
                }
                fireRepeat(repeating, into: &outbox)
                continue
            }
            guard let time = nextEvent, time <= now else { break }
            let item = scheduled.removeFirst()
            route(item.event, into: &outbox)
            if let request = item.reply {
                outbox.append(
                    Delivery(
                        session: item.source, message: .inputInjected(InputInjected(request: request, time: time))))
            }
        }
        return outbox.deliveries
    }

    /// A session is gone: the touches and drag it had end without being sent anything more (the rest of each
    /// touch is dropped, not given to another client), it loses the focus, and the synthetic events it queued
    /// are dropped, their touches and keys cancelled.
    func sessionClosed(_ id: SessionID, at time: Double, sessions: [SessionID: Session]) -> [Delivery] {
        var outbox = InputOutbox(sessions: sessions)
        for (key, touch) in touches where touch.target?.session == id { touches[key]?.target = nil }
        if pointer.hover?.session == id { pointer.hover = nil }
        if pointer.grab?.session == id { pointer.grab = nil }
        if focus == id { setFocus(nil, into: &outbox) }
        hitIndexes[id] = nil
        let queued = scheduled.contains { $0.source == id }
        scheduled.removeAll { $0.source == id }
        if queued && !scheduled.contains(where: { $0.event.device == .synthetic }) {
            route(RawInputEvent(time: time, device: .synthetic, kind: .deviceGone), into: &outbox)
        }
        return outbox.deliveries
    }

    /// `FocusRequest`: the session takes the keyboard focus.
    func requestFocus(_ id: SessionID, sessions: [SessionID: Session]) -> [Delivery] {
        var outbox = InputOutbox(sessions: sessions)
        setFocus(id, into: &outbox)
        return outbox.deliveries
    }

    // MARK: Routing

    private func route(_ event: RawInputEvent, into outbox: inout InputOutbox) {
        let time = event.time
        switch event.kind {
        case .touchDown(let slot, let point):
            touchDown(TouchKey(device: event.device, slot: slot), at: point, time: time, into: &outbox)
        case .touchMotion(let slot, let point):
            touchMotion(TouchKey(device: event.device, slot: slot), to: point, time: time, into: &outbox)
        case .touchUp(let slot):
            endTouch(TouchKey(device: event.device, slot: slot), .up, time: time, into: &outbox)
        case .touchCancel(let slot):
            endTouch(TouchKey(device: event.device, slot: slot), .cancel, time: time, into: &outbox)
        case .pointerMotion(let point): pointerMotion(to: point, time: time, into: &outbox)
        case .pointerButton(let button, let pressed):
            pointerButton(button, pressed: pressed, device: event.device, time: time, into: &outbox)
        case .pointerAxis(let horizontal, let vertical):
            pointerAxis(Point(x: horizontal, y: vertical), time: time, into: &outbox)
        case .key(let code, let pressed): key(code, pressed: pressed, device: event.device, time: time, into: &outbox)
        case .deviceGone: deviceGone(event.device, time: time, into: &outbox)
        }
    }

    /// The frontmost layer at scene point `p` at media time `time` of a client subscribed to `kind`, with `p` in
    /// that layer's coordinates. Clients are tried in composited order, the last drawn (the highest session id)
    /// first; a client not subscribed to `kind` lets the event through to what lies below.
    func hit(
        _ p: Point, at time: Double, kind: InputKindMask, in sessions: [SessionID: Session]
    ) -> (
        target: Target, point: Point
    )? {
        for id in sessions.keys.sorted(by: >) {
            guard let session = sessions[id], session.isReady, session.input.kinds.contains(kind) else { continue }
            let tree = session.context.tree
            guard tree.count > 0 else { continue }
            let states = session.context.presentationSource(at: time)
            guard let layer = tree.inputHitTest(p, using: states, index: hitIndex(of: id)) else { continue }
            let local = tree.convert(p, from: nil, to: layer, using: states) ?? p
            return (Target(session: id, layer: layer), local)
        }
        return nil
    }

    private func hitIndex(of session: SessionID) -> LayerHitIndex {
        if let index = hitIndexes[session] { return index }
        let index = LayerHitIndex()
        hitIndexes[session] = index
        return index
    }

    /// `p` in `target`'s layer coordinates at `time` (beyond its bounds too); the layer is nil once the client
    /// destroyed it, and the point then stays in scene coordinates.
    func layerPoint(
        _ p: Point, in target: Target, at time: Double, in sessions: [SessionID: Session]
    ) -> (
        layer: UInt32?, point: Point
    ) {
        guard let session = sessions[target.session], session.context.tree.hasLayer(target.layer) else {
            return (nil, p)
        }
        let states = session.context.presentationSource(at: time)
        let local = session.context.tree.convert(p, from: nil, to: target.layer, using: states) ?? p
        return (target.layer.rawValue, local)
    }

    // MARK: Touch

    private func touchDown(_ key: TouchKey, at p: Point, time: Double, into outbox: inout InputOutbox) {
        // A down in a slot still held means its up was lost: that touch ends first.
        if touches[key] != nil { endTouch(key, .cancel, time: time, into: &outbox) }
        let sequence = nextSequence
        nextSequence = nextSequence == UInt32.max ? 1 : nextSequence + 1
        let hit = hit(p, at: time, kind: .touch, in: outbox.sessions)
        touches[key] = Touch(sequence: sequence, target: hit?.target, point: p)
        guard let hit else { return }
        outbox.send(
            .touch(
                WireTouchEvent(
                    phase: .down, sequence: sequence, time: time, layer: hit.target.layer.rawValue, scenePoint: p.wire,
                    layerPoint: hit.point.wire)), to: hit.target.session)
        setFocus(hit.target.session, into: &outbox)
    }

    private func touchMotion(_ key: TouchKey, to p: Point, time: Double, into outbox: inout InputOutbox) {
        guard var touch = touches[key] else { return }
        touch.point = p
        touches[key] = touch
        sendTouch(touch, .motion, time: time, into: &outbox)
    }

    private func endTouch(_ key: TouchKey, _ phase: WireTouchPhase, time: Double, into outbox: inout InputOutbox) {
        guard let touch = touches.removeValue(forKey: key) else { return }
        sendTouch(touch, phase, time: time, into: &outbox)
    }

    private func sendTouch(_ touch: Touch, _ phase: WireTouchPhase, time: Double, into outbox: inout InputOutbox) {
        guard let target = touch.target else { return }
        let (layer, local) = layerPoint(touch.point, in: target, at: time, in: outbox.sessions)
        outbox.send(
            .touch(
                WireTouchEvent(
                    phase: phase, sequence: touch.sequence, time: time, layer: layer, scenePoint: touch.point.wire,
                    layerPoint: local.wire)), to: target.session)
    }

    // MARK: Pointer

    private func pointerMotion(to p: Point, time: Double, into outbox: inout InputOutbox) {
        pointer.position = p
        if let grab = pointer.grab {
            sendPointer(.motion, to: grab, time: time, into: &outbox)
            return
        }
        let hit = hit(p, at: time, kind: .pointer, in: outbox.sessions)
        if hit?.target != pointer.hover {
            hover(hit?.target, time: time, into: &outbox)
        } else if let target = hit?.target {
            sendPointer(.motion, to: target, time: time, into: &outbox)
        }
    }

    /// The cursor is over `target` now: `leave` to the layer it was over, `enter` to the new one.
    private func hover(_ target: Target?, time: Double, into outbox: inout InputOutbox) {
        if let old = pointer.hover { sendPointer(.leave, to: old, time: time, into: &outbox) }
        pointer.hover = target
        if let target { sendPointer(.enter, to: target, time: time, into: &outbox) }
    }

    private func pointerButton(
        _ button: UInt32, pressed: Bool, device: InputDeviceID, time: Double, into outbox: inout InputOutbox
    ) {
        if pressed {
            guard pointer.buttons[device, default: []].insert(button).inserted else { return }
            if pointer.grab == nil, pointer.buttons.values.map(\.count).reduce(0, +) == 1 {
                // The first button down hits what is under the cursor now and grabs it.
                let hit = hit(pointer.position, at: time, kind: .pointer, in: outbox.sessions)
                if hit?.target != pointer.hover { hover(hit?.target, time: time, into: &outbox) }
                pointer.grab = hit?.target
                if let target = hit?.target { setFocus(target.session, into: &outbox) }
            }
        } else {
            guard pointer.buttons[device]?.remove(button) != nil else { return }
        }
        if let grab = pointer.grab {
            sendPointer(.button, to: grab, time: time, button: button, pressed: pressed, into: &outbox)
        }
        if !pointer.anyButtonDown { pointer.grab = nil }
    }

    private func pointerAxis(_ axis: Point, time: Double, into outbox: inout InputOutbox) {
        guard
            let target = pointer.grab
                ?? hit(pointer.position, at: time, kind: .pointer, in: outbox.sessions)?.target
        else { return }
        sendPointer(.axis, to: target, time: time, axis: axis, into: &outbox)
    }

    private func sendPointer(
        _ phase: WirePointerPhase, to target: Target, time: Double, button: UInt32 = 0, pressed: Bool = false,
        axis: Point = Point(x: 0, y: 0), into outbox: inout InputOutbox
    ) {
        let (layer, local) = layerPoint(pointer.position, in: target, at: time, in: outbox.sessions)
        outbox.send(
            .pointer(
                WirePointerEvent(
                    phase: phase, time: time, layer: layer, scenePoint: pointer.position.wire, layerPoint: local.wire,
                    button: button, pressed: pressed, axis: axis.wire)), to: target.session)
    }

    // MARK: Keyboard

    private func key(
        _ code: UInt32, pressed: Bool, device: InputDeviceID, time: Double, into outbox: inout InputOutbox
    ) {
        guard let keyboard else { return }
        if pressed {
            guard keysHeld[device, default: []].insert(code).inserted else { return }
        } else {
            guard keysHeld[device]?.remove(code) != nil else { return }
        }
        let outcome = keyboard.key(code, pressed: pressed)
        sendKey(code, outcome, pressed: pressed, repeated: false, time: time, into: &outbox)
        if pressed, outcome.repeats, let repeatInterval {
            keyRepeat = KeyRepeat(code: code, device: device, start: time + repeatDelay, interval: repeatInterval)
        } else if !pressed, keyRepeat?.code == code {
            keyRepeat = nil
        }
    }

    private func fireRepeat(_ repeating: KeyRepeat, into outbox: inout InputOutbox) {
        guard let keyboard else {
            keyRepeat = nil
            return
        }
        keyRepeat?.count += 1
        sendKey(
            repeating.code, keyboard.repeatOf(repeating.code), pressed: true, repeated: true, time: repeating.next,
            into: &outbox)
    }

    private func sendKey(
        _ code: UInt32, _ outcome: KeyOutcome, pressed: Bool, repeated: Bool, time: Double,
        into outbox: inout InputOutbox
    ) {
        guard let focus else { return }
        outbox.send(
            .key(
                WireKeyEvent(
                    time: time, keycode: code, keysym: outcome.keysym, text: outcome.text,
                    modifiers: outcome.modifiers, pressed: pressed, repeated: repeated)), to: focus)
    }

    private func setFocus(_ id: SessionID?, into outbox: inout InputOutbox) {
        guard id != focus else { return }
        if let old = focus { outbox.send(.focus(false), to: old) }
        focus = id
        if let id { outbox.send(.focus(true), to: id) }
    }

    // MARK: Devices

    /// The device is gone (or the seat paused): its touches are cancelled, its buttons and keys released.
    private func deviceGone(_ device: InputDeviceID, time: Double, into outbox: inout InputOutbox) {
        for key in touches.keys.filter({ $0.device == device }).sorted(by: { $0.slot < $1.slot }) {
            endTouch(key, .cancel, time: time, into: &outbox)
        }
        for button in (pointer.buttons[device] ?? []).sorted() {
            pointerButton(button, pressed: false, device: device, time: time, into: &outbox)
        }
        pointer.buttons[device] = nil
        for code in (keysHeld[device] ?? []).sorted() {
            key(code, pressed: false, device: device, time: time, into: &outbox)
        }
        keysHeld[device] = nil
        if keyRepeat?.device == device { keyRepeat = nil }
    }
}
