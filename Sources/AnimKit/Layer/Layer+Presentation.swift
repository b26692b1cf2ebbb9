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

extension Layer {
    /// The deepest layer of this subtree containing `p` (in the superlayer's coordinates) as it is on screen
    /// now: the server hit-tests the presentation tree, animations applied (`presentation().hitTest` in Core
    /// Animation). One round trip; nil when no layer of the subtree contains the point.
    public func presentationHitTest(_ p: Point) throws(AnimKitError) -> Layer? {
        let reply = try connection.request {
            .hitTestQuery(HitTestQuery(request: $0, point: p.wire, root: id.rawValue, presentation: true))
        }
        guard case .hitTestReply(let r) = reply else { throw .unexpectedReply("\(reply.name) to HitTestQuery") }
        guard let hit = r.layer else { return nil }
        return connection.state.withLock { $0.object(LayerID(hit)) }
    }
}
