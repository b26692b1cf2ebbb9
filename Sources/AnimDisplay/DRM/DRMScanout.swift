import AnimRender
import AnimTransport
import Foundation
import Logging
import Synchronization

/// The DRM output's side of the render thread: lights the connector, then shows each frame by a page flip —
/// from two dumb buffers the scene is copied into (software renderer) or from a GBM surface the GLES
/// renderer's texture is drawn into. Flips go through atomic commits with a flip event (or drmModePageFlip
/// without atomic), never outside one, and one at a time: the pacer plans no frame while a flip is pending.
final class DRMScanout: Scanout, @unchecked Sendable {
    let device: any DRMDevice
    private(set) var plan: DRMOutputPlan
    let pacer: DRMFramePacer
    let logger: Logger
    private let terminal: VirtualTerminal?
    private(set) var modeset: DRMModesetResult?
    private var dumb: [DRMDumbBuffer] = []
    /// The dumb buffer on screen (or about to be, once its flip completes).
    private var front = 0
    /// Per dumb buffer, the scene pixels it shows older than the renderer's (each buffer misses what was
    /// drawn while the other one was shown).
    private var stale: [Damage] = [.full, .full]
    private var gbm: GBMScanoutTarget?
    /// The GBM device and EGL display the GLES renderers use, and the output renderer's EGL device.
    private var gbmDisplay: GBMDisplay?
    private var eglDevice: EGLDevice?
    private(set) var stopped = false
    private var usesGLES = false
    var powered = true
    /// Which connector is lit as connectors come and go (hotplug).
    private var watch: ConnectorWatch
    /// `--mode`, chosen again on a connector lit after a hotplug.
    private let modeRequest: ModeRequest?
    /// The lit connector was unplugged: no frames are shown until one is connected again.
    private(set) var unplugged = false
    /// What `animctl output` lists, published by the render thread for any thread to read.
    private let described: Mutex<OutputDescription>
    /// Held across each sequence of ioctls; closed while the seat is disabled (VT switched away).
    let seatGate = SeatGate()

    init(
        device: any DRMDevice, plan: DRMOutputPlan, pacer: DRMFramePacer, terminal: VirtualTerminal?,
        connector: String? = nil, mode: ModeRequest? = nil, waiting: Bool = false, logger: Logger
    ) {
        self.device = device
        // Waiting: no display yet, the first connector to appear is lit.
        watch = ConnectorWatch(wanted: connector, lit: waiting ? nil : plan.connector.name)
        unplugged = waiting
        modeRequest = mode
        self.plan = plan
        self.pacer = pacer
        self.terminal = terminal
        self.logger = logger
        described = Mutex(Self.describe(plan, device: device.path, modeset: nil, powered: !waiting))
    }

    var outputDescription: OutputDescription { described.withLock { $0 } }

    private static func describe(
        _ plan: DRMOutputPlan, device: String, modeset: DRMModesetResult?, powered: Bool
    ) -> OutputDescription {
        OutputDescription(
            name: plan.connector.name, device: device, sceneSize: plan.sceneSize, mode: plan.mode.mode,
            modes: plan.connector.modes.map(\.mode), rotation: plan.rotation,
            planeRotates: modeset?.planeRotates ?? false,
            powered: powered, modesetting: modeset.map { $0.atomic ? "atomic" : "legacy" })
    }

    func publish() {
        let description = Self.describe(plan, device: device.path, modeset: modeset, powered: powered && !unplugged)
        described.withLock { $0 = description }
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
        if eglDevice == nil, size == plan.sceneSize { eglDevice = egl }
        return renderer
    }

    /// The buffer size for a layout: the scene's when the plane turns it, the panel's otherwise.
    private func bufferSize(planeRotates: Bool) -> PixelSize { planeRotates ? plan.sceneSize : plan.panelSize }

    func start(renderer: any Renderer) throws(DRMError) {
        usesGLES = renderer is GLESRenderer && eglDevice != nil
        if unplugged {
            // Lit by the first hotplug that brings a connector; one may have come since the output was planned.
            _ = try connectorsChanged()
            return
        }
        try light()
    }

    /// Lights `plan` (a modeset with a blank first picture), making buffers of the size it needs.
    func light() throws(DRMError) {
        let result: DRMModesetResult
        if usesGLES, let eglDevice, let gbmDisplay {
            result = try DRMModeset.lightUp(device, plan: plan) { planeRotates throws(DRMError) in
                let size = bufferSize(planeRotates: planeRotates)
                if let gbm, gbm.size == size { return try gbm.blankFramebuffer() }
                gbm = nil
                let target = try GBMScanoutTarget(drm: device, gbm: gbmDisplay, egl: eglDevice, size: size)
                gbm = target
                return try target.blankFramebuffer()
            }
        } else {
            result = try DRMModeset.lightUp(device, plan: plan) { planeRotates throws(DRMError) in
                let size = bufferSize(planeRotates: planeRotates)
                if dumb.first?.size != size {
                    for buffer in dumb { device.destroyDumbBuffer(buffer) }
                    dumb = []
                    dumb = [try device.createDumbBuffer(size: size), try device.createDumbBuffer(size: size)]
                }
                front = 0
                return dumb[0].framebuffer
            }
        }
        modeset = result
        stale = [.full, .full]
        powered = true
        publish()
        logger.notice(
            "display lit",
            metadata: [
                "device": "\(device.path)", "connector": "\(plan.connector.name)", "mode": "\(plan.mode.mode)",
                "crtc": "\(plan.crtc.id)", "modesetting": "\(result.atomic ? "atomic" : "legacy")",
                "rotation":
                    "\(plan.rotation)\(plan.rotation == .none ? "" : result.planeRotates ? " (plane)" : " (renderer)")",
                "buffers": "\(gbm != nil ? "GBM + EGL" : "dumb, double-buffered")",
            ])
    }

    func present(_ renderer: any Renderer, damage: Damage?) {
        let began = MonotonicClock.now()
        seatGate.enter()
        defer { seatGate.leave() }
        guard let damage, powered, !unplugged, let modeset, !stopped, !seatGate.isPaused else {
            pacer.frameComposed(now: MonotonicClock.now(), flipped: false)
            return
        }
        let turn: OutputRotation = modeset.planeRotates ? .none : plan.rotation
        do throws(DRMError) {
            let framebuffer: UInt32
            var shownDumb: Int?
            if let gbm {
                guard let renderer = renderer as? GLESRenderer, let texture = renderer.outputTexture else {
                    throw .graphics(call: "present", detail: "the GBM scan-out needs the GLES renderer's texture")
                }
                framebuffer = try gbm.draw(texture: texture, scene: plan.sceneSize, rotation: turn)
            } else {
                let back = 1 - front
                for i in stale.indices { stale[i] = Self.union(stale[i], damage) }
                try copy(renderer, stale[back], into: dumb[back], rotation: turn)
                stale[back] = .region([])
                framebuffer = dumb[back].framebuffer
                shownDumb = back
            }
            // Pending before the ioctl: the flip event can reach the loop thread before the ioctl returns here.
            pacer.flipQueuing(now: MonotonicClock.now())
            do {
                try flip(to: framebuffer, atomic: modeset.atomic)
            } catch {
                pacer.flipFailed()
                throw error
            }
            gbm?.flipQueued()
            if let shownDumb { front = shownDumb }
        } catch {
            gbm?.abandonLocked()
            logger.error(
                "frame not shown", metadata: ["error": "\(error)", "after": "\(MonotonicClock.now() - began) s"])
            pacer.frameComposed(now: MonotonicClock.now(), flipped: false)
        }
    }

    func apply(_ change: OutputChange) throws(DRMError) -> PixelSize {
        seatGate.enter()
        defer { seatGate.leave() }
        guard !seatGate.isPaused else { throw .seatPaused }
        guard let modeset, !stopped else {
            throw .graphics(call: "output change", detail: "the display is not lit")
        }
        switch change {
        case .power(let on):
            guard !unplugged else {
                throw .graphics(call: "output change", detail: "connector \(plan.connector.name) is unplugged")
            }
            try setPower(on, atomic: modeset.atomic)
            powered = on
            publish()
        case .mode(let request):
            let chosen: DisplayMode
            do throws(DisplayModeError) {
                chosen = try request.pick(from: plan.connector.modes.map(\.mode))
            } catch {
                throw .mode(error)
            }
            guard let mode = plan.connector.modes.first(where: { $0.mode == chosen }) else { throw .mode(.noModes) }
            var next = plan
            next.mode = mode
            try relight(next)
        case .rotation(let rotation):
            var next = plan
            next.rotation = rotation
            try relight(next)
        }
        return plan.sceneSize
    }

    /// CRTC ACTIVE (atomic) or the connector's DPMS (legacy).
    func setPower(_ on: Bool, atomic: Bool) throws(DRMError) {
        if atomic {
            try device.atomicCommit(
                try DRMModeset.powerWrites(plan, on: on), testOnly: false, allowModeset: true, flipEvent: false)
        } else {
            guard let dpms = plan.connector.properties["DPMS"] else {
                throw .missingProperty(object: "connector \(plan.connector.name)", name: "DPMS")
            }
            // DRM_MODE_DPMS_ON 0, DRM_MODE_DPMS_OFF 3.
            try device.setConnectorProperty(plan.connector.id, property: dpms.id, value: on ? 0 : 3)
        }
    }

    func connectorsChanged() throws(DRMError) -> PixelSize? {
        seatGate.enter()
        defer { seatGate.leave() }
        // A seat switched away re-probes when it comes back (`seatResumed`).
        guard !stopped, !seatGate.isPaused else { return nil }
        let resources = try device.resources()
        let connectors = resources.connectors.map { (name: $0.name, connected: $0.connected && !$0.modes.isEmpty) }
        var decision = watch.probed(connectors)
        if case .darken(let name) = decision {
            // The CRTC goes inactive (the connector is gone, so a refusal is only logged); frames keep being
            // evaluated and drawn, not shown.
            do throws(DRMError) {
                if let modeset { try setPower(false, atomic: modeset.atomic) }
            } catch {
                logger.warning("unplugged display not turned off", metadata: ["error": "\(error)"])
            }
            unplugged = true
            publish()
            logger.notice("display unplugged", metadata: ["connector": "\(name)"])
            decision = watch.probed(connectors)
        }
        guard case .light(let name) = decision else { return nil }
        let next = try DRMModeset.plan(
            resources, device: device.path, connectorName: name, mode: modeRequest, rotation: plan.rotation)
        try relight(next)
        unplugged = false
        publish()
        logger.notice("display plugged", metadata: ["connector": "\(name)", "mode": "\(plan.mode.mode)"])
        return plan.sceneSize
    }

    func wantFrame() {
        pacer.wakeLoop()
    }

    /// Lights `next`; on refusal lights the plan in force again and rethrows.
    private func relight(_ next: DRMOutputPlan) throws(DRMError) {
        let previous = plan
        let wasLit = modeset != nil && !unplugged
        let previousBlob = modeset?.modeBlob
        // Every successful light made a blob of its own: the one before goes either way.
        defer {
            if let previousBlob, previousBlob != modeset?.modeBlob { device.destroyBlob(previousBlob) }
        }
        plan = next
        do throws(DRMError) {
            try light()
        } catch {
            plan = previous
            // A display unplugged or never lit (waiting for one) has nothing to go back to.
            guard wasLit else { throw error }
            do throws(DRMError) {
                try light()
            } catch let again {
                logger.error("cannot light the previous mode again", metadata: ["error": "\(again)"])
            }
            throw error
        }
    }

    /// The renderer's pixels of `region` into `buffer` (not on screen).
    private func copy(
        _ renderer: any Renderer, _ region: Damage, into buffer: DRMDumbBuffer, rotation: OutputRotation
    ) throws(DRMError) {
        let scene = PixelRect(size: plan.sceneSize)
        let rects: [PixelRect]
        switch region {
        case .full: rects = [scene]
        case .region(let list): rects = list.compactMap { $0.intersection(scene) }.filter { !$0.isEmpty }
        }
        for rect in rects {
            let pixels: PixelBuffer
            do throws(RenderError) {
                pixels = try renderer.readPixels(rect)
            } catch {
                throw .graphics(call: "readPixels(\(rect))", detail: "\(error)")
            }
            ScanoutCopy.copy(
                pixels, origin: (rect.x, rect.y), scene: plan.sceneSize, rotation: rotation, into: buffer.pixels,
                pitch: buffer.pitch)
        }
    }

    private static func union(_ a: Damage, _ b: Damage) -> Damage {
        switch (a, b) {
        case (.full, _), (_, .full): .full
        case (.region(let first), .region(let second)): .region(first + second)
        }
    }

    private func flip(to framebuffer: UInt32, atomic: Bool) throws(DRMError) {
        if atomic {
            try device.atomicCommit(
                try DRMModeset.flipWrites(plan, framebuffer: framebuffer), testOnly: false, allowModeset: false,
                flipEvent: true)
        } else {
            try device.pageFlip(crtc: plan.crtc.id, framebuffer: framebuffer)
        }
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        // The console's picture goes back before our buffers go (removing a shown buffer blanks the CRTC).
        device.restoreCRTC()
        gbm = nil
        for buffer in dumb { device.destroyDumbBuffer(buffer) }
        dumb = []
        if let blob = modeset?.modeBlob { device.destroyBlob(blob) }
        terminal?.restore()
    }
}
