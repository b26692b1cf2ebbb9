/// The XKB rule names a keymap is compiled from (the server configuration's `"keyboard"` object, README.md
/// "Input"). An empty name takes xkbcommon's default for it; the environment (`XKB_DEFAULT_*`) is never read, so
/// the same configuration gives the same keymap everywhere.
public struct KeymapNames: Hashable, Sendable, CustomStringConvertible {
    public var rules: String
    public var model: String
    public var layout: String
    public var variant: String
    public var options: String

    public init(
        rules: String = "", model: String = "", layout: String = "us", variant: String = "", options: String = ""
    ) {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    public var description: String {
        "rules \"\(rules)\", model \"\(model)\", layout \"\(layout)\", variant \"\(variant)\", options \"\(options)\""
    }
}
