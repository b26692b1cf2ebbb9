import AnimRender

/// One lit connector of the DRM output: its plan (connector, CRTC, plane, mode, rotation), where it sits in
/// the scene, the modeset that lit it and its own scan-out buffers. Used on the render thread only.
final class DRMHead {
    var plan: DRMOutputPlan
    var position = OutputPosition(x: 0, y: 0)
    var modeset: DRMModesetResult?
    /// How its state is committed (atomic or legacy), chosen when it was lit.
    var commits: (any DRMCommitInterface)?
    var dumb: [DRMDumbBuffer] = []
    /// The dumb buffer on screen (or about to be, once its flip completes).
    var front = 0
    /// Per dumb buffer, the scene pixels it shows older than the renderer's (each buffer misses what was
    /// drawn while the other one was shown).
    var stale: [Damage] = [.full, .full]
    var gbm: GBMScanoutTarget?
    var powered = true
    /// False only for the last connector left after an unplug (or none yet at start): it keeps the scene's size.
    var plugged = true
    /// Scene damage this head has not shown yet (a frame it skipped while its flip was pending).
    var owed: Damage?

    init(plan: DRMOutputPlan) {
        self.plan = plan
    }

    var name: String { plan.connector.name }
    var crtc: UInt32 { plan.crtc.id }
    /// Its rectangle of the scene.
    var rect: PixelRect {
        PixelRect(x: position.x, y: position.y, width: plan.sceneSize.width, height: plan.sceneSize.height)
    }
    var isShowing: Bool { modeset != nil && powered && plugged }

    func owe(_ damage: Damage) {
        owed = Self.union(owed, damage)
    }

    static func union(_ a: Damage?, _ b: Damage) -> Damage {
        switch (a, b) {
        case (nil, _): b
        case (.full?, _), (_, .full): .full
        case (.region(let first)?, .region(let second)): .region(first + second)
        }
    }
}
