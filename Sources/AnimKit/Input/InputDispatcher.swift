import AnimCore
import AnimProtocol
import Dispatch

/// Delivers one connection's input on its delegate queue. A touch goes first to the gesture recognizers of
/// the layer it went down on and of that layer's superlayers (`GestureArena`), then to the touch handler of the
/// nearest layer, from the hit layer up its superlayers, that has one (`Layer.onTouch`): UIKit's responder
/// chain, with the handler chosen when the touch goes down and kept for its sequence. Everything here runs on
/// the delegate queue (the reader thread and timers hand their work to it).
final class InputDispatcher: @unchecked Sendable {
    private struct Route {
        let touch: Touch
        let handler: Layer?
    }

    private weak var connection: Connection?
    private var routes: [UInt32: Route] = [:]
    private var arena: GestureArena?
    private let clockLock = Locked<MediaClock>(MediaClock(serverTime: 0, rate: 0))
    /// The deadline a timer is set for.
    private var timerDeadline: Double?
    /// The connection's key and focus handlers, set from any thread.
    let handlers = Locked(ConnectionInputHandlers())
    /// The kinds the SDK has subscribed to: those its handlers and recognizers need.
    private let subscribed = Locked<InputKinds>([])

    init(clock: MediaClock) {
        clockLock.withLock { $0 = clock }
    }

    func attach(to connection: Connection) { self.connection = connection }

    /// The estimate of the server's media time now.
    var mediaTime: Double { clockLock.withLock { $0.now() } }

    // MARK: Messages

    /// Subscribes to `kinds` beside those already subscribed to, once: the first touch handler or recognizer
    /// subscribes to touches, the first pointer handler to the pointer, the key handler to keys and focus.
    func want(_ kinds: InputKinds) {
        let all = subscribed.withLock { s -> InputKinds? in
            guard !s.isSuperset(of: kinds) else { return nil }
            s.formUnion(kinds)
            return s
        }
        guard let all, let connection else { return }
        guard connection.protocolVersion >= 4 else {
            log.warning("input needs protocol version 4; the server speaks \(connection.protocolVersion)")
            return
        }
        do {
            try connection.subscribeInput(all)
        } catch {
            log.error("subscribing to input failed: \(error)")
        }
    }

    /// An input message from the server, on the delegate queue.
    func receive(_ message: Message) {
        switch message {
        case .touchEvent(let e):
            let phase: TouchPhase =
                switch e.phase {
                case .down: .began
                case .motion: .moved
                case .up: .ended
                case .cancel: .cancelled
                }
            touch(
                sequence: e.sequence, phase: phase, time: e.time, layer: connection?.object(e.layer.map(LayerID.init)),
                scenePoint: Point(wire: e.scenePoint), layerPoint: Point(wire: e.layerPoint))
        case .pointerEvent(let e):
            pointer(e)
        case .keyEvent(let e):
            clockLock.withLock { $0.observe(e.time) }
            runDeadlines(upTo: e.time)
            let event = KeyPress(
                timestamp: e.time, keycode: e.keycode, keysym: e.keysym, text: e.text,
                modifiers: KeyModifiers(rawValue: e.modifiers), isPressed: e.pressed, isRepeat: e.repeated)
            handlers.withLock { $0.key }?(event)
        case .focusChanged(let e):
            let handler = handlers.withLock { h in
                h.focused = e.focused
                return h.focus
            }
            handler?(e.focused)
        default:
            break
        }
    }

    private func pointer(_ e: AnimProtocol.PointerEvent) {
        clockLock.withLock { $0.observe(e.time) }
        runDeadlines(upTo: e.time)
        let layer = connection?.object(e.layer.map(LayerID.init))
        let phase: PointerUpdate.Phase =
            switch e.phase {
            case .enter: .enter
            case .leave: .leave
            case .motion: .motion
            case .button: .button
            case .axis: .axis
            }
        let event = PointerUpdate(
            phase: phase, timestamp: e.time, layer: layer, scenePoint: Point(wire: e.scenePoint),
            layerPoint: Point(wire: e.layerPoint), button: e.button, isPressed: e.pressed, scroll: Point(wire: e.axis))
        let handler = Self.chain(from: layer).lazy.compactMap { $0.local.withLock { $0.input.pointerHandler } }.first
        handler?(event)
    }

    // MARK: Touches

    /// A touch event: `layer` is the hit layer (the touch's for its whole sequence), `layerPoint` the point in
    /// it; both come from the server only with `began` and are kept after.
    func touch(
        sequence: UInt32, phase: TouchPhase, time: Double, layer: Layer?, scenePoint: Point, layerPoint: Point
    ) {
        clockLock.withLock { $0.observe(time) }
        runDeadlines(upTo: time)
        switch phase {
        case .began:
            let touch = Touch(
                sequence: sequence, layer: layer, time: time, scenePoint: scenePoint, layerPoint: layerPoint)
            let chain = Self.chain(from: layer)
            let handler = chain.first { $0.local.withLock { $0.input.touchHandler != nil } }
            routes[sequence] = Route(touch: touch, handler: handler)
            let arena = currentArena()
            arena.touchBegan(touch, recognizers: chain.flatMap(\.gestureRecognizers))
            deliver(TouchUpdate(touch, phase: .began), to: handler, unless: arena)
        case .moved, .ended, .cancelled:
            guard let route = routes[sequence] else {
                log.warning("touch \(sequence) \(phase) without its began: ignored")
                return
            }
            route.touch.update(phase: phase, time: time, scenePoint: scenePoint, layerPoint: layerPoint)
            if phase != .moved { routes[sequence] = nil }
            if let arena {
                switch phase {
                case .moved: arena.touchMoved(route.touch)
                case .ended: arena.touchEnded(route.touch)
                default: arena.touchCancelled(route.touch)
                }
            }
            deliver(TouchUpdate(route.touch, phase: phase), to: route.handler, unless: arena)
        }
        settle()
    }

    /// Runs the recognizers' deadlines up to `time` (a timer fired, the server reported its clock).
    func runDeadlines(upTo time: Double) {
        guard let arena else { return }
        arena.fireDeadlines(upTo: time)
        settle()
    }

    /// The server reported its clock (SyncReply, ClockState): called on the reader thread.
    func observeServerTime(_ time: Double, on queue: DispatchQueue) {
        clockLock.withLock { $0.observe(time) }
        queue.async { [self] in runDeadlines(upTo: time) }
    }

    private func currentArena() -> GestureArena {
        if let arena { return arena }
        let arena = GestureArena()
        arena.takeTouches = { [weak self] touches in
            guard let self else { return }
            for touch in touches {
                guard let handler = routes[touch.sequence]?.handler else { continue }
                // The handler hears the end of a sequence a recognizer took over, as UIKit's view does.
                handler.local.withLock { $0.input.touchHandler }?(TouchUpdate(touch, phase: .cancelled))
            }
        }
        self.arena = arena
        return arena
    }

    private func deliver(_ event: TouchUpdate, to handler: Layer?, unless arena: GestureArena?) {
        guard let handler, arena?.taken.contains(event.touch.sequence) != true else { return }
        handler.local.withLock { $0.input.touchHandler }?(event)
    }

    /// Ends an arena that is over and sets the timer for the next deadline of one that is not.
    private func settle() {
        guard let arena else { return }
        if arena.isOver {
            arena.finish()
            self.arena = nil
            return
        }
        guard let deadline = arena.nextDeadline, timerDeadline.map({ deadline < $0 }) ?? true else { return }
        guard let connection, let delay = clockLock.withLock({ $0.delay(until: deadline) }) else { return }
        timerDeadline = deadline
        connection.delegateQueue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self else { return }
            if timerDeadline == deadline { timerDeadline = nil }
            runDeadlines(upTo: deadline)
        }
    }

    /// The layer and its superlayers, the layer first.
    static func chain(from layer: Layer?) -> [Layer] {
        var chain: [Layer] = []
        var next = layer
        while let layer = next {
            chain.append(layer)
            next = layer.superlayer
        }
        return chain
    }
}

/// `Connection.onKey` and `onFocusChange`, and the focus the server last reported.
struct ConnectionInputHandlers {
    var key: ((KeyPress) -> Void)?
    var focus: ((Bool) -> Void)?
    var focused = false
}
