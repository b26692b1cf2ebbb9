@testable import AnimCore

/// Tolerance comparisons and a seeded generator for the geometry and path tests.
enum GeometryApprox {
    static func equal(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        abs(a - b) <= tolerance
    }

    static func equal(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    static func equal(_ a: Vector3, _ b: Vector3, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.z - b.z) <= tolerance
    }

    static func equal(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double) -> Bool {
        a.isApproximatelyEqual(to: b, tolerance: tolerance)
    }

    static func equal(_ a: Quaternion, _ b: Quaternion, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.z - b.z) <= tolerance
            && abs(a.w - b.w) <= tolerance
    }

    /// The largest entrywise difference between two matrices.
    static func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
        zip(a.elements, b.elements).map { abs($0 - $1) }.max() ?? 0
    }
}
