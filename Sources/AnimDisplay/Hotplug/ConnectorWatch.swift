/// Whether the output's connector is there, decided afresh from the connectors re-probed after each udev change
/// event of the card: the lit connector going away darkens the output (the scene keeps animating), and a
/// connector appearing while dark lights it. A pure state machine; the DRM scan-out acts on its decisions.
public struct ConnectorWatch: Hashable, Sendable {
    public enum Decision: Hashable, Sendable {
        /// Nothing to do: the lit connector is still connected, or none is while dark.
        case unchanged
        /// Light this connector (it appeared, or came back).
        case light(String)
        /// The lit connector was unplugged: stop showing frames on it.
        case darken(String)
    }

    /// `--connector`: only this one is lit; nil: the first connected.
    public let wanted: String?
    /// The connector lit now; nil while dark.
    public private(set) var lit: String?

    public init(wanted: String?, lit: String?) {
        self.wanted = wanted
        self.lit = lit
    }

    /// The decision for the connectors as probed now (name and whether connected, in the card's order). After a
    /// `darken`, call again with the same list: another connected connector is lit then.
    public mutating func probed(_ connectors: [(name: String, connected: Bool)]) -> Decision {
        if let lit {
            if connectors.contains(where: { $0.name == lit && $0.connected }) { return .unchanged }
            self.lit = nil
            return .darken(lit)
        }
        guard let candidate = connectors.first(where: { $0.connected && (wanted == nil || $0.name == wanted) })
        else { return .unchanged }
        lit = candidate.name
        return .light(candidate.name)
    }
}
