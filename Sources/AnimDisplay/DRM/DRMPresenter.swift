import AnimRender
import AnimTransport
import Logging

/// The DRM output's presenter: shows each frame on the heads the head set lit, by a page flip on each — from
/// two dumb buffers its rectangle of the scene is copied into (software renderer) or from a GBM surface its
/// rectangle of the GLES renderer's texture is drawn into. Runs on the render thread, after the frame was drawn.
///
/// Flips go through the head's commit interface with a flip event (an atomic commit, or drmModePageFlip), and
/// one at a time per CRTC: the pacer plans no frame while the primary's flip (the first lit connector's, the
/// frame clock) is pending, and a secondary whose flip is still pending skips the frame and keeps its damage
/// for the next one. The flip's completion is read by the server's loop from the card's descriptor and handed
/// to the pacer (`DRMFramePacer.handleEvents`).
final class DRMPresenter {
    private let pacer: DRMFramePacer
    private let logger: Logger

    init(pacer: DRMFramePacer, logger: Logger) {
        self.pacer = pacer
        self.logger = logger
    }

    /// Shows the scene pixels `damage` redrew (nil: none) on each of `heads` that owes them; true when the
    /// primary's flip was queued.
    func present(_ heads: [DRMHead], _ renderer: any Renderer, damage: Damage?, scene: PixelSize) -> Bool {
        let began = MonotonicClock.now()
        var primaryFlipped = false
        let primary = pacer.primary
        for head in heads {
            if let damage { head.owe(damage) }
            guard let owed = head.owed else { continue }
            guard !pacer.isFlipPending(crtc: head.crtc) else {
                // Never two flips on one CRTC: this one shows the damage it keeps once its flip completed.
                pacer.owe(crtc: head.crtc)
                continue
            }
            do throws(DRMError) {
                try show(head, owed, renderer, scene: scene)
                head.owed = nil
                if head.crtc == primary { primaryFlipped = true }
            } catch {
                logger.error(
                    "frame not shown",
                    metadata: [
                        "connector": "\(head.name)", "error": "\(error)",
                        "after": "\(MonotonicClock.now() - began) s",
                    ])
            }
        }
        return primaryFlipped
    }

    /// Copies or draws `head`'s rectangle of the scene (what `damage` touches, for dumb buffers) into its back
    /// buffer and queues the flip to it.
    private func show(
        _ head: DRMHead, _ damage: Damage, _ renderer: any Renderer, scene sceneSize: PixelSize
    ) throws(DRMError) {
        guard let modeset = head.modeset, let commits = head.commits else { return }
        let turn: OutputRotation = modeset.planeRotates ? .none : head.plan.rotation
        let framebuffer: UInt32
        var shownDumb: Int?
        if let gbm = head.gbm {
            guard let renderer = renderer as? GLESRenderer, let texture = renderer.outputTexture else {
                throw .graphics(call: "present", detail: "the GBM scan-out needs the GLES renderer's texture")
            }
            framebuffer = try gbm.draw(texture: texture, scene: sceneSize, source: head.rect, rotation: turn)
        } else {
            let back = 1 - head.front
            for i in head.stale.indices { head.stale[i] = DRMHead.union(head.stale[i], damage) }
            try copy(renderer, head.stale[back], head, into: head.dumb[back], rotation: turn, scene: sceneSize)
            head.stale[back] = .region([])
            framebuffer = head.dumb[back].framebuffer
            shownDumb = back
        }
        // Pending before the ioctl: the flip event can reach the loop thread before the ioctl returns here.
        pacer.flipQueuing(now: MonotonicClock.now(), crtc: head.crtc)
        do throws(DRMError) {
            try commits.commit(
                DRMHeadState(plan: head.plan, framebuffer: framebuffer, planeRotates: modeset.planeRotates),
                flags: .pageFlipEvent)
        } catch {
            pacer.flipFailed(crtc: head.crtc)
            head.gbm?.abandonLocked()
            throw error
        }
        head.gbm?.flipQueued()
        if let shownDumb { head.front = shownDumb }
    }

    /// The renderer's pixels of `region` within `head`'s rectangle into `buffer` (not on screen).
    private func copy(
        _ renderer: any Renderer, _ region: Damage, _ head: DRMHead, into buffer: DRMDumbBuffer,
        rotation: OutputRotation, scene sceneSize: PixelSize
    ) throws(DRMError) {
        guard let area = head.rect.intersection(PixelRect(size: sceneSize)) else { return }
        let rects: [PixelRect]
        switch region {
        case .full: rects = [area]
        case .region(let list): rects = list.compactMap { $0.intersection(area) }.filter { !$0.isEmpty }
        }
        for rect in rects {
            let pixels: PixelBuffer
            do throws(RenderError) {
                pixels = try renderer.readPixels(rect)
            } catch {
                throw .graphics(call: "readPixels(\(rect))", detail: "\(error)")
            }
            ScanoutCopy.copy(
                pixels, origin: (rect.x - head.position.x, rect.y - head.position.y), scene: head.plan.sceneSize,
                rotation: rotation, into: buffer.pixels, pitch: buffer.pitch)
        }
    }
}
