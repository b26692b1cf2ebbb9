import AnimCore
import AnimProtocol

/// The documents of InspectReply are AnimProtocol's `InspectionDocuments`, shared with the SDK, animctl and the
/// tests (protocol/README.md, "Clock control and inspection"); the server fills them from its state.
extension InspectionDocuments {
    /// Every property of `state`'s class by key path.
    static func properties(of state: LayerState) -> [String: PropertyValue] {
        var out: [String: PropertyValue] = [:]
        for p in LayerProperty.allCases where p.exists(on: state.layerClass) {
            out[p.key] = state.value(of: p)
        }
        return out
    }
}
