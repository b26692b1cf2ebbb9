/// A reference to an image the client uploaded (contents, emitter cell contents).
public struct ImageID: Hashable, Codable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public var description: String { "image#\(rawValue)" }
}

/// A layer's identity inside one client's trees (ids are per connection).
public struct LayerID: Hashable, Codable, Sendable, CustomStringConvertible, Comparable {
    public var rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public var description: String { "layer#\(rawValue)" }
    public static func < (a: LayerID, b: LayerID) -> Bool { a.rawValue < b.rawValue }
}
