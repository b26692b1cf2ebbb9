/// Touch handlers and gesture recognizers on layers (README, "Input and gestures").
extension Layer {
    /// Runs on the delegate queue for each touch event of a sequence that went down on this layer, or on a
    /// sublayer with no handler of its own (the nearest layer with one, from the hit layer up, gets the whole
    /// sequence). A gesture recognizer that takes the touches over ends them here with `cancelled`.
    public var onTouch: ((TouchUpdate) -> Void)? {
        get { local.withLock { $0.input.touchHandler } }
        set {
            local.withLock { $0.input.touchHandler = newValue }
            if newValue != nil { connection.inputDispatcher.want(.touch) }
        }
    }

    /// Runs on the delegate queue for each pointer event over this layer, or over a sublayer with no handler of
    /// its own (the nearest layer with one, from the layer under the cursor up, gets it).
    public var onPointer: ((PointerUpdate) -> Void)? {
        get { local.withLock { $0.input.pointerHandler } }
        set {
            local.withLock { $0.input.pointerHandler = newValue }
            if newValue != nil { connection.inputDispatcher.want(.pointer) }
        }
    }

    /// The recognizers attached to this layer, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { local.withLock { $0.input.recognizers } }

    /// Attaches `recognizer`: it sees the touches that go down on this layer and its sublayers. A recognizer
    /// attached to another layer moves here.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let previous = recognizer.layer, previous !== self { previous.removeGestureRecognizer(recognizer) }
        local.withLock { s in
            if !s.input.recognizers.contains(where: { $0 === recognizer }) { s.input.recognizers.append(recognizer) }
        }
        recognizer.layer = self
        connection.inputDispatcher.want(.touch)
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        local.withLock { $0.input.recognizers.removeAll { $0 === recognizer } }
        if recognizer.layer === self { recognizer.layer = nil }
    }
}
