/// When the server draws the pointer's cursor (`"cursor"` in the config file).
public enum CursorMode: String, Hashable, Sendable, CaseIterable {
    /// Shown while a pointer device is plugged in; hidden by a touch, or after `CursorMode.idleSeconds` without
    /// pointer activity, until the pointer moves or clicks again. A touch-only kiosk never shows it.
    case auto
    /// Always shown (where the pointer last was, at the primary output's centre before it moved).
    case always
    /// Never drawn; pointer devices still move the pointer and click.
    case never

    /// Seconds without pointer motion, button or scroll after which `auto` hides the cursor.
    public static let idleSeconds = 5.0
}
