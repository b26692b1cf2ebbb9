import AnimRender
import AnimTransport
import Foundation
import Logging
import Synchronization

/// The DRM output's side of the render thread: lights every connector (each a `DRMHead` with its own CRTC,
/// plane, mode and buffers, at its place in the layout), then shows each frame by a page flip on each — from
/// two dumb buffers its rectangle of the scene is copied into (software renderer) or from a GBM surface its
/// rectangle of the GLES renderer's texture is drawn into. The scene is rendered once, sized to the layout's
/// bounding box.
///
/// Flips go through atomic commits with a flip event (or drmModePageFlip without atomic), never outside one,
/// and one at a time per CRTC: the pacer plans no frame while the primary's flip (the first lit connector's,
/// the frame clock) is pending, and a secondary whose flip is still pending skips the frame and keeps its
/// damage for the next one.
final class DRMScanout: Scanout, @unchecked Sendable {
    let device: any DRMDevice
    let pacer: DRMFramePacer
    private let logger: Logger
    private let terminal: VirtualTerminal?
    private let layout: OutputLayout
    /// The lit connectors in layout order. While none is plugged the last one stays (dark): it keeps the
    /// scene's size and what `animctl output` lists.
    private(set) var heads: [DRMHead]
    /// The layout's bounding box: the renderer's size.
    private(set) var sceneSize: PixelSize
    /// The GBM device and EGL display the GLES renderers use, and the output renderer's EGL device.
    private var gbmDisplay: GBMDisplay?
    private var eglDevice: EGLDevice?
    private var stopped = false
    private var usesGLES = false
    /// Held across each sequence of ioctls; closed while the seat is disabled (VT switched away: the device is
    /// not ours, no ioctl is made).
    let seatGate = SeatGate()
    /// Which connectors are lit as connectors come and go (hotplug).
    private var watch: ConnectorWatch
    /// `--mode` and `--rotation`, for a connector lit after a hotplug.
    private let modeRequest: ModeRequest?
    private let rotation: OutputRotation
    /// The card's connector order (the layout's, without `--connector`).
    private var cardOrder: [String] = []
    /// What `animctl output` lists, published by the render thread for any thread to read.
    private let described: Mutex<[OutputDescription]>

    /// `plans` are lit in order (the layout's); `waiting`: no display yet, `plans` holds the placeholder whose
    /// size the scene has until a connector appears.
    init(
        device: any DRMDevice, plans: [DRMOutputPlan], pacer: DRMFramePacer, terminal: VirtualTerminal?,
        connectors: [String]? = nil, mode: ModeRequest? = nil, rotation: OutputRotation = .none,
        layout: OutputLayout = .extend, waiting: Bool = false, logger: Logger
    ) {
        self.device = device
        heads = plans.map(DRMHead.init(plan:))
        for head in heads { head.plugged = !waiting }
        watch = ConnectorWatch(wanted: connectors, lit: waiting ? [] : Set(plans.map(\.connector.name)))
        modeRequest = mode
        self.rotation = rotation
        self.layout = layout
        self.pacer = pacer
        self.terminal = terminal
        self.logger = logger
        sceneSize = plans.first?.sceneSize ?? PixelSize(width: 1280, height: 720)
        described = Mutex([])
        arrange()
        publish()
    }

    var outputDescriptions: [OutputDescription] { described.withLock { $0 } }

    var session: SeatSessionDescription? { pacer.session }

    private func describe(_ head: DRMHead) -> OutputDescription {
        OutputDescription(
            name: head.name, device: device.path, sceneSize: head.plan.sceneSize, position: head.position,
            mode: head.plan.mode.mode, modes: head.plan.connector.modes.map(\.mode), rotation: head.plan.rotation,
            planeRotates: head.modeset?.planeRotates ?? false, powered: head.powered && head.plugged,
            modesetting: head.modeset.map { $0.atomic ? "atomic" : "legacy" })
    }

    private func publish() {
        let descriptions = heads.map(describe)
        described.withLock { $0 = descriptions }
    }

    var pacing: PacingStatistics { pacer.statistics }

    /// The output factory's GLES renderer: EGL on the GBM device of the DRM descriptor. The first renderer of
    /// the scene's size is the output's; its context presents (layer screenshots make others).
    func makeGLESRenderer(size: PixelSize, maxTextureSize: Int?) throws(RenderError) -> any Renderer {
        let display: GBMDisplay
        if let gbmDisplay {
            display = gbmDisplay
        } else {
            display = try GBMDisplay(fd: device.fd)
            gbmDisplay = display
        }
        let egl = try EGLDevice(display: display.display)
        let renderer = try GLESRenderer(device: egl, size: size, maxTextureSize: maxTextureSize)
        if eglDevice == nil, size == sceneSize { eglDevice = egl }
        return renderer
    }

    func start(renderer: any Renderer) throws(DRMError) -> PixelSize {
        usesGLES = renderer is GLESRenderer && eglDevice != nil
        guard heads.contains(where: \.plugged) else {
            // Lit by the first hotplug that brings a connector; one may have come since the output was planned.
            _ = try connectorsChanged()
            return sceneSize
        }
        var firstError: DRMError?
        for head in heads {
            do throws(DRMError) {
                try light(head)
            } catch {
                // One connector that cannot be lit stays dark; the output fails only when none can be.
                logger.warning("display stays dark", metadata: ["connector": "\(head.name)", "error": "\(error)"])
                firstError = firstError ?? error
                watch.failed(head.name)
                release(head)
            }
        }
        let lit = heads.filter { $0.modeset != nil }
        if lit.isEmpty, let firstError {
            heads = Array(heads.prefix(1))
            throw firstError
        }
        heads = lit
        arrange()
        updatePrimary()
        publish()
        return sceneSize
    }

    /// The buffer size for a layout: the head's scene size when the plane turns it, the panel's otherwise.
    private func bufferSize(_ head: DRMHead, planeRotates: Bool) -> PixelSize {
        planeRotates ? head.plan.sceneSize : head.plan.panelSize
    }

    /// Lights `head`'s plan (a modeset with a blank first picture), making buffers of the size it needs.
    private func light(_ head: DRMHead) throws(DRMError) {
        let result: DRMModesetResult
        if usesGLES, let eglDevice, let gbmDisplay {
            result = try DRMModeset.lightUp(device, plan: head.plan) { planeRotates throws(DRMError) in
                let size = bufferSize(head, planeRotates: planeRotates)
                if let gbm = head.gbm, gbm.size == size { return try gbm.blankFramebuffer() }
                head.gbm = nil
                let target = try GBMScanoutTarget(drm: device, gbm: gbmDisplay, egl: eglDevice, size: size)
                head.gbm = target
                return try target.blankFramebuffer()
            }
        } else {
            result = try DRMModeset.lightUp(device, plan: head.plan) { planeRotates throws(DRMError) in
                let size = bufferSize(head, planeRotates: planeRotates)
                if head.dumb.first?.size != size {
                    for buffer in head.dumb { device.destroyDumbBuffer(buffer) }
                    head.dumb = []
                    head.dumb = [try device.createDumbBuffer(size: size), try device.createDumbBuffer(size: size)]
                }
                head.front = 0
                return head.dumb[0].framebuffer
            }
        }
        head.modeset = result
        head.stale = [.full, .full]
        head.powered = true
        pacer.forget(crtc: head.crtc)
        let plan = head.plan
        logger.notice(
            "display lit",
            metadata: [
                "device": "\(device.path)", "connector": "\(plan.connector.name)", "mode": "\(plan.mode.mode)",
                "crtc": "\(plan.crtc.id)", "modesetting": "\(result.atomic ? "atomic" : "legacy")",
                "rotation":
                    "\(plan.rotation)\(plan.rotation == .none ? "" : result.planeRotates ? " (plane)" : " (renderer)")",
                "buffers": "\(head.gbm != nil ? "GBM + EGL" : "dumb, double-buffered")",
                "position": "\(head.position)",
            ])
    }

    /// Frees `head`'s buffers and mode blob (its CRTC is off or shows another buffer).
    private func release(_ head: DRMHead) {
        head.gbm = nil
        for buffer in head.dumb { device.destroyDumbBuffer(buffer) }
        head.dumb = []
        if let blob = head.modeset?.modeBlob { device.destroyBlob(blob) }
        head.modeset = nil
        pacer.forget(crtc: head.crtc)
    }

    /// Positions the plugged heads by the layout; the scene is their bounding box (kept while none is plugged).
    private func arrange() {
        let plugged = heads.filter(\.plugged)
        for (head, position) in zip(plugged, layout.positions(plugged.map(\.plan.sceneSize)))
        where head.position != position {
            head.position = position
            head.owe(.full)
        }
        if let size = OutputLayout.sceneSize(plugged.map(\.rect)) { sceneSize = size }
    }

    /// The first connector showing frames drives the frame clock.
    private func updatePrimary() {
        let primary = heads.first(where: \.isShowing)
        pacer.setPrimary(primary?.crtc, refresh: primary?.plan.mode.mode.refresh)
    }

    func present(_ renderer: any Renderer, damage: Damage?) {
        let began = MonotonicClock.now()
        var primaryFlipped = false
        seatGate.enter()
        defer { seatGate.leave() }
        if !stopped, !seatGate.isPaused {
            let primary = pacer.primary
            for head in heads where head.isShowing {
                if let damage { head.owe(damage) }
                guard let owed = head.owed else { continue }
                guard !pacer.isFlipPending(crtc: head.crtc) else {
                    // Never two flips on one CRTC: this one shows the damage it keeps once its flip completed.
                    pacer.owe(crtc: head.crtc)
                    continue
                }
                do throws(DRMError) {
                    try show(head, owed, renderer)
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
        }
        if !primaryFlipped { pacer.frameComposed(now: MonotonicClock.now(), flipped: false) }
    }

    /// Copies or draws `head`'s rectangle of the scene (what `damage` touches, for dumb buffers) into its back
    /// buffer and queues the flip to it.
    private func show(_ head: DRMHead, _ damage: Damage, _ renderer: any Renderer) throws(DRMError) {
        guard let modeset = head.modeset else { return }
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
            try copy(renderer, head.stale[back], head, into: head.dumb[back], rotation: turn)
            head.stale[back] = .region([])
            framebuffer = head.dumb[back].framebuffer
            shownDumb = back
        }
        // Pending before the ioctl: the flip event can reach the loop thread before the ioctl returns here.
        pacer.flipQueuing(now: MonotonicClock.now(), crtc: head.crtc)
        do throws(DRMError) {
            try flip(head, to: framebuffer, atomic: modeset.atomic)
        } catch {
            pacer.flipFailed(crtc: head.crtc)
            head.gbm?.abandonLocked()
            throw error
        }
        head.gbm?.flipQueued()
        if let shownDumb { head.front = shownDumb }
    }

    /// The head `name` names (`""`: the first).
    private func head(named name: String) throws(DRMError) -> DRMHead {
        guard let head = name.isEmpty ? heads.first : heads.first(where: { $0.name == name }) else {
            throw .noConnector(device: device.path, wanted: name, available: heads.map(\.name))
        }
        return head
    }

    func apply(_ change: OutputChange, output name: String) throws(DRMError) -> PixelSize {
        seatGate.enter()
        defer { seatGate.leave() }
        guard !seatGate.isPaused else { throw .seatPaused }
        let head = try head(named: name)
        guard let modeset = head.modeset, !stopped else {
            throw .graphics(call: "output change", detail: "the display is not lit")
        }
        switch change {
        case .power(let on):
            guard head.plugged else {
                throw .graphics(call: "output change", detail: "connector \(head.name) is unplugged")
            }
            try setPower(head, on, atomic: modeset.atomic)
            head.powered = on
            if on { head.owe(.full) }
        case .mode(let request):
            let chosen: DisplayMode
            do throws(DisplayModeError) {
                chosen = try request.pick(from: head.plan.connector.modes.map(\.mode))
            } catch {
                throw .mode(error)
            }
            guard let mode = head.plan.connector.modes.first(where: { $0.mode == chosen }) else {
                throw .mode(.noModes)
            }
            var next = head.plan
            next.mode = mode
            try relight(head, next)
        case .rotation(let rotation):
            var next = head.plan
            next.rotation = rotation
            try relight(head, next)
        }
        arrange()
        updatePrimary()
        publish()
        return sceneSize
    }

    /// CRTC ACTIVE (atomic) or the connector's DPMS (legacy).
    private func setPower(_ head: DRMHead, _ on: Bool, atomic: Bool) throws(DRMError) {
        if atomic {
            try device.atomicCommit(
                try DRMModeset.powerWrites(head.plan, on: on), testOnly: false, allowModeset: true, flipEvent: false)
        } else {
            guard let dpms = head.plan.connector.properties["DPMS"] else {
                throw .missingProperty(object: "connector \(head.name)", name: "DPMS")
            }
            // DRM_MODE_DPMS_ON 0, DRM_MODE_DPMS_OFF 3.
            try device.setConnectorProperty(head.plan.connector.id, property: dpms.id, value: on ? 0 : 3)
        }
    }

    func connectorsChanged() throws(DRMError) -> PixelSize? {
        seatGate.enter()
        defer { seatGate.leave() }
        // A seat switched away re-probes when it comes back (`seatResumed`).
        guard !stopped, !seatGate.isPaused else { return nil }
        let resources = try device.resources()
        cardOrder = resources.connectors.map(\.name)
        let connectors = resources.connectors.map { (name: $0.name, connected: $0.connected && !$0.modes.isEmpty) }
        let decisions = watch.probed(connectors)
        guard !decisions.isEmpty else { return nil }
        var resized = false
        for decision in decisions {
            switch decision {
            case .darken(let name): resized = darken(name) || resized
            case .light(let name): resized = plug(name, resources) || resized
            }
        }
        arrange()
        updatePrimary()
        publish()
        return resized ? sceneSize : nil
    }

    /// `name` was unplugged: its CRTC goes inactive (the connector is gone, so a refusal is only logged). The
    /// last one left stays, dark, keeping the scene's size (frames keep being evaluated and drawn, not shown);
    /// any other is removed from the layout. True when the layout changed.
    private func darken(_ name: String) -> Bool {
        guard let index = heads.firstIndex(where: { $0.name == name }) else { return false }
        let head = heads[index]
        do throws(DRMError) {
            if let modeset = head.modeset { try setPower(head, false, atomic: modeset.atomic) }
        } catch {
            logger.warning("unplugged display not turned off", metadata: ["error": "\(error)"])
        }
        pacer.forget(crtc: head.crtc)
        logger.notice("display unplugged", metadata: ["connector": "\(name)"])
        guard heads.contains(where: { $0 !== head && $0.plugged }) else {
            head.plugged = false
            return false
        }
        release(head)
        heads.remove(at: index)
        return true
    }

    /// `name` was plugged in: lit on a CRTC and plane no other lit connector uses (the dark one kept after the
    /// last unplug is lit again in its place). One that cannot be lit stays dark with the reason logged. True
    /// when it was lit.
    private func plug(_ name: String, _ resources: DRMResources) -> Bool {
        let dark = heads.first { !$0.plugged }
        let others = heads.filter { $0.plugged }.map(\.plan)
        do throws(DRMError) {
            let next = try DRMModeset.plan(
                resources, device: device.path, connectorName: name, mode: modeRequest,
                rotation: dark?.plan.rotation ?? rotation, excluding: others)
            if let dark {
                try relight(dark, next)
                dark.plugged = true
            } else {
                let head = DRMHead(plan: next)
                try light(head)
                heads.append(head)
                let rank = { (name: String) in
                    self.watch.wanted?.firstIndex(of: name) ?? self.cardOrder.firstIndex(of: name) ?? Int.max
                }
                heads.sort { rank($0.name) < rank($1.name) }
            }
        } catch {
            logger.warning("display stays dark", metadata: ["connector": "\(name)", "error": "\(error)"])
            watch.failed(name)
            return false
        }
        logger.notice("display plugged", metadata: ["connector": "\(name)"])
        return true
    }

    func wantFrame() {
        pacer.wakeLoop()
    }

    /// The seat was disabled (VT switched away, the device's master is gone); on the loop thread, before the
    /// disable is acknowledged: waits for the ioctls in progress, then no ioctl at all until `seatResumed`, and
    /// the pacer plans no frames.
    func seatPaused() {
        seatGate.close()
        pacer.setPaused(true)
        logger.notice(
            "seat disabled: the display is left alone until it comes back", metadata: ["device": "\(device.path)"])
    }

    /// The seat is back (render thread): connectors that came or went meanwhile are followed, every lit
    /// connector is lit again (another session may have changed the CRTCs) and shows the whole scene at the
    /// next frame. A connector that cannot be lit again is logged and left dark; the first such error is thrown
    /// after the others are lit. Does nothing when the seat was disabled again before this ran.
    func seatResumed() throws(DRMError) -> PixelSize {
        seatGate.enter()
        defer { seatGate.leave() }
        guard !pacer.isSeatDisabled, seatGate.isPaused, !stopped else { return sceneSize }
        seatGate.open()
        _ = try connectorsChanged()
        var firstError: DRMError?
        for head in heads where head.plugged && head.modeset != nil {
            let wasPowered = head.powered
            do throws(DRMError) {
                try relight(head, head.plan)
                if !wasPowered, let modeset = head.modeset {
                    try setPower(head, false, atomic: modeset.atomic)
                    head.powered = false
                }
            } catch {
                logger.error("display not lit again", metadata: ["connector": "\(head.name)", "error": "\(error)"])
                firstError = firstError ?? error
            }
            head.owe(.full)
        }
        updatePrimary()
        publish()
        pacer.setPaused(false)
        logger.notice("seat enabled: displays lit again", metadata: ["outputs": "\(heads.count)"])
        if let firstError { throw firstError }
        return sceneSize
    }

    /// Lights `head` with `next`; on refusal lights the plan in force again and rethrows.
    private func relight(_ head: DRMHead, _ next: DRMOutputPlan) throws(DRMError) {
        let previous = head.plan
        let wasLit = head.modeset != nil && head.plugged
        let previousBlob = head.modeset?.modeBlob
        // Every successful light made a blob of its own: the one before goes either way.
        defer {
            if let previousBlob, previousBlob != head.modeset?.modeBlob { device.destroyBlob(previousBlob) }
        }
        head.plan = next
        do throws(DRMError) {
            try light(head)
        } catch {
            head.plan = previous
            // A display unplugged or never lit (waiting for one) has nothing to go back to.
            guard wasLit else { throw error }
            do throws(DRMError) {
                try light(head)
            } catch let again {
                logger.error("cannot light the previous mode again", metadata: ["error": "\(again)"])
            }
            throw error
        }
    }

    /// The renderer's pixels of `region` within `head`'s rectangle into `buffer` (not on screen).
    private func copy(
        _ renderer: any Renderer, _ region: Damage, _ head: DRMHead, into buffer: DRMDumbBuffer,
        rotation: OutputRotation
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

    private func flip(_ head: DRMHead, to framebuffer: UInt32, atomic: Bool) throws(DRMError) {
        if atomic {
            try device.atomicCommit(
                try DRMModeset.flipWrites(head.plan, framebuffer: framebuffer), testOnly: false, allowModeset: false,
                flipEvent: true)
        } else {
            try device.pageFlip(crtc: head.crtc, framebuffer: framebuffer)
        }
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        // The console's picture goes back before our buffers go (removing a shown buffer blanks the CRTC).
        device.restoreCRTC()
        for head in heads { release(head) }
        terminal?.restore()
    }
}
