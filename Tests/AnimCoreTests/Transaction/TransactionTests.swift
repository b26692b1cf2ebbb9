import Testing

@testable import AnimCore

/// Rules pinned: docs/core-animation-rules.md#transactions, #actions.
@Suite("Transactions, actions and completion")
struct TransactionTests {
    /// Adds the layer's action for `key` after the model changed, as the SDK does on a property set.
    func change(
        _ key: String, in h: inout Harness, stack: TransactionStack, lookup: ActionLookup,
        tracker: inout CompletionTracker,
        at time: Double, update: (inout LayerState) -> Void
    ) throws -> UInt64? {
        let before = h.model
        update(&h.model)
        guard let action = lookup.action(forKey: key, layerClass: .layer, transaction: stack) else { return nil }
        let attached = try AttachedAnimation(
            key: key, animation: action, layerClass: .layer,
            context: stack.attachContext(attachTime: time, previousPresentation: before))
        let id = h.animations.add(attached, at: time).id
        if let c = stack.currentCompletion { tracker.animationAdded(id, to: c) }
        return id
    }

    /// Reference vector 15 (docs/core-animation-rules.md#reference-vectors): nested durations and the outer completion
    /// block.
    @Test func vector15NestedTransactions() throws {
        var h = Harness { $0.opacity = 1 }
        var stack = TransactionStack()
        var tracker = CompletionTracker()
        let lookup = ActionLookup()
        let completion = TransactionStack.CompletionID(1)

        stack.begin()
        try stack.setAnimationDuration(2)
        #expect(try stack.setCompletion(completion) == nil)
        let fade = try change("opacity", in: &h, stack: stack, lookup: lookup, tracker: &tracker, at: 0) {
            $0.opacity = 0
        }
        stack.begin()
        try stack.setAnimationDuration(1)
        let scale = try change("transform", in: &h, stack: stack, lookup: lookup, tracker: &tracker, at: 0) {
            $0.transform = .scale(2, 2, 1)
        }
        #expect(try stack.commit() == .nested(completion: nil))
        #expect(try stack.commit() == .outermost(completion: completion))
        #expect(tracker.committed(completion) == nil)

        #expect(fade != nil && scale != nil)
        let timings = h.animations.entries.map(\.attached.animation.timing.duration)
        #expect(timings == [2, 1])
        // Implicit animations use the default curve (docs/core-animation-rules.md#decisions-on-open-points): halfway in
        // time is 0.8024 of the way.
        #expect(close(try h.number("opacity", at: 1), 1 - 0.8024, 1e-4))

        var stopped: [TransactionStack.CompletionID] = []
        for event in h.animations.advance(toLocalTime: 1.5) where event.kind == .didStop(finished: true) {
            stopped += tracker.animationStopped(event.animationID)
        }
        #expect(stopped.isEmpty)
        for event in h.animations.advance(toLocalTime: 2.01) where event.kind == .didStop(finished: true) {
            stopped += tracker.animationStopped(event.animationID)
        }
        #expect(stopped == [completion])
        #expect(tracker.waitingCount == 0)
    }

    @Test func completionWithNoAnimationRunsAtCommit() throws {
        var stack = TransactionStack()
        var tracker = CompletionTracker()
        stack.begin()
        _ = try stack.setCompletion(TransactionStack.CompletionID(7))
        guard case .outermost(let c?) = try stack.commit() else {
            Issue.record("expected an outermost commit with a completion")
            return
        }
        #expect(tracker.committed(c) == c)
    }

    @Test func removalCountsAsCompletion() throws {
        var tracker = CompletionTracker()
        let c = TransactionStack.CompletionID(3)
        tracker.animationAdded(10, to: c)
        tracker.animationAdded(11, to: c)
        #expect(tracker.committed(c) == nil)
        #expect(tracker.animationStopped(10).isEmpty)
        #expect(tracker.animationStopped(11) == [c])
    }

    /// Reference vector 16 (docs/core-animation-rules.md#reference-vectors): a delegate's null stops the search; its
    /// nil falls through to `actions`.
    @Test func vector16ActionLookup() {
        var stack = TransactionStack()
        stack.beginImplicitIfNeeded()
        let custom = Animation(
            .basic(BasicAnimation(keyPath: AnimKeyPath(property: .opacity), fromValue: .number(0.5))),
            timing: MediaTiming(duration: 9))
        var lookup = ActionLookup(actions: ["opacity": .animation(custom)])
        lookup.delegate = { key in key == "opacity" ? .null : .noAnswer }
        #expect(lookup.action(forKey: "opacity", layerClass: .layer, transaction: stack) == nil)
        lookup.delegate = { _ in .noAnswer }
        #expect(lookup.action(forKey: "opacity", layerClass: .layer, transaction: stack) == custom)
        lookup.delegate = nil
        lookup.actions = [:]
        lookup.styleActions = [["opacity": .null]]
        #expect(lookup.action(forKey: "opacity", layerClass: .layer, transaction: stack) == nil)
    }

    @Test func defaultActions() throws {
        var stack = TransactionStack()
        stack.beginImplicitIfNeeded()
        let lookup = ActionLookup()
        let position = lookup.action(forKey: "position", layerClass: .layer, transaction: stack)
        #expect(position?.timing.duration == 0.25)
        #expect(position?.timingFunction == .default)
        #expect(position?.keyPath == AnimKeyPath(property: .position))
        // No default action: doubleSided, a shape's path, onOrderIn
        // (docs/core-animation-rules.md#decisions-on-open-points, #default-actions).
        #expect(lookup.action(forKey: "doubleSided", layerClass: .layer, transaction: stack) == nil)
        #expect(lookup.action(forKey: "path", layerClass: .shape, transaction: stack) == nil)
        #expect(lookup.action(forKey: "onOrderIn", layerClass: .layer, transaction: stack) == nil)
        #expect(lookup.action(forKey: "strokeEnd", layerClass: .shape, transaction: stack) != nil)
        try stack.setDisableActions(true)
        #expect(lookup.action(forKey: "position", layerClass: .layer, transaction: stack) == nil)
    }

    @Test func settingsSearchOutward() throws {
        var stack = TransactionStack()
        stack.begin()
        try stack.setAnimationDuration(2)
        try stack.setAnimationTimingFunction(.easeIn)
        stack.begin()
        #expect(stack.animationDuration == 2)
        try stack.setAnimationDuration(1)
        #expect(stack.animationDuration == 1)
        #expect(stack.animationTimingFunction == .easeIn)
        _ = try stack.commit()
        #expect(stack.animationDuration == 2)
        _ = try stack.commit()
        #expect(stack.animationDuration == 0.25)
        #expect(throws: AnimCoreError.invalid(field: "Transaction.commit", reason: "no transaction is open")) {
            _ = try stack.commit()
        }
        #expect(throws: AnimCoreError.self) { try stack.setAnimationDuration(1) }
        stack.begin()
        #expect(throws: AnimCoreError.outOfRange(field: "animationDuration", value: -1, allowed: "≥ 0")) {
            try stack.setAnimationDuration(-1)
        }
    }

    @Test func flushCommitsOnlyAnImplicitTransaction() {
        var stack = TransactionStack()
        stack.begin()
        #expect(stack.flushImplicit() == nil)
        var implicit = TransactionStack()
        implicit.beginImplicitIfNeeded()
        implicit.beginImplicitIfNeeded()
        #expect(implicit.depth == 1)
        #expect(implicit.flushImplicit() == .outermost(completion: nil))
        #expect(!implicit.isOpen)
    }
}
