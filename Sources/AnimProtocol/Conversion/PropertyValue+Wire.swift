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
        case .filters(let list): self = .filters(try list.map(Self.filters(wire:)))
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
        case .filters(let list): .filters(list?.map(\.wire))
        }
    }

    /// The value as a connection of `version` reads it: before version 4 there is no `filters` case, and a filter
    /// list goes as the `strings` of its names (what those versions held in `filters`).
    public func wire(forVersion version: Int) -> WireValue {
        if version < 4, case .filters(let list) = self { return .strings(list?.map(\.name)) }
        return wire
    }

    /// Each filter checked by `LayerFilter.make`: an unknown type or parameter, a wrong count or a negative
    /// radius is `invalidValue` at `filters[i].type` or `filters[i].<parameter>`, naming what is accepted.
    static func filters(wire list: [WireFilter]) throws(ProtocolError) -> [LayerFilter] {
        var out: [LayerFilter] = []
        out.reserveCapacity(list.count)
        for (i, w) in list.enumerated() {
            do throws(AnimCoreError) {
                out.append(
                    try LayerFilter.make(
                        type: w.type, name: w.name, parameters: w.parameters.map { ($0.name, $0.values) },
                        field: "filters[\(i)]"))
            } catch {
                throw ProtocolError(error)
            }
        }
        return out
    }
}

extension LayerFilter {
    /// The filter as sent: its type, name and every parameter.
    public var wire: WireFilter {
        WireFilter(
            type: type.rawValue, name: name,
            parameters: parameters.map { parameter, value in
                let values: [Double] =
                    switch value {
                    case .number(let v): [v]
                    case .numbers(let a): a ?? []
                    default: []
                    }
                return WireFilterParameter(name: parameter.rawValue, values: values)
            })
    }
}
