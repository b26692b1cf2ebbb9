/// Which corners `cornerRadius` rounds (`CACornerMask`, `CALayer.maskedCorners`), with Core Animation's bits.
/// In animserver's y-down layer space `minXMinY` is the top-left corner.
public struct CornerMask: OptionSet, Hashable, Codable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// `kCALayerMinXMinYCorner`.
    public static let minXMinY = CornerMask(rawValue: 1)
    /// `kCALayerMaxXMinYCorner`.
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// `kCALayerMinXMaxYCorner`.
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// `kCALayerMaxXMaxYCorner`.
    public static let maxXMaxY = CornerMask(rawValue: 8)
    /// All four corners: the default of `maskedCorners`.
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}
