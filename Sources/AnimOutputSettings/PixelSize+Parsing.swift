import AnimRender

extension PixelSize {
    /// The largest side `init(parsing:)` accepts (`--size`, `--mode`).
    public static let maximumParsedSide = 16384

    /// Parses `WIDTHxHEIGHT` (`1280x720`); each side 1…`maximumParsedSide`. Nil otherwise.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...Self.maximumParsedSide).contains(width), (1...Self.maximumParsedSide).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }
}
