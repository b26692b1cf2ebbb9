/// What a timed object shows outside its active duration (CAMediaTimingFillMode).
///
/// The raw values are Core Animation's names, and the wire and JSON spelling.
public enum FillMode: String, Hashable, Codable, Sendable, CaseIterable {
    /// No effect outside the active duration: the model value shows through.
    case removed
    /// After the active duration, hold the value it ended on.
    case forwards
    /// Before the active duration, hold the value it starts on.
    case backwards
    /// Both `forwards` and `backwards`.
    case both

    /// Whether the object keeps its end value once its active duration has passed.
    public var fillsForwards: Bool { self == .forwards || self == .both }

    /// Whether the object shows its start value before its active duration begins.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
}
