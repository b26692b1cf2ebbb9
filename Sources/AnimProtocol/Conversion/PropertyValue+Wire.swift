import AnimCore

extension PropertyValue {
    /// The value as sent. Numbers are taken as they are, non-finite ones included: the server checks
    /// `isFinite` and the key path's rules and names the field. A path must start with a move-to
    /// (`BezierPath.init(wire:)`), reported at `path.elements[0]`.
    public init(wire: WireValue) throws(ProtocolError) {
        switch wire {
        case .number(let v): self = .number(v)
        case .point(let p): self = .point(Point(wire: p))
        case .size(let s): self = .size(Size(wire: s))
        case .rect(let r): self = .rect(Rect(wire: r))
        case .transform(let t): self = .transform(Transform3D(wire: t))
        case .color(let c): self = .color(c.map(Color.init(wire:)))
        case .bool(let b): self = .bool(b)
        case .path(let p):
            do throws(ProtocolError) {
                self = .path(try p.map { (w: WirePath) throws(ProtocolError) in try BezierPath(wire: w) })
            } catch {
                throw error.at("path")
            }
        case .numbers(let a): self = .numbers(a)
        case .colors(let a): self = .colors(a.map { $0.map(Color.init(wire:)) })
        case .string(let s): self = .string(s)
        case .strings(let a): self = .strings(a)
        case .image(let id): self = .image(id.map(ImageID.init))
        case .layer(let id): self = .layer(id.map(LayerID.init))
        case .attributedString(let text):
            do throws(ProtocolError) {
                self = .attributedString(
                    try text.map { (w: WireAttributedString) throws(ProtocolError) in try AttributedText(wire: w) })
            } catch {
                throw error.at("attributedString")
            }
        }
    }

    public var wire: WireValue {
        switch self {
        case .number(let v): .number(v)
        case .point(let p): .point(p.wire)
        case .size(let s): .size(s.wire)
        case .rect(let r): .rect(r.wire)
        case .transform(let t): .transform(t.wire)
        case .color(let c): .color(c?.wire)
        case .bool(let b): .bool(b)
        case .path(let p): .path(p?.wire)
        case .numbers(let a): .numbers(a)
        case .colors(let a): .colors(a?.map(\.wire))
        case .string(let s): .string(s)
        case .strings(let a): .strings(a)
        case .image(let id): .image(id?.rawValue)
        case .layer(let id): .layer(id?.rawValue)
        // Without runs it is the plain string: what servers before version 4 take for a text layer's string.
        case .attributedString(let text):
            text.map { $0.runs.isEmpty ? .string($0.string) : .attributedString($0.wire) } ?? .string(nil)
        }
    }
}
