import AnimProtocol

/// The kinds of input a session asked for (`InputSubscribe.kinds`): touch 1, pointer 2, key 4, focus 8.
struct InputKindMask: OptionSet, Hashable {
    let rawValue: UInt32

    static let touch = InputKindMask(rawValue: 1)
    static let pointer = InputKindMask(rawValue: 2)
    static let key = InputKindMask(rawValue: 4)
    static let focus = InputKindMask(rawValue: 8)
    static let all: InputKindMask = [.touch, .pointer, .key, .focus]
}

/// What a session receives of the input the server routes (protocol/README.md, "Input").
struct InputSubscription: Equatable {
    var kinds: InputKindMask = []
    /// `animctl input --watch`: a copy (`InputWatched`) of every event routed to any client.
    var watchAll = false
}

extension WireWatchedInput {
    /// The message the receiving client itself is sent for this event.
    var message: Message {
        switch self {
        case .touch(let e):
            .touchEvent(
                TouchEvent(
                    phase: e.phase, sequence: e.sequence, time: e.time, layer: e.layer, scenePoint: e.scenePoint,
                    layerPoint: e.layerPoint))
        case .pointer(let e):
            .pointerEvent(
                PointerEvent(
                    phase: e.phase, time: e.time, layer: e.layer, scenePoint: e.scenePoint, layerPoint: e.layerPoint,
                    button: e.button, pressed: e.pressed, axis: e.axis))
        case .key(let e):
            .keyEvent(
                KeyEvent(
                    time: e.time, keycode: e.keycode, keysym: e.keysym, text: e.text, modifiers: e.modifiers,
                    pressed: e.pressed, repeated: e.repeated))
        case .focus(let focused): .focusChanged(FocusChanged(focused: focused))
        }
    }

    /// The subscription bit a client needs to be sent it.
    var kind: InputKindMask {
        switch self {
        case .touch: .touch
        case .pointer: .pointer
        case .key: .key
        case .focus: .focus
        }
    }
}

/// The deliveries one routing pass makes: each event to its client (when it subscribed to the kind) and a copy
/// to every `watchAll` subscriber.
struct InputOutbox {
    let sessions: [SessionID: Session]
    private let watchers: [SessionID]
    private(set) var deliveries: [Delivery] = []

    init(sessions: [SessionID: Session]) {
        self.sessions = sessions
        watchers = sessions.values.filter { $0.isReady && $0.input.watchAll }.map(\.id).sorted()
    }

    mutating func send(_ event: WireWatchedInput, to id: SessionID) {
        guard let session = sessions[id], session.isReady, session.input.kinds.contains(event.kind) else { return }
        deliveries.append(Delivery(session: id, message: event.message))
        for watcher in watchers {
            deliveries.append(
                Delivery(session: watcher, message: .inputWatched(InputWatched(client: id.rawValue, event: event))))
        }
    }

    mutating func append(_ delivery: Delivery) { deliveries.append(delivery) }
}
