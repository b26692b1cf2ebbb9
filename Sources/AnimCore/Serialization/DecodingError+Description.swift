extension DecodingError {
    /// The JSON path the error happened at, including the missing field of `keyNotFound`.
    public var jsonPath: JSONPath {
        switch self {
        case .keyNotFound(let key, let context): JSONPath(context.codingPath + [key])
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            JSONPath(context.codingPath)
        @unknown default: JSONPath()
        }
    }

    /// What was wrong, without the path.
    public var reason: String {
        switch self {
        case .keyNotFound: return "missing required field"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            guard let underlying = context.underlyingError else { return context.debugDescription }
            return "\(context.debugDescription) (\(underlying))"
        @unknown default: return "\(self)"
        }
    }

    /// `<JSON path>: <what was wrong>`, e.g. `animations[1].animation.toValue: expected a number, got a string`.
    public var pathAndReason: String {
        jsonPath.isEmpty ? reason : "\(jsonPath): \(reason)"
    }
}
