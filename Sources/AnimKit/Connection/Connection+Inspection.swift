import AnimCore
import AnimProtocol

/// Inspection as typed documents (the server's own user or root only): the answers `Connection.inspect(_:)` gives
/// as JSON text, decoded into AnimProtocol's `InspectionDocuments` (protocol/README.md, "Clock control and
/// inspection"). Client 0 is this connection.
extension Connection {
    /// The server's counters, frame times, memory and output.
    public func inspectStatus() throws(AnimKitError) -> InspectionDocuments.Status {
        try inspect(.status, as: InspectionDocuments.Status.self)
    }

    /// One entry per connected client, in session order.
    public func inspectClients() throws(AnimKitError) -> [InspectionDocuments.Client] {
        try inspect(.clients, as: Array<InspectionDocuments.Client>.self)
    }

    /// A client's layer tree with every property, model values or presentation values at the server's now.
    public func inspectTree(
        client: UInt32 = 0, presentation: Bool = false
    ) throws(AnimKitError)
        -> InspectionDocuments.Tree
    {
        try inspect(
            .tree(WireInspectTree(client: client, presentation: presentation)), as: InspectionDocuments.Tree.self)
    }

    /// One layer's properties and the keys of its animations.
    public func inspectLayer(
        _ layer: UInt32, client: UInt32 = 0, presentation: Bool = false
    ) throws(AnimKitError)
        -> InspectionDocuments.Layer
    {
        try inspect(
            .layer(WireInspectLayer(client: client, layer: layer, presentation: presentation)),
            as: InspectionDocuments.Layer.self)
    }

    /// Every attached animation of a client.
    public func inspectAnimations(client: UInt32 = 0) throws(AnimKitError) -> [InspectionDocuments.Animation] {
        try inspect(.animations(client), as: Array<InspectionDocuments.Animation>.self)
    }

    /// One entry per output.
    public func inspectOutputs() throws(AnimKitError) -> [InspectionDocuments.OutputEntry] {
        try inspect(.outputs, as: Array<InspectionDocuments.OutputEntry>.self)
    }

    /// The answer to `query` decoded as `type`; an answer that does not fit is `unexpectedReply` naming the JSON
    /// path and what was wrong.
    public func inspect<Document: Decodable>(
        _ query: WireInspectQuery, as type: Document.Type
    )
        throws(AnimKitError) -> Document
    {
        let json = try inspect(query)
        do {
            return try InspectionJSON.decode(type, from: json)
        } catch let error as DecodingError {
            throw .unexpectedReply("InspectReply to \(query) is no \(type) document: \(error.pathAndReason)")
        } catch {
            throw .unexpectedReply("InspectReply to \(query) is no \(type) document: \(error)")
        }
    }
}
