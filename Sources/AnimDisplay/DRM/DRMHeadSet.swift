import AnimRender
import Logging
import Synchronization

/// The DRM output's head set: lights every connector (each a `DRMHead` with its own CRTC, plane, mode and
/// buffers, at its place in the layout), follows connectors plugged and unplugged, and makes the mode,
/// rotation and power changes `animctl output` asks for. The scene is rendered once, sized to the layout's
/// bounding box; `DRMPresenter` shows each frame on the heads this set lights. Every change goes through the
/// head's commit interface (`DRMCommitInterface`), whichever it is. Used on the render thread, holding the seat
/// gate across each sequence of ioctls (closed while the seat is disabled: the device is not ours).
final class DRMHeadSet {
    let device: any DRMDevice
    let pacer: DRMFramePacer
    private let logger: Logger
    private let layout: OutputLayout
    /// The lit connectors in layout order. While none is plugged the last one stays (dark): it keeps the
    /// scene's size and what `animctl output` lists.
    private(set) var heads: [DRMHead]
    /// The layout's bounding box: the renderer's size.
    private(set) var sceneSize: PixelSize
    /// The GBM device and EGL display the GLES renderers use, and the output renderer's EGL device.
    private var gbmDisplay: GBMDisplay?
    private var eglDevice: EGLDevice?
    private(set) var stopped = false
    private var usesGLES = false
    let seatGate: SeatGate
    /// The seat's events (nil: the device was opened without a session, in tests).
    private let seat: SeatWatch?
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
        device: any DRMDevice, plans: [DRMOutputPlan], pacer: DRMFramePacer, seatGate: SeatGate, seat: SeatWatch?,
        connectors: [String]?, mode: ModeRequest?, rotation: OutputRotation, layout: OutputLayout, waiting: Bool,
        logger: Logger
    ) {
        self.device = device
        heads = plans.map(DRMHead.init(plan:))
        for head in heads { head.plugged = !waiting }
        watch = ConnectorWatch(wanted: connectors, lit: waiting ? [] : Set(plans.map(\.connector.name)))
        modeRequest = mode
        self.rotation = rotation
        self.layout = layout
        self.pacer = pacer
        self.seatGate = seatGate
        self.seat = seat
        self.logger = logger
        sceneSize = plans.first?.sceneSize ?? PixelSize(width: 1280, height: 720)
        described = Mutex([])
        arrange()
        publish()
    }

    var outputDescriptions: [OutputDescription] { described.withLock { $0 } }

    /// The heads a frame is shown on: lit, powered and plugged.
    var showing: [DRMHead] { heads.filter(\.isShowing) }

    private func describe(_ head: DRMHead) -> OutputDescription {
        OutputDescription(
            name: head.name, device: device.path, sceneSize: head.plan.sceneSize, position: head.position,
            mode: head.plan.mode.mode, modes: head.plan.connector.modes.map(\.mode), rotation: head.plan.rotation,
            planeRotates: head.modeset?.planeRotates ?? false, powered: head.powered && head.plugged,
            modesetting: head.modeset?.modesetting)
    }

    private func publish() {
        let descriptions = heads.map(describe)
        described.withLock { $0 = descriptions }
    }

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
        let commits = DRMModeset.commitInterface(device, for: head.plan)
        if usesGLES, let eglDevice, let gbmDisplay {
            result = try DRMModeset.lightUp(commits, device: device, plan: head.plan) { planeRotates throws(DRMError) in
                let size = bufferSize(head, planeRotates: planeRotates)
                if let gbm = head.gbm, gbm.size == size { return try gbm.blankFramebuffer() }
                head.gbm = nil
                let target = try GBMScanoutTarget(drm: device, gbm: gbmDisplay, egl: eglDevice, size: size)
                head.gbm = target
                return try target.blankFramebuffer()
            }
        } else {
            result = try DRMModeset.lightUp(commits, device: device, plan: head.plan) { planeRotates throws(DRMError) in
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
        head.commits = commits
        head.stale = [.full, .full]
        head.powered = true
        pacer.forget(crtc: head.crtc)
        let plan = head.plan
        logger.notice(
            "display lit",
            metadata: [
                "device": "\(device.path)", "connector": "\(plan.connector.name)", "mode": "\(plan.mode.mode)",
                "crtc": "\(plan.crtc.id)", "modesetting": "\(result.modesetting)",
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
        head.commits = nil
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
        guard head.modeset != nil, !stopped else {
            throw .graphics(call: "output change", detail: "the display is not lit")
        }
        switch change {
        case .power(let on):
            guard head.plugged else {
                throw .graphics(call: "output change", detail: "connector \(head.name) is unplugged")
            }
            try setPower(head, on)
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

    /// Turns `head`'s display on or off through its commit interface (CRTC ACTIVE, or the connector's DPMS).
    private func setPower(_ head: DRMHead, _ on: Bool) throws(DRMError) {
        guard let commits = head.commits else {
            throw .graphics(call: "output change", detail: "the display is not lit")
        }
        try commits.commit(DRMHeadState(plan: head.plan, active: on), flags: .allowModeset)
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
            if head.modeset != nil { try setPower(head, false) }
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

    /// The seat is back (render thread): connectors that came or went meanwhile are followed, every lit
    /// connector is lit again (another session may have changed the CRTCs) and shows the whole scene at the
    /// next frame. A connector that cannot be lit again is logged and left dark; the first such error is thrown
    /// after the others are lit. Does nothing when the seat was disabled again before this ran.
    func seatResumed() throws(DRMError) -> PixelSize {
        seatGate.enter()
        defer { seatGate.leave() }
        guard seat?.isDisabled != true, seatGate.isPaused, !stopped else { return sceneSize }
        seatGate.open()
        _ = try connectorsChanged()
        var firstError: DRMError?
        for head in heads where head.plugged && head.modeset != nil {
            let wasPowered = head.powered
            do throws(DRMError) {
                try relight(head, head.plan)
                if !wasPowered, head.modeset != nil {
                    try setPower(head, false)
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

    /// Turns the displays back to what they showed before (the console's picture goes back before our buffers
    /// go: removing a shown buffer blanks the CRTC).
    func stop() {
        guard !stopped else { return }
        stopped = true
        device.restoreCRTC()
        for head in heads { release(head) }
    }
}
