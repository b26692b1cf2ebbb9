/// The object form of a transform value: `{"translate": [x, y, z], "rotate": [angle, x, y, z],
/// "scale": [x, y, z], "perspective": d}`, every field optional.
///
/// The operations apply to a point in a fixed order, whatever the order of the fields: scale first, then rotate
/// (angle in radians about the axis (x, y, z), as `CATransform3DMakeRotation`), then translate, then the
/// perspective with eye distance d (m34 = −1/d). In Core Animation's row-vector convention the matrix is
/// `S · R · T · P`. An empty object is the identity.
struct TransformOperations {
    static let fields = ["scale", "rotate", "translate", "perspective"]

    static func decode(_ reader: JSONObjectReader) throws -> Transform3D {
        try reader.rejectUnknownFields(allowed: fields, in: "a transform object")
        var result = Transform3D.identity
        if let d = try reader.value("scale") {
            let s = try JSONValueReading.numbers(d, count: 3, expected: "[x, y, z] scale factors")
            result = result.concatenating(.scale(s[0], s[1], s[2]))
        }
        if let d = try reader.value("rotate") {
            let r = try JSONValueReading.numbers(d, count: 4, expected: "[angle, x, y, z] (radians about an axis)")
            guard r[1] != 0 || r[2] != 0 || r[3] != 0 else {
                throw JSONValueReading.failure(d, "the rotation axis (x, y, z) must not be zero")
            }
            result = result.concatenating(.rotation(r[0], r[1], r[2], r[3]))
        }
        if let d = try reader.value("translate") {
            let t = try JSONValueReading.numbers(d, count: 3, expected: "[x, y, z] translation")
            result = result.concatenating(.translation(t[0], t[1], t[2]))
        }
        if let d = try reader.value("perspective") {
            let distance = try JSONValueReading.number(d, expected: "the eye distance (a number > 0)")
            guard distance > 0 else {
                throw JSONValueReading.failure(
                    d, "the eye distance must be > 0, got \(NumberText.shortest(distance))")
            }
            result = result.concatenating(.perspective(eyeDistance: distance))
        }
        return result
    }
}
