import AnimCore

extension BezierPath {
    /// The path as sent. A non-empty path must start with a move-to (`.invalidValue` at `elements[0]`, as
    /// `BezierPath.validate` requires); coordinates are not checked here: non-finite ones are refused where the
    /// path is used (`PropertyValue.isFinite`, `AttachedAnimation`), which name the field in the model.
    public init(wire: WirePath) throws(ProtocolError) {
        if let first = wire.elements.first {
            guard case .move = first else {
                throw ProtocolError(
                    .invalidValue, field: "elements[0]", value: first.caseName,
                    detail: "a non-empty path must start with a move-to, not \(first.caseName)")
            }
        }
        self.init(elements: wire.elements.map(PathElement.init(wire:)))
    }

    public var wire: WirePath { WirePath(elements: elements.map(\.wire)) }
}

extension PathElement {
    public init(wire: WirePathElement) {
        switch wire {
        case .move(let p): self = .move(Point(wire: p))
        case .line(let p): self = .line(Point(wire: p))
        case .quad(let s): self = .quad(control: Point(wire: s.control), to: Point(wire: s.end))
        case .cubic(let s):
            self = .cubic(control1: Point(wire: s.control1), control2: Point(wire: s.control2), to: Point(wire: s.end))
        case .close: self = .close
        }
    }

    public var wire: WirePathElement {
        switch self {
        case .move(let p): .move(p.wire)
        case .line(let p): .line(p.wire)
        case .quad(let c, let p): .quad(WireQuadSegment(control: c.wire, end: p.wire))
        case .cubic(let c1, let c2, let p): .cubic(WireCubicSegment(control1: c1.wire, control2: c2.wire, end: p.wire))
        case .close: .close
        }
    }
}
