import AnimCore

extension ProtocolError {
    /// AnimCore's error as the spec's code, so that the server reports model and animation problems the same way
    /// it reports wire problems: unknownKeyPath → .unknownKeyPath, typeMismatch → .typeMismatch, nonFinite and
    /// outOfRange and notAllowed → .invalidValue, invalidKeyTimes → .invalidAnimation, invalid → .invalidValue, or
    /// .invalidAnimation when the caller says the error concerns an animation.
    ///
    /// `field` is `prefix` joined to the field AnimCore named (the key path itself for an unknown key path, which
    /// is then also the value); `value` is the offending value as text where the case carries one.
    public init(_ error: AnimCoreError, opcode: UInt16? = nil, field prefix: String = "", animation: Bool = false) {
        func joined(_ field: String) -> String {
            if prefix.isEmpty { return field }
            if field.isEmpty { return prefix }
            return field.hasPrefix("[") ? prefix + field : prefix + "." + field
        }
        let detail = error.description
        switch error {
        case .unknownKeyPath(let path, _):
            self.init(.unknownKeyPath, opcode: opcode, field: prefix, value: path, detail: detail)
        case .typeMismatch(let field, _, let got):
            self.init(.typeMismatch, opcode: opcode, field: joined(field), value: got, detail: detail)
        case .nonFinite(let field, let value):
            self.init(.invalidValue, opcode: opcode, field: joined(field), value: Self.text(value), detail: detail)
        case .outOfRange(let field, let value, _):
            self.init(.invalidValue, opcode: opcode, field: joined(field), value: Self.text(value), detail: detail)
        case .invalidKeyTimes(let field, _):
            self.init(.invalidAnimation, opcode: opcode, field: joined(field), detail: detail)
        case .notAllowed(let field, let value, _):
            self.init(.invalidValue, opcode: opcode, field: joined(field), value: value, detail: detail)
        case .invalid(let field, _):
            self.init(
                animation ? .invalidAnimation : .invalidValue, opcode: opcode, field: joined(field), detail: detail)
        }
    }

    /// A number as a client would write it: `1`, `0.5`, `nan`, `inf`, `-inf`.
    static func text(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
