import AnimProtocol

/// ClockControl: anyone may query the clock; the server's user and root may steer it.
extension ControlService {
    func clockControl(_ control: ClockControl, from session: Session) -> [Message] {
        if control.action != .query, !isPrivileged(session) {
            return [
                permissionDenied(session, opcode: ClockControl.opcode, request: control.request, what: "clock control")
            ]
        }
        do {
            switch control.action {
            case .query: break
            case .pause: clock.pause()
            case .resume: clock.resume()
            case .set(let t): try clock.set(t)
            case .advance(let dt): try clock.advance(dt)
            case .rate(let r): try clock.setRate(r)
            }
        } catch {
            return [
                errorReport(
                    ProtocolError(
                        .invalidValue, opcode: ClockControl.opcode, field: "action.\(error.field)",
                        value: numberText(error.value), detail: error.reason),
                    request: UInt64(control.request))
            ]
        }
        if control.action != .query {
            // Time jumped or changed pace: the next frame shows the scene at the new time.
            markChanged()
            logger.info(
                "clock changed",
                metadata: ["session": "\(session.id.rawValue)", "action": "\(control.action)", "now": "\(clock.now())"])
        }
        return [
            .clockState(
                ClockState(
                    request: control.request, mode: clock.wireMode, time: clock.now(), paused: clock.isPaused,
                    rate: clock.rate))
        ]
    }
}
