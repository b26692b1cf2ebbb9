import AnimCore

/// The recognizers following one set of touches, from the first finger down until every one of them is done,
/// and how they are resolved, in UIKit's rules (README, "Input and gestures"):
///
/// - A touch is seen by the enabled recognizers of the layer it went down on and of its superlayers, the hit
///   layer's first. A recognizer that has failed or ended sees no new touch until the arena is over.
/// - The first recognizer to leave `possible` (`began`, or `recognized` for a discrete one) wins: every other
///   one still `possible` fails, unless the delegate of either allows both (`shouldRecognizeSimultaneously`).
///   One that asks while another is active fails the same way.
/// - A recognizer that requires another to fail (`require(toFail:)`) and asks first is held in `possible` with
///   its transition pending; when the other fails, the transition is applied then (its handlers run at that
///   time); when the other recognizes, it fails.
/// - `gestureRecognizerShouldBegin` is asked just before a recognizer leaves `possible`; false fails it.
/// - Its touches stop reaching the layers' touch handlers when a recognizer with `cancelsTouchesInLayer`
///   wins: the handlers get them `cancelled` (`takeTouches`).
/// - Once no touch is down and every recognizer is done (a `possible` one with no deadline and nothing pending
///   fails), each goes back to `possible`.
///
/// Deadlines (long press, multi-tap intervals, swipe durations) are media times: they fire before any event
/// later than them, or from the dispatcher's timer, always with the deadline itself as the time.
final class GestureArena {
    private(set) var members: [GestureRecognizer] = []
    private var touches: [UInt32: Touch] = [:]
    private var followers: [UInt32: [GestureRecognizer]] = [:]
    /// Touches taken away from the layers' handlers by a recognizer.
    private(set) var taken: Set<UInt32> = []
    /// Tells the layers' handlers that a recognizer took these touches.
    var takeTouches: ([Touch]) -> Void = { _ in }
    private var resolving = false

    /// A finger went down; `recognizers` are those of its hit layer and superlayers, the hit layer's first.
    func touchBegan(_ touch: Touch, recognizers: [GestureRecognizer]) {
        fireDeadlines(upTo: touch.timestamp)
        touches[touch.sequence] = touch
        var following: [GestureRecognizer] = []
        for recognizer in recognizers where recognizer.isEnabled {
            if !members.contains(where: { $0 === recognizer }) {
                // Still in another arena (its fingers lifted there while a deadline runs): not this touch's.
                if recognizer.arena != nil { continue }
                members.append(recognizer)
                recognizer.arena = self
            }
            guard !recognizer.state.isFinal, recognizer.pendingState == nil else { continue }
            following.append(recognizer)
        }
        followers[touch.sequence] = following
        for recognizer in following where recognizer.arena === self && !recognizer.state.isFinal {
            recognizer.timestamp = touch.timestamp
            recognizer.touches.append(touch)
            recognizer.touchesBegan([touch])
        }
        if taken.isEmpty == false, following.contains(where: { isTaking($0) }) { take([touch]) }
    }

    func touchMoved(_ touch: Touch) {
        fireDeadlines(upTo: touch.timestamp)
        for recognizer in following(touch) {
            recognizer.timestamp = touch.timestamp
            recognizer.touchesMoved([touch])
        }
    }

    func touchEnded(_ touch: Touch) {
        fireDeadlines(upTo: touch.timestamp)
        for recognizer in following(touch) {
            recognizer.timestamp = touch.timestamp
            recognizer.touchesEnded([touch])
            forget(touch, in: recognizer)
        }
        touches[touch.sequence] = nil
        followers[touch.sequence] = nil
        settleWithoutTouches()
    }

    func touchCancelled(_ touch: Touch) {
        for recognizer in following(touch) {
            recognizer.timestamp = touch.timestamp
            recognizer.touchesCancelled([touch])
            forget(touch, in: recognizer)
        }
        touches[touch.sequence] = nil
        followers[touch.sequence] = nil
        settleWithoutTouches()
    }

    /// The earliest deadline of a member.
    var nextDeadline: Double? {
        members.compactMap { $0.state.isFinal ? nil : $0.deadline }.min()
    }

    /// Runs every deadline up to `time`, earliest first, each at its own time.
    func fireDeadlines(upTo time: Double) {
        while let next = nextDeadline, next <= time {
            guard let recognizer = members.first(where: { !$0.state.isFinal && $0.deadline == next }) else { break }
            recognizer.deadline = nil
            recognizer.timestamp = next
            recognizer.deadlineReached()
            settleWithoutTouches()
        }
    }

    /// No touch down and every member done.
    var isOver: Bool { touches.isEmpty && members.allSatisfy { $0.state.isFinal } }

    /// Every member back to `possible`, out of the arena.
    func finish() {
        for recognizer in members where recognizer.arena === self {
            recognizer.arena = nil
            recognizer.resetToPossible()
        }
        members = []
    }

    // MARK: Resolution

    func request(_ new: GestureRecognizer.State, for recognizer: GestureRecognizer) {
        switch (recognizer.state, new) {
        case (.possible, .began), (.possible, .ended):
            begin(recognizer, as: new)
        case (.possible, .failed), (.possible, .cancelled):
            fail(recognizer)
        case (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended), (.began, .cancelled),
            (.changed, .cancelled):
            recognizer.apply(new)
        default:
            // Not one of UIKit's transitions (`changed` before `began`, anything after the end): ignored.
            break
        }
    }

    private func begin(_ recognizer: GestureRecognizer, as new: GestureRecognizer.State) {
        let required = recognizer.failureRequirements.compactMap(\.value).filter { r in
            members.contains { $0 === r }
        }
        if required.contains(where: { $0.state == .ended || $0.state.isActive }) {
            fail(recognizer)
            return
        }
        if required.contains(where: { !$0.state.isFinal }) {
            recognizer.pendingState = new
            recognizer.deadline = nil
            return
        }
        if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
            fail(recognizer)
            return
        }
        if members.contains(where: { $0 !== recognizer && $0.state.isActive && !simultaneous($0, recognizer) }) {
            fail(recognizer)
            return
        }
        // The winner's state is set before the others fail, so that one waiting for their failure finds it
        // active and fails too; its handlers run once the others are settled.
        recognizer.setState(new)
        for other in members where other !== recognizer && other.state == .possible {
            if !simultaneous(other, recognizer) || other.requires(toFail: recognizer) { fail(other) }
        }
        if recognizer.cancelsTouchesInLayer { take(recognizer.touches) }
        recognizer.runActions()
    }

    private func fail(_ recognizer: GestureRecognizer) {
        guard !recognizer.state.isFinal else { return }
        recognizer.apply(.failed)
        // Those waiting for this failure go on, in the order they joined.
        for waiting in members where waiting.pendingState != nil && waiting.requires(toFail: recognizer) {
            if let pending = waiting.pendingState, waiting.state == .possible {
                waiting.pendingState = nil
                // It recognizes now, at the time of the failure it waited for.
                waiting.timestamp = max(waiting.timestamp, recognizer.timestamp)
                begin(waiting, as: pending)
            }
        }
    }

    private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// With no touch down, a member still `possible` that waits for nothing can no longer recognize.
    private func settleWithoutTouches() {
        guard touches.isEmpty else { return }
        for recognizer in members
        where recognizer.state == .possible && recognizer.deadline == nil && recognizer.pendingState == nil {
            fail(recognizer)
        }
    }

    func disable(_ recognizer: GestureRecognizer) {
        if recognizer.state.isActive {
            recognizer.apply(.cancelled)
        } else {
            fail(recognizer)
        }
        for touch in recognizer.touches { forget(touch, in: recognizer) }
    }

    private func following(_ touch: Touch) -> [GestureRecognizer] {
        (followers[touch.sequence] ?? []).filter { $0.arena === self && !$0.state.isFinal }
    }

    private func forget(_ touch: Touch, in recognizer: GestureRecognizer) {
        if let index = recognizer.touches.firstIndex(where: { $0 === touch }) {
            recognizer.lastCentroid = recognizer.centroid(of: recognizer.touches)
            recognizer.touches.remove(at: index)
        }
        followers[touch.sequence]?.removeAll { $0 === recognizer }
    }

    private func isTaking(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.cancelsTouchesInLayer && (recognizer.state.isActive || recognizer.state == .ended)
    }

    private func take(_ touches: [Touch]) {
        let new = touches.filter { !taken.contains($0.sequence) }
        guard !new.isEmpty else { return }
        for touch in new { taken.insert(touch.sequence) }
        takeTouches(new)
    }
}

extension GestureRecognizer {
    func requires(toFail other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.value === other }
    }
}
