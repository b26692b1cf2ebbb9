extension Color {
    /// `#rrggbb` (opaque) or `#rrggbbaa` when every component is exactly a multiple of 1/255 in [0, 1], so that
    /// `Color(hex:)` reads back the same colour; nil otherwise (the JSON form is then `[r, g, b, a]`).
    public var exactHex: String? {
        var bytes: [UInt8] = []
        for component in [red, green, blue, alpha] {
            guard component >= 0, component <= 1 else { return nil }
            let byte = UInt8((component * 255).rounded())
            guard Double(byte) / 255 == component else { return nil }
            bytes.append(byte)
        }
        if bytes[3] == 255 { bytes.removeLast() }
        return "#"
            + bytes.map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }
}
