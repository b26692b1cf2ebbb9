import AnimRender

/// A display mode a connector offers, as libdrm reports it (`drmModeModeInfo`), reduced to what the output needs.
public struct DisplayMode: Hashable, Sendable, CustomStringConvertible {
    /// The mode's name (`1920x1080`).
    public var name: String
    public var width: Int
    public var height: Int
    /// The exact refresh rate in hertz from the pixel clock and the totals (the kernel's `vrefresh` is rounded).
    public var refresh: Double
    /// The connector marks it as its preferred (native) mode.
    public var isPreferred: Bool

    public init(name: String, width: Int, height: Int, refresh: Double, isPreferred: Bool = false) {
        self.name = name
        self.width = width
        self.height = height
        self.refresh = refresh
        self.isPreferred = isPreferred
    }

    /// The refresh rate of a mode with a pixel clock of `clockKHz` and `htotal` × `vtotal` pixels per frame;
    /// interlaced modes show two fields per frame, double-scanned ones every line twice. Nil for zero totals.
    public static func refresh(
        clockKHz: UInt32, htotal: UInt16, vtotal: UInt16, interlaced: Bool = false, doubleScan: Bool = false
    ) -> Double? {
        guard htotal > 0, vtotal > 0, clockKHz > 0 else { return nil }
        var rate = Double(clockKHz) * 1000 / (Double(htotal) * Double(vtotal))
        if interlaced { rate *= 2 }
        if doubleScan { rate /= 2 }
        return rate
    }

    public var description: String {
        let hertz = (refresh * 100).rounded() / 100
        return "\(width)x\(height)@\(hertz)\(isPreferred ? " (preferred)" : "")"
    }
}

/// A mode asked for by `--mode WxH@Hz` or `--mode WxH`.
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Hertz; nil takes the highest rate of the size.
    public var refresh: Double?

    /// How far a mode's rate may be from the asked one and still match (59.94 for 60, 50.0 for 50).
    public static let refreshTolerance = 0.5

    public init(width: Int, height: Int, refresh: Double? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// Parses `WIDTHxHEIGHT` or `WIDTHxHEIGHT@HZ` (`1920x1080@60`, `1280x800@59.94`).
    public init(parsing text: String) throws(DisplayModeError) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let size = PixelSize(parsing: String(parts[0])) else { throw .badModeText(text) }
        var refresh: Double?
        if parts.count == 2 {
            guard let hertz = Double(parts[1]), hertz.isFinite, hertz >= 1, hertz <= 1000 else {
                throw .badModeText(text)
            }
            refresh = hertz
        }
        self.init(width: size.width, height: size.height, refresh: refresh)
    }

    public var description: String {
        refresh.map { "\(width)x\(height)@\($0)" } ?? "\(width)x\(height)"
    }

    /// The mode of `modes` this asks for: the size exactly, then the rate nearest the asked one (within
    /// `refreshTolerance`), or the highest rate of that size when none was asked.
    public func pick(from modes: [DisplayMode]) throws(DisplayModeError) -> DisplayMode {
        let sized = modes.filter { $0.width == width && $0.height == height }
        let chosen: DisplayMode?
        if let refresh {
            chosen =
                sized
                .filter { abs($0.refresh - refresh) <= Self.refreshTolerance }
                .min { abs($0.refresh - refresh) < abs($1.refresh - refresh) }
        } else {
            chosen = sized.max { $0.refresh < $1.refresh }
        }
        guard let chosen else { throw .noSuchMode(self, available: modes) }
        return chosen
    }

    /// The mode to light a connector with: `request`'s when given, else the preferred mode, else the largest
    /// (then fastest) one.
    public static func choose(
        _ request: ModeRequest?, from modes: [DisplayMode]
    ) throws(DisplayModeError)
        -> DisplayMode
    {
        if let request { return try request.pick(from: modes) }
        if let preferred = modes.first(where: \.isPreferred) { return preferred }
        guard
            let largest = modes.max(by: {
                ($0.width * $0.height, $0.refresh) < ($1.width * $1.height, $1.refresh)
            })
        else { throw .noModes }
        return largest
    }
}

/// Why no mode could be chosen.
public enum DisplayModeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not `WxH` or `WxH@Hz` with sides 1…16384 and a rate of 1…1000 Hz.
    case badModeText(String)
    /// The connector offers no mode of that size and rate.
    case noSuchMode(ModeRequest, available: [DisplayMode])
    /// The connector offers no modes at all.
    case noModes
    /// The mode's refresh rate is outside 1…1000 Hz (a broken EDID or driver).
    case unusableRefresh(DisplayMode)

    public var description: String {
        switch self {
        case .badModeText(let text):
            "--mode \(text): must be WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (e.g. 1920x1080@60)"
        case .noSuchMode(let request, let modes):
            "mode \(request) is not offered; the connector has \(modes.map(\.description).joined(separator: ", "))"
        case .noModes:
            "the connector offers no modes"
        case .unusableRefresh(let mode):
            "mode \(mode) refreshes outside 1…1000 Hz"
        }
    }
}
