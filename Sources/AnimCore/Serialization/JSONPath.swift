/// A position in a JSON document, written as a reader finds it: `animations[1].animation.toValue`.
///
/// Object fields are joined with dots and array indices are written in brackets, so the text can be pasted
/// into `jq` (with a leading dot). The document itself is the empty path, written `(document)`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// The field names and array indices from the document's root, outermost first.
    public enum Component: Hashable, Sendable {
        case field(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of a `Decoder` or `Encoder` position: keys with an integer value are array indices.
    public init(_ codingPath: [any CodingKey]) {
        components = codingPath.map { key in
            if let index = key.intValue { .index(index) } else { .field(key.stringValue) }
        }
    }

    public var isEmpty: Bool { components.isEmpty }

    public var description: String {
        guard !components.isEmpty else { return "(document)" }
        var text = ""
        for component in components {
            switch component {
            case .field(let name):
                if !text.isEmpty { text += "." }
                text += name
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
