import AnimCore

/// `CACornerMask`: which corners `maskedCorners` rounds. Core Animation's names and bits; in animserver's y-down
/// layer space `layerMinXMinYCorner` is the top-left corner.
public typealias CornerMask = AnimCore.CornerMask

extension CornerMask {
    /// `kCALayerMinXMinYCorner` (1).
    public static let layerMinXMinYCorner = CornerMask.minXMinY
    /// `kCALayerMaxXMinYCorner` (2).
    public static let layerMaxXMinYCorner = CornerMask.maxXMinY
    /// `kCALayerMinXMaxYCorner` (4).
    public static let layerMinXMaxYCorner = CornerMask.minXMaxY
    /// `kCALayerMaxXMaxYCorner` (8).
    public static let layerMaxXMaxYCorner = CornerMask.maxXMaxY
}

/// `CAEdgeAntialiasingMask`: which edges of a layer are antialiased, with Core Animation's bits.
public struct EdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `kCALayerLeftEdge` (1).
    public static let layerLeftEdge = EdgeAntialiasingMask(rawValue: 1)
    /// `kCALayerRightEdge` (2).
    public static let layerRightEdge = EdgeAntialiasingMask(rawValue: 2)
    /// `kCALayerBottomEdge` (4).
    public static let layerBottomEdge = EdgeAntialiasingMask(rawValue: 4)
    /// `kCALayerTopEdge` (8).
    public static let layerTopEdge = EdgeAntialiasingMask(rawValue: 8)
}

/// `CAAutoresizingMask`: how a layer resizes with its superlayer (macOS), with Core Animation's bits.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `kCALayerNotSizable` (0): the default.
    public static let layerNotSizable: AutoresizingMask = []
    /// `kCALayerMinXMargin` (1).
    public static let layerMinXMargin = AutoresizingMask(rawValue: 1)
    /// `kCALayerWidthSizable` (2).
    public static let layerWidthSizable = AutoresizingMask(rawValue: 2)
    /// `kCALayerMaxXMargin` (4).
    public static let layerMaxXMargin = AutoresizingMask(rawValue: 4)
    /// `kCALayerMinYMargin` (8).
    public static let layerMinYMargin = AutoresizingMask(rawValue: 8)
    /// `kCALayerHeightSizable` (16).
    public static let layerHeightSizable = AutoresizingMask(rawValue: 16)
    /// `kCALayerMaxYMargin` (32).
    public static let layerMaxYMargin = AutoresizingMask(rawValue: 32)
}

/// An option set the model and the wire hold as a number (the typed accessors of
/// Generated/LayerPropertyAccessors.swift convert).
protocol LayerNumberOptionSet: OptionSet where RawValue: FixedWidthInteger & UnsignedInteger {}

extension LayerNumberOptionSet {
    /// The set a stored number means: its bits when it is a whole number the raw type holds, else none (only
    /// `setValue(_:forKeyPath:)` can store another number).
    init(layerNumber: Double) {
        self.init(rawValue: RawValue(exactly: layerNumber) ?? 0)
    }

    /// The number the model and the wire hold.
    var layerNumber: Double { Double(rawValue) }
}

extension CornerMask: LayerNumberOptionSet {}
extension EdgeAntialiasingMask: LayerNumberOptionSet {}
extension AutoresizingMask: LayerNumberOptionSet {}
