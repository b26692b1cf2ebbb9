/// One client connection, numbered from 1 in the order the server accepted them. Inspection's client 0
/// means "the asking session", so 0 is never a session.
public struct SessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    public static func < (a: SessionID, b: SessionID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "session#\(rawValue)" }
}
