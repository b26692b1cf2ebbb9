import AnimCore
import AnimProtocol

/// The display a connection shows on, and its root layer (README, "A minimal app").
extension Connection {
    /// What the connection knows of the display and its root layer.
    struct DisplayState {
        var info: DisplayInfo?
        /// Whether the server was asked already (the answer may have been nil).
        var asked = false
        var root: Layer?
        /// The root layer, until the commit creating it has gone out with `SetRootLayer` after it.
        var rootToDeclare: LayerID?
        var handler: (@Sendable (DisplayInfo) -> Void)?
    }

    /// The display's bounds, scale, refresh rate and outputs. From protocol version 5 the server tells every
    /// client (`DisplayChanged`, right after Welcome and after each change of its outputs), so this is never nil
    /// once `connect` returned. From an earlier server it is asked on the first read (the `outputs` document, and
    /// the `status` document for an output with no mode) and kept; nil when that server does not tell this
    /// client: it has no output, or the client runs as neither the server's user nor root (the documents are the
    /// inspection's, README "Inspecting a running server"), or the connection is closed.
    public var display: DisplayInfo? {
        if let known = displayState.withLock({ $0.asked ? .some($0.info) : nil }) { return known }
        do {
            return try updateDisplay()
        } catch {
            log.warning("the server does not say what its display is: \(error)")
            displayState.withLock { $0.asked = true }
            return nil
        }
    }

    /// Asks the server for the display again and returns it. A server of version 5 or later tells each change
    /// of its outputs by itself (`displayHandler` hears it); asking is then a round trip (`sync()`) after which
    /// every change the server told before is taken. An earlier server tells nothing: this reads its inspection
    /// documents (a hotplug, a mode change made by `animctl output`; one made through `outputControl` is taken
    /// from its answer). When the display differs from what the connection knew, the root layer follows it (in
    /// a transaction of its own, without animation) and `displayHandler` is told.
    @discardableResult
    public func updateDisplay() throws(AnimKitError) -> DisplayInfo? {
        if protocolVersion >= DisplayInfo.toldSince {
            try sync()
            return displayState.withLock { $0.info }
        }
        let outputs = try inspectOutputs()
        // An output with no mode (the headless one) says its frame rate only in the status document.
        let frameRate = outputs.allSatisfy { $0.mode != nil } ? nil : try inspectStatus().output?.refresh
        let info = DisplayInfo(outputs: outputs, frameRate: frameRate)
        apply(info)
        return info
    }

    /// Reads the DisplayChanged a server of version 5 or later sends right after Welcome, before the reader
    /// starts, so that `display` is known when `connect` returns.
    func receiveFirstDisplay(parts: inout InspectReplyAssembler) throws(AnimKitError) {
        switch try Self.receiveMessage(on: socket, parts: &parts) {
        case .displayChanged(let message)?: apply(DisplayInfo(message))
        case .errorReport(let report)?: throw .server(ServerError(report))
        case let other?: throw .unexpectedReply("\(other.name) instead of DisplayChanged after Welcome")
        case nil: throw .closed(reason: "the server closed the connection before DisplayChanged")
        }
    }

    /// Told, on `delegateQueue`, the display after each change the connection learns of (the server's
    /// `DisplayChanged` from protocol version 5; `updateDisplay()` and `outputControl` before), after the root
    /// layer has followed it.
    public var displayHandler: (@Sendable (DisplayInfo) -> Void)? {
        get { displayState.withLock { $0.handler } }
        set { displayState.withLock { $0.handler = newValue } }
    }

    /// The connection's root layer: the layer an app adds its sublayers to, as a window's layer. Created on the
    /// first read (in the current transaction) with its frame the display's `bounds` (zero when `display` is
    /// nil: its sublayers still show, in scene coordinates), and kept by the connection. It follows the display
    /// when it changes. From protocol version 5 the commit that creates it is followed by `SetRootLayer`: from
    /// then on the server shows only its tree, so a layer removed from its superlayer, or made without one,
    /// is not shown, as in Core Animation (docs/core-animation-rules.md, "Scenes off screen"). From an earlier
    /// server, layers without a superlayer are shown too, above or below it in the order they were created
    /// (docs/core-animation-rules.md#compositing-order).
    public var rootLayer: Layer {
        rootCreation.lock()
        defer { rootCreation.unlock() }
        if let root = displayState.withLock({ $0.root }) { return root }
        let info = display
        let root = Layer(connection: self)
        root.name = "rootLayer"
        Self.place(root, on: info)
        displayState.withLock { s in
            s.root = root
            if protocolVersion >= Self.rootDeclaredSince { s.rootToDeclare = root.id }
        }
        return root
    }

    /// The protocol version from which the connection declares its root layer (`SetRootLayer`).
    static let rootDeclaredSince = Message.since(ofOpcode: SetRootLayer.opcode) ?? .max

    /// `SetRootLayer` for the root layer when `created` (the layers a commit just sent created) holds it, so that
    /// the server has the layer when it is declared, and no other message comes between. A frame the server draws
    /// between the two shows the root's tree as that commit made it, beside the connection's other layers without
    /// a superlayer, as every frame before did. Called with the send lock held.
    func rootDeclaration(after created: [LayerID]) -> Message? {
        displayState.withLock { s in
            guard let root = s.rootToDeclare, created.contains(root) else { return nil }
            s.rootToDeclare = nil
            return .setRootLayer(SetRootLayer(layer: root.rawValue))
        }
    }

    /// Takes `info` as the display; when it changed, moves the root layer and tells the handler.
    func apply(_ info: DisplayInfo?) {
        let (changed, root, handler) = displayState.withLock { s in
            defer {
                s.info = info
                s.asked = true
            }
            return (s.asked && s.info != info, s.root, s.handler)
        }
        guard changed else { return }
        if let root {
            Transaction.begin()
            Transaction.disableActions = true
            Self.place(root, on: info)
            Transaction.commit()
        }
        if let info, let handler { deliver { handler(info) } }
    }

    /// The root layer's frame is the display's bounds (its anchor point is its top-left corner); only what
    /// changed is set.
    private static func place(_ root: Layer, on info: DisplayInfo?) {
        let frame = info?.bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let bounds = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        if root.anchorPoint != Point(x: 0, y: 0) { root.anchorPoint = Point(x: 0, y: 0) }
        if root.bounds != bounds { root.bounds = bounds }
        if root.position != frame.origin { root.position = frame.origin }
    }
}
