import AnimKit

/// Where the framework keeps a layer that is not on screen: a scene's layer from its loading until it is shown and
/// after a transition takes it away, a dimming layer between presentations. On this server a layer with no
/// superlayer is a root of its connection, drawn and hit-tested where it stands
/// (docs/core-animation-rules.md#scenes-off-screen), so `removeFromSuperlayer()` alone would leave it on screen, where
/// Core Animation takes it off. Under a hidden holder it is neither drawn nor hit, and an animator's
/// `containerLayer.addSublayer(_:)` brings it on stage in the commit that animates it.
final class Offstage: @unchecked Sendable {
    private let connection: Connection
    private var holder: Layer?

    init(connection: Connection) {
        self.connection = connection
    }

    /// Whether `layer` is kept here.
    func holds(_ layer: Layer) -> Bool {
        holder.map { layer.superlayer === $0 } ?? false
    }

    /// Takes `layer` out of its superlayer, in the current transaction, and keeps it off screen.
    func take(_ layer: Layer) {
        let holder = self.holder ?? makeHolder()
        do {
            try holder.addSublayer(layer)
        } catch {
            log.error("\(layer.id) could not go off stage: \(error)")
            layer.removeFromSuperlayer()
        }
    }

    private func makeHolder() -> Layer {
        let holder = Layer(connection: connection)
        holder.name = "AnimScenes.offstage"
        holder.isHidden = true
        self.holder = holder
        return holder
    }
}
