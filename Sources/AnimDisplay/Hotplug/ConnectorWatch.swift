/// Which connectors are lit, decided afresh from the connectors re-probed after each udev change event of the
/// card: each connector plugged in is lit (an output of its own), each lit one unplugged is darkened. A pure
/// state machine; the DRM scan-out acts on its decisions.
public struct ConnectorWatch: Hashable, Sendable {
    public enum Decision: Hashable, Sendable {
        /// Light this connector (it appeared, or came back).
        case light(String)
        /// This lit connector was unplugged: stop showing frames on it.
        case darken(String)
    }

    /// `--connector A,B`: only these are lit; nil: every connected one.
    public let wanted: [String]?
    /// The connectors lit now.
    public private(set) var lit: Set<String>

    public init(wanted: [String]?, lit: Set<String>) {
        self.wanted = wanted
        self.lit = lit
    }

    /// The decisions for the connectors as probed now (name and whether connected, in the card's order): the
    /// unplugged ones darkened first, then the newly connected ones lit, in the card's order (or `wanted`'s).
    public mutating func probed(_ connectors: [(name: String, connected: Bool)]) -> [Decision] {
        let connected = connectors.filter(\.connected).map(\.name)
        var decisions: [Decision] = []
        for name in lit.sorted() where !connected.contains(name) {
            lit.remove(name)
            decisions.append(.darken(name))
        }
        let candidates = wanted.map { wanted in wanted.filter { connected.contains($0) } } ?? connected
        for name in candidates where !lit.contains(name) {
            lit.insert(name)
            decisions.append(.light(name))
        }
        return decisions
    }

    /// A connector `probed` said to light could not be (no free CRTC, a refused modeset): it counts as dark, so
    /// the next probe tries it again.
    public mutating func failed(_ name: String) {
        lit.remove(name)
    }
}
