import AnimCore
import AnimKeyboard
import AnimProtocol

/// The input messages of a ready session and the entry points of input (protocol/README.md, "Input";
/// docs/architecture.md, "Input").
extension ServerCore {
    /// Routes one event from an input device now (the daemon's device side calls it on the loop thread, through
    /// `Server.deliverInput(_:)`): synthetic events already due go first.
    public func deliverInput(_ event: RawInputEvent) -> [Delivery] {
        runDueInput() + input.route(event, sessions: sessions)
    }

    /// The media time at which queued synthetic input or a key repeat is next due; nil when nothing is.
    public var nextInputTime: Double? { inputRouter?.nextDueTime }

    /// Routes the synthetic input and key repeats due at the clock's time.
    public func runDueInput() -> [Delivery] {
        guard let router = inputRouter, router.nextDueTime != nil else { return [] }
        return router.runDue(now: clock.now(), sessions: sessions)
    }

    /// The router, made (and the keymap compiled) when first needed.
    var input: InputRouter {
        if let inputRouter { return inputRouter }
        let router = makeInputRouter()
        inputRouter = router
        return router
    }

    func makeInputRouter() -> InputRouter {
        let settings = configuration.keyboard
        var keyboard: Keyboard?
        do {
            keyboard = try Keyboard(names: settings.names)
        } catch {
            logger.error("no keyboard: the keymap does not compile", metadata: ["error": "\(error)"])
        }
        return InputRouter(keyboard: keyboard, repeatDelay: settings.repeatDelay, repeatRate: settings.repeatRate)
    }

    func input(_ message: Message, from session: Session) -> [Delivery] {
        switch message {
        case .inputSubscribe(let subscribe): return self.subscribe(subscribe, from: session)
        case .inputInject(let inject): return self.inject(inject, from: session)
        case .focusRequest: return input.requestFocus(session.id, sessions: sessions)
        default: return []
        }
    }

    private func subscribe(_ subscribe: InputSubscribe, from session: Session) -> [Delivery] {
        let kinds = InputKindMask(rawValue: subscribe.kinds)
        guard InputKindMask.all.isSuperset(of: kinds) else {
            return [
                Delivery(
                    session: session.id,
                    message: errorReport(
                        ProtocolError(
                            .invalidValue, opcode: InputSubscribe.opcode, field: "kinds", value: "\(subscribe.kinds)",
                            detail: "kinds is a mask of touch 1, pointer 2, key 4 and focus 8"),
                        request: 0))
            ]
        }
        if subscribe.watchAll, !control.isPrivileged(session) {
            return [
                Delivery(
                    session: session.id,
                    message: control.permissionDenied(
                        session, opcode: InputSubscribe.opcode, request: 0, what: "watching every client's input"))
            ]
        }
        session.input = InputSubscription(kinds: kinds, watchAll: subscribe.watchAll)
        return []
    }

    private func inject(_ inject: InputInject, from session: Session) -> [Delivery] {
        guard control.isPrivileged(session) else {
            return [
                Delivery(
                    session: session.id,
                    message: control.permissionDenied(
                        session, opcode: InputInject.opcode, request: inject.request, what: "synthetic input"))
            ]
        }
        let now = clock.now()
        let events: [RawInputEvent]
        do {
            events = try InjectedInput.events(inject.events, at: now, keyboard: input.keyboard)
        } catch {
            return [Delivery(session: session.id, message: errorReport(error, request: UInt64(inject.request)))]
        }
        guard !events.isEmpty else {
            return [
                Delivery(
                    session: session.id, message: .inputInjected(InputInjected(request: inject.request, time: now)))
            ]
        }
        input.schedule(events, from: session.id, request: inject.request)
        return runDueInput()
    }
}
