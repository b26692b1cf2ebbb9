import AnimCore
import AnimProtocol

extension Layer {
    /// The layer's presentation values on the server at `time` (server clock; nil means now): the model
    /// with the running animations applied. A round trip to the server.
    public func presentation(at time: Double? = nil) throws(AnimKitError) -> LayerState {
        let reply = try connection.request {
            .presentationQuery(PresentationQuery(request: $0, layer: id.rawValue, time: time))
        }
        guard case .presentationReply(let r) = reply else {
            throw .unexpectedReply("\(reply.name) to PresentationQuery")
        }
        guard r.layer == id.rawValue else {
            throw .unexpectedReply("PresentationReply for layer \(r.layer), asked for \(id)")
        }
        var state = LayerState(layerClass: layerClass)
        for entry in r.properties {
            let path: AnimKeyPath
            let value: AnimationValue
            do {
                path = try AnimKeyPath(entry.keyPath, on: layerClass)
                value = try AnimationValue(wire: entry.value)
            } catch {
                throw .unexpectedReply("PresentationReply property \(entry.keyPath): \(error)")
            }
            guard value.kind == path.valueKind else {
                throw .unexpectedReply(
                    "PresentationReply property \(entry.keyPath) is a \(value.kind), expected \(path.valueKind)")
            }
            // Presentation values may leave a property's model range (a spring overshooting), so unchecked.
            path.setUnchecked(value, in: &state)
        }
        return state
    }
}
