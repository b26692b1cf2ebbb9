import AnimDisplay
import AnimProtocol

/// DisplayChanged (protocol version 5): the display as a client sees it, told to every client, privileged or
/// not, right after Welcome and after each change of the outputs (protocol/README.md, "Display").
extension ControlService {
    /// The scene's rectangle (every output's together) at one pixel per point, and each output; an output with
    /// no mode (the headless one) says the frame rate it draws at. Without an output: an empty scene.
    func displayChanged() -> DisplayChanged {
        guard let output else {
            return DisplayChanged(bounds: WireRect(x: 0, y: 0, width: 0, height: 0), scale: 1, outputs: [])
        }
        let frameRate = output.statistics.refresh
        let outputs = output.outputDescriptions.map { d in
            WireDisplayOutput(
                name: d.name, x: Int32(clamping: d.position.x), y: Int32(clamping: d.position.y),
                width: UInt32(clamping: d.sceneSize.width), height: UInt32(clamping: d.sceneSize.height),
                refresh: d.mode?.refresh ?? frameRate, rotation: UInt32(clamping: d.rotation.rawValue))
        }
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        for o in outputs {
            minX = min(minX, Int(o.x))
            minY = min(minY, Int(o.y))
            maxX = max(maxX, Int(o.x) + Int(o.width))
            maxY = max(maxY, Int(o.y) + Int(o.height))
        }
        let bounds =
            outputs.isEmpty
            ? WireRect(x: 0, y: 0, width: 0, height: 0)
            : WireRect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY))
        return DisplayChanged(bounds: bounds, scale: 1, outputs: outputs)
    }
}

extension DisplayChanged {
    /// The protocol version that brought it: clients of earlier versions are never sent it.
    static let since = Message.since(ofOpcode: opcode) ?? ProtocolVersion.current
}
