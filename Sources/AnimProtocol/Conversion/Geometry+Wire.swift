import AnimCore

extension Point {
    public init(wire: WirePoint) { self.init(x: wire.x, y: wire.y) }
    public var wire: WirePoint { WirePoint(x: x, y: y) }
}

extension Size {
    public init(wire: WireSize) { self.init(width: wire.width, height: wire.height) }
    public var wire: WireSize { WireSize(width: width, height: height) }
}

extension Rect {
    public init(wire: WireRect) { self.init(x: wire.x, y: wire.y, width: wire.width, height: wire.height) }
    public var wire: WireRect { WireRect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

extension Transform3D {
    public init(wire w: WireTransform) {
        self.init(
            m11: w.m11, m12: w.m12, m13: w.m13, m14: w.m14, m21: w.m21, m22: w.m22, m23: w.m23, m24: w.m24,
            m31: w.m31, m32: w.m32, m33: w.m33, m34: w.m34, m41: w.m41, m42: w.m42, m43: w.m43, m44: w.m44)
    }

    public var wire: WireTransform {
        WireTransform(
            m11: m11, m12: m12, m13: m13, m14: m14, m21: m21, m22: m22, m23: m23, m24: m24,
            m31: m31, m32: m32, m33: m33, m34: m34, m41: m41, m42: m42, m43: m43, m44: m44)
    }
}

// Both sides hold straight (not premultiplied) sRGB, so the components copy as they are.
extension Color {
    public init(wire: WireColor) { self.init(red: wire.red, green: wire.green, blue: wire.blue, alpha: wire.alpha) }
    public var wire: WireColor { WireColor(red: red, green: green, blue: blue, alpha: alpha) }
}
