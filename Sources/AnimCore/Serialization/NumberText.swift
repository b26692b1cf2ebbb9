/// Numbers as text without Foundation, for messages and path data.
enum NumberText {
    /// The shortest text that reads back as the same `Double` (Swift's own), without a trailing `.0`:
    /// `1`, `0.5`, `-3`, `1e-05`.
    static func shortest(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
