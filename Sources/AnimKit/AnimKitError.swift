import AnimCore
import AnimImage
import AnimProtocol

/// Every error AnimKit reports. Each names what was wrong, so an app can log it or act on it.
public enum AnimKitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A value, key path or animation the client refused before sending anything (field, value, reason).
    case invalid(AnimCoreError)
    /// A property setter refused a value (a non-finite or out-of-range number). Setters do not throw, as in Core
    /// Animation: the value is not applied, nothing is sent, and this goes to `Connection.errorHandler` on the
    /// delegate queue (and to the log), naming the layer, the key path, the value and why.
    /// `setValue(_:forKeyPath:)` throws `.invalid` instead.
    case refusedValue(layer: LayerID, keyPath: String, value: AnimationValue, reason: AnimCoreError)
    /// The socket failed (connect, send or receive), with the operation and the system's reason.
    case transport(String)
    /// The server sent bytes that are not a valid message.
    case protocolViolation(ProtocolError)
    /// The server answered a request with an error, or refused the connection.
    case server(ServerError)
    /// The connection is closed; `reason` says why (closed by the app, by the server, or after a fatal error).
    case closed(reason: String)
    /// A layer of another connection was used with this one.
    case foreignLayer(LayerID, connection: UInt32)
    /// A message would exceed the server's size limit from Welcome.
    case messageTooLarge(bytes: Int, limit: Int)
    /// The server's reply did not fit the request (a field or value the request cannot have produced).
    case unexpectedReply(String)
    /// An image file could not be read or decoded: the file and libpng's message.
    case imageFile(PNGError)

    public var description: String {
        switch self {
        case .invalid(let e): "invalid: \(e)"
        case .refusedValue(let layer, let keyPath, let value, let reason):
            "\(layer).\(keyPath) = \(value) refused: \(reason)"
        case .transport(let text): "transport: \(text)"
        case .protocolViolation(let e): "protocol violation: \(e)"
        case .server(let e): "server error: \(e)"
        case .closed(let reason): "connection closed: \(reason)"
        case .foreignLayer(let id, let session):
            "\(id) belongs to another connection than session \(session)"
        case .messageTooLarge(let bytes, let limit): "message of \(bytes) bytes exceeds the server's limit of \(limit)"
        case .unexpectedReply(let text): "unexpected reply: \(text)"
        case .imageFile(let error): "image file: \(error)"
        }
    }
}

/// An ErrorReport from the server: a request or commit it refused. Non-fatal ones go to
/// `Connection.errorHandler` as `.server`; a fatal one closes the connection and goes there as its reason.
public struct ServerError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ServerErrorCode?
    /// The raw code, for a code this SDK does not know.
    public var rawCode: UInt16
    /// The opcode of the message that was refused.
    public var opcode: UInt16
    /// The transaction or request id the error answers, or 0.
    public var request: UInt64
    public var field: String
    public var value: String
    public var message: String
    public var isFatal: Bool

    public init(_ report: ErrorReport) {
        code = ServerErrorCode(rawValue: report.code)
        rawCode = report.code
        opcode = report.opcode
        request = report.request
        field = report.field
        value = report.value
        message = report.message
        isFatal = report.fatal
    }

    public var description: String {
        let name = code.map { "\($0)" } ?? "code \(rawCode)"
        let what = Message.name(ofOpcode: opcode) ?? "opcode \(opcode)"
        let place = field.isEmpty ? "" : " at \(field)"
        let shown = value.isEmpty ? "" : " (value \(value))"
        return "\(name) in \(what)\(place)\(shown): \(message)\(isFatal ? " [fatal]" : "")"
    }
}
