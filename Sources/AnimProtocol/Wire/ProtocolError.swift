/// Why a frame was refused: the spec's error code, the message (when the header was readable), the path of the
/// field that was wrong ("Commit.operations[3].setProperty.value"), the offending value as text (ErrorReport carries
/// it apart from the sentence; empty when there is no single value to name) and a sentence naming the bad value.
public struct ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: WireErrorCode
    public var opcode: UInt16?
    public var field: String
    public var value: String
    public var detail: String

    public init(_ code: WireErrorCode, opcode: UInt16? = nil, field: String = "", value: String = "", detail: String) {
        self.code = code
        self.opcode = opcode
        self.field = field
        self.value = value
        self.detail = detail
    }

    /// The same error one level further out: decoders call this as the error travels up, so the path is built
    /// only when something failed.
    public func at(_ component: String) -> ProtocolError {
        var copy = self
        if field.isEmpty {
            copy.field = component
        } else if field.hasPrefix("[") {
            copy.field = component + field
        } else {
            copy.field = component + "." + field
        }
        return copy
    }

    /// The field as `ErrorReport.field` carries it: the wire path from the refused message's name down
    /// ("Commit.operations[3].setProperty.value", protocol/README.md "Errors"). The decoder's paths already
    /// start with a message's name (the refused one's, or the reply's: "InspectReply.json" for a reply too
    /// large to send), and message names are the only capitalised components; the server's checks name fields
    /// inside the message, and get the name here. The record's own parts and the sender (`opcode`, `length`,
    /// `fds`, `uid`) are not in a message and stay bare.
    public var reportedField: String {
        guard !field.isEmpty, !Self.recordFields.contains(field), field.first?.isUppercase != true, let opcode,
            let name = Message.name(ofOpcode: opcode)
        else { return field }
        return field.hasPrefix("[") ? name + field : name + "." + field
    }

    /// Fields that name a part of the record or the connection rather than of the message.
    static let recordFields: Set<String> = ["opcode", "length", "fds", "uid"]

    public var description: String {
        let place = field.isEmpty ? "" : " at \(field)"
        return "\(code) (\(code.rawValue))\(place): \(detail)"
    }
}
