import AnimRender
import Logging
import Synchronization
import Testing

@testable import AnimDisplay

/// Several connectors, each an output of one scene: CRTC assignment, layout, per-connector scan-out and
/// pacing, control by name, hotplug and seat pause/resume, on the fake device.
@Suite("DRM: several connectors")
struct MultiOutputTests {
    static let wide = PixelSize(width: 4, height: 2)
    static let small = PixelSize(width: 2, height: 2)

    /// DP-1 (4x2) and DP-2 (2x2), both able to use either of two CRTCs.
    static func twoConnected() -> DRMFakeDevice {
        DRMFakeDevice(
            resources: DRMFakeDevice.multi([("DP-1", wide, 0b11), ("DP-2", small, 0b11)], crtcs: 2))
    }

    static func scanout(
        _ device: DRMFakeDevice, layout: OutputLayout = .extend, rotation: OutputRotation = .none
    ) throws -> (DRMScanout, DRMFramePacer) {
        let planned = try DRMModeset.plans(device.fakeResources, device: device.path, mode: nil, rotation: rotation)
        let logger = Logger(label: "test")
        let pacer = DRMFramePacer(
            device: device, configuration: FrameSchedulerConfiguration(refreshInterval: 1.0 / 60), logger: logger)
        let scanout = DRMScanout(
            device: device, plans: planned.plans, pacer: pacer, terminal: nil, rotation: rotation, layout: layout,
            logger: logger)
        return (scanout, pacer)
    }

    /// Scene pixels whose red channel is `red`, or the pixel's index when nil.
    static func scene(_ size: PixelSize, red: UInt8? = nil) -> PixelBuffer {
        var bytes: [UInt8] = []
        for i in 0..<size.pixelCount { bytes += [red ?? UInt8(i), 0, 0, 255] }
        return PixelBuffer(size: size, bytes: bytes)
    }

    /// The red channel of every pixel of `buffer`, row by row.
    static func reds(_ buffer: DRMDumbBuffer) -> [UInt8] {
        (0..<buffer.size.height).flatMap { y in
            (0..<buffer.size.width).map { x in buffer.pixels[y * buffer.pitch + x * 4 + 2] }
        }
    }

    static func frame(
        _ scanout: DRMScanout, _ pacer: DRMFramePacer, _ renderer: any Renderer, _ damage: Damage?, at now: Double
    ) {
        _ = pacer.plan(wanted: now, now: now)
        _ = pacer.beginFrame(now: now)
        scanout.present(renderer, damage: damage)
    }

    // MARK: CRTC assignment

    @Test("Each connector gets a CRTC and primary plane no earlier connector took; one left without is dark")
    func crtcAssignment() throws {
        let resources = DRMFakeDevice.multi(
            [("DP-1", Self.wide, 0b011), ("DP-2", Self.small, 0b011), ("HDMI-A-1", Self.small, 0b001)], crtcs: 3)
        let planned = try DRMModeset.plans(resources, device: "/dev/dri/fake0", mode: nil, rotation: .none)
        #expect(planned.plans.map(\.connector.name) == ["DP-1", "DP-2"])
        #expect(planned.plans.map(\.crtc.id) == [31, 32])
        #expect(planned.plans.map(\.plane?.id) == [41, 42])
        #expect(planned.dark.map(\.connector) == ["HDMI-A-1"])
        #expect(planned.dark.map(\.reason) == [.noCRTC(connector: "HDMI-A-1")])
    }

    @Test("A connector keeps the CRTC it has when free; --connector picks and orders; none connected is an error")
    func crtcAssignmentOrderAndPreference() throws {
        var resources = DRMFakeDevice.multi(
            [("DP-1", Self.wide, 0b111), ("DP-2", Self.small, 0b111), ("DP-3", nil, 0b111)], crtcs: 3)
        resources.connectors[1].currentCRTC = 31
        let planned = try DRMModeset.plans(resources, device: "/dev/dri/fake0", mode: nil, rotation: .none)
        // DP-1 comes first and takes the first free CRTC (31); DP-2 cannot keep 31 while another is free.
        #expect(planned.plans.map(\.crtc.id) == [31, 32])
        let reversed = try DRMModeset.plans(
            resources, device: "/dev/dri/fake0", connectorNames: ["DP-2", "DP-1"], mode: nil, rotation: .none)
        #expect(reversed.plans.map(\.connector.name) == ["DP-2", "DP-1"])
        #expect(reversed.plans.map(\.crtc.id) == [31, 32])
        #expect(throws: DRMError.noConnector(device: "/dev/dri/fake0", wanted: "DP-3", available: ["DP-1", "DP-2"])) {
            try DRMModeset.plans(
                resources, device: "/dev/dri/fake0", connectorNames: ["DP-3"], mode: nil, rotation: .none)
        }
    }

    // MARK: Layout

    @Test("Extend lays outputs left to right, tops aligned; mirror puts each at the origin; rotation turns sizes")
    func layout() {
        let sizes = [PixelSize(width: 4, height: 2), PixelSize(width: 2, height: 3)]
        let extend = OutputLayout.extend.positions(sizes)
        #expect(extend == [OutputPosition(x: 0, y: 0), OutputPosition(x: 4, y: 0)])
        let rects = zip(extend, sizes).map { PixelRect(x: $0.x, y: $0.y, width: $1.width, height: $1.height) }
        #expect(OutputLayout.sceneSize(rects) == PixelSize(width: 6, height: 3))
        #expect(OutputLayout.mirror.positions(sizes) == [OutputPosition(x: 0, y: 0), OutputPosition(x: 0, y: 0)])
        #expect(OutputLayout.sceneSize(sizes.map { PixelRect(size: $0) }) == PixelSize(width: 4, height: 3))
        #expect(OutputLayout.sceneSize([]) == nil)
    }

    @Test("The scan-out's scene is the layout's bounding box, each output listed at its position")
    func scanoutLayout() throws {
        let (extended, _) = try Self.scanout(Self.twoConnected())
        #expect(extended.sceneSize == PixelSize(width: 6, height: 2))
        #expect(
            extended.outputDescriptions.map(\.position) == [OutputPosition(x: 0, y: 0), OutputPosition(x: 4, y: 0)])
        let (mirrored, _) = try Self.scanout(Self.twoConnected(), layout: .mirror)
        #expect(mirrored.sceneSize == PixelSize(width: 4, height: 2))
        #expect(
            mirrored.outputDescriptions.map(\.position) == [OutputPosition(x: 0, y: 0), OutputPosition(x: 0, y: 0)])
        // A quarter turn: DP-1's scene is 2x4, DP-2's 2x2 beside it.
        let (turned, _) = try Self.scanout(Self.twoConnected(), rotation: .clockwise90)
        #expect(turned.sceneSize == PixelSize(width: 4, height: 4))
        #expect(turned.outputDescriptions.map(\.position) == [OutputPosition(x: 0, y: 0), OutputPosition(x: 2, y: 0)])
        #expect(turned.outputDescriptions.map(\.sceneSize) == [PixelSize(width: 2, height: 4), Self.small])
    }

    // MARK: Presenting

    @Test("Each connector's buffer gets its own rectangle of the scene, and each CRTC its own flip")
    func presentCopiesEachRectangle() throws {
        let device = Self.twoConnected()
        let (scanout, pacer) = try Self.scanout(device)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 6, height: 2)))
        _ = try scanout.start(renderer: renderer)
        #expect(device.commits.filter { !$0.testOnly }.count == 2)
        #expect(device.saved == [31, 32])
        Self.frame(scanout, pacer, renderer, .full, at: 0)
        let first = try #require(device.flips(onPlane: 41).last)
        let second = try #require(device.flips(onPlane: 42).last)
        // Scene pixel (x, y) has red 6y + x: DP-1 shows columns 0-3, DP-2 columns 4-5.
        #expect(Self.reds(try #require(device.dumbBuffers[first])) == [0, 1, 2, 3, 6, 7, 8, 9])
        #expect(Self.reds(try #require(device.dumbBuffers[second])) == [4, 5, 10, 11])
        #expect(pacer.isFlipPending(crtc: 31) && pacer.isFlipPending(crtc: 32))
    }

    @Test("Mirrored, each connector shows the scene's top-left at its own size")
    func presentMirrored() throws {
        let device = Self.twoConnected()
        let (scanout, pacer) = try Self.scanout(device, layout: .mirror)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        Self.frame(scanout, pacer, renderer, .full, at: 0)
        let second = try #require(device.flips(onPlane: 42).last)
        #expect(Self.reds(try #require(device.dumbBuffers[second])) == [0, 1, 4, 5])
    }

    // MARK: Pacing

    @Test("Only the primary's flips drive the frame clock; a secondary's end its own pending flip")
    func flipRouting() throws {
        let device = Self.twoConnected()
        let (scanout, pacer) = try Self.scanout(device)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 6, height: 2)))
        _ = try scanout.start(renderer: renderer)
        #expect(pacer.primary == 31)
        Self.frame(scanout, pacer, renderer, .full, at: 0)
        device.pendingFlips = [DRMFlipEvent(crtc: 32, sequence: 1, timestamp: 0.016)]
        #expect(pacer.handleEvents())
        #expect(!pacer.isFlipPending(crtc: 32))
        #expect(pacer.statistics.framesPresented == 0)
        #expect(pacer.plan(wanted: 0.02, now: 0.02) == .waitForFlip)
        device.pendingFlips = [DRMFlipEvent(crtc: 31, sequence: 1, timestamp: 0.0167)]
        #expect(pacer.handleEvents())
        #expect(pacer.statistics.framesPresented == 1)
        #expect(pacer.plan(wanted: 0.02, now: 0.02) != .waitForFlip)
    }

    @Test("A secondary whose flip is pending skips the frame, then shows the union of the damage it missed")
    func secondaryCatchesUp() throws {
        let device = Self.twoConnected()
        let (scanout, pacer) = try Self.scanout(device)
        let redraws = WakeCounter()
        pacer.setRedraw { redraws.count += 1 }
        let size = PixelSize(width: 6, height: 2)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(size, red: 1))
        _ = try scanout.start(renderer: renderer)
        func complete(_ crtcs: [UInt32], at time: Double) {
            device.pendingFlips = crtcs.map { DRMFlipEvent(crtc: $0, sequence: 0, timestamp: time) }
            _ = pacer.handleEvents()
        }
        // Frame 1 fills both of DP-2's buffers' first (the other is still the blank modeset one).
        Self.frame(scanout, pacer, renderer, .full, at: 0)
        complete([31, 32], at: 0.016)
        // Frame 2 redraws (4, 0): DP-2 shows it; only the primary's flip completes.
        renderer.pixels = Self.scene(size, red: 2)
        Self.frame(scanout, pacer, renderer, .region([PixelRect(x: 4, y: 0, width: 1, height: 1)]), at: 0.02)
        complete([31], at: 0.033)
        let dp2Flips = device.flips(onPlane: 42).count
        // Frame 3 redraws (5, 0) while DP-2's flip is pending: DP-2 skips it, DP-1 flips.
        renderer.pixels = Self.scene(size, red: 3)
        Self.frame(scanout, pacer, renderer, .region([PixelRect(x: 5, y: 0, width: 1, height: 1)]), at: 0.04)
        #expect(device.flips(onPlane: 42).count == dp2Flips)
        #expect(device.flips(onPlane: 41).count == 3)
        complete([31], at: 0.05)
        #expect(redraws.count == 0)
        // DP-2's flip completes: a redraw is asked for, the still scene's next frame catches DP-2 up.
        complete([32], at: 0.051)
        #expect(redraws.count == 1)
        renderer.pixels = Self.scene(size, red: 4)
        Self.frame(scanout, pacer, renderer, .region([PixelRect(x: 4, y: 1, width: 1, height: 1)]), at: 0.06)
        let shown = try #require(device.flips(onPlane: 42).last)
        #expect(device.flips(onPlane: 42).count == dp2Flips + 1)
        // The buffer last filled by frame 1 (red 1) gets frame 2's, 3's and 4's pixels, nothing else.
        #expect(Self.reds(try #require(device.dumbBuffers[shown])) == [4, 4, 4, 1])
    }

    @Test("The primary unplugged: the next connector becomes primary, its flips pace, the scene shrinks")
    func primaryUnplugged() throws {
        let device = Self.twoConnected()
        let (scanout, pacer) = try Self.scanout(device)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 6, height: 2)))
        _ = try scanout.start(renderer: renderer)
        let woken = WakeCounter()
        pacer.setWake { woken.count += 1 }
        Self.frame(scanout, pacer, renderer, .full, at: 0)
        #expect(pacer.plan(wanted: 0.001, now: 0.001) == .waitForFlip)
        device.plug("DP-1", nil)
        #expect(try scanout.connectorsChanged() == Self.small)
        // DP-1's CRTC is turned off; the frame waiting for its flip is over.
        #expect(device.commits.last?.writes == [DRMPropertyWrite(object: 31, property: 3101, value: 0)])
        #expect(pacer.primary == 32)
        #expect(woken.count >= 1)
        #expect(pacer.plan(wanted: 0.002, now: 0.002) != .waitForFlip)
        #expect(scanout.outputDescriptions.map(\.name) == ["DP-2"])
        #expect(scanout.outputDescriptions.map(\.position) == [OutputPosition(x: 0, y: 0)])
        device.pendingFlips = [DRMFlipEvent(crtc: 32, sequence: 1, timestamp: 0.0167)]
        _ = pacer.handleEvents()
        Self.frame(scanout, pacer, renderer, .full, at: 0.02)
        device.pendingFlips = [DRMFlipEvent(crtc: 32, sequence: 2, timestamp: 0.033)]
        _ = pacer.handleEvents()
        #expect(pacer.statistics.framesPresented == 1)
    }

    @Test("Powering the primary off hands the frame clock to the next lit connector")
    func primaryPoweredOff() throws {
        let device = Self.twoConnected()
        let (scanout, pacer) = try Self.scanout(device)
        _ = try scanout.start(renderer: ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 6, height: 2))))
        #expect(try scanout.apply(.power(false), output: "DP-1") == PixelSize(width: 6, height: 2))
        #expect(pacer.primary == 32)
        #expect(scanout.outputDescriptions.map(\.powered) == [false, true])
        _ = try scanout.apply(.power(true), output: "DP-1")
        #expect(pacer.primary == 31)
    }

    // MARK: Control

    @Test("The frame clock follows the primary's mode: another refresh rate, or another CRTC, predicts anew")
    func pacerFollowsThePrimarysMode() {
        let device = Self.twoConnected()
        let pacer = DRMFramePacer(
            device: device, configuration: FrameSchedulerConfiguration(refreshInterval: 1.0 / 60),
            logger: Logger(label: "test"))
        func show(on crtc: UInt32, composed: Double, flip: Double, sequence: UInt64) {
            _ = pacer.beginFrame(now: composed)
            pacer.flipQueuing(now: composed + 0.001, crtc: crtc)
            device.pendingFlips = [DRMFlipEvent(crtc: crtc, sequence: sequence, timestamp: flip)]
            _ = pacer.handleEvents()
        }
        func composes(_ decision: FrameScheduler.Decision, start: Double, presentation: Double) -> Bool {
            guard case .compose(let s, let p) = decision else { return false }
            return abs(s - start) < 1e-9 && abs(p - presentation) < 1e-9
        }
        pacer.setPrimary(31, refresh: 60)
        #expect(pacer.statistics.refreshInterval == 1.0 / 60)
        // A frame shown at a vblank of CRTC 31: the next one aims at that CRTC's next vblank.
        _ = pacer.plan(wanted: 1, now: 1)
        show(on: 31, composed: 1, flip: 1.01, sequence: 100)
        #expect(
            composes(pacer.plan(wanted: 1.02, now: 1.02), start: 1.01 + 1.0 / 60 - 0.004, presentation: 1.01 + 1.0 / 60)
        )
        // The primary's mode changes to 50 Hz: the interval is the new mode's and the frame goes out at once.
        pacer.setPrimary(31, refresh: 50)
        #expect(pacer.statistics.refreshInterval == 1.0 / 50)
        #expect(composes(pacer.plan(wanted: 1.03, now: 1.03), start: 1.03, presentation: 1.03))
        // The same mode again changes nothing: the next vblank follows the last flip.
        show(on: 31, composed: 1.03, flip: 1.05, sequence: 101)
        pacer.setPrimary(31, refresh: 50)
        #expect(composes(pacer.plan(wanted: 1.06, now: 1.06), start: 1.07 - 0.004, presentation: 1.07))
        // Another CRTC (its own vblank phase and sequence numbers) at the same rate: predicted anew, and its
        // lower sequence numbers are no shared vblank.
        pacer.setPrimary(32, refresh: 50)
        #expect(composes(pacer.plan(wanted: 1.06, now: 1.06), start: 1.06, presentation: 1.06))
        show(on: 32, composed: 1.06, flip: 1.075, sequence: 7)
        #expect(pacer.statistics.sharedVblanks == 0)
        #expect(pacer.statistics.framesPresented == 3)
    }

    @Test("A change names its output: the others keep theirs, the layout follows; an unknown name is refused")
    func controlByName() throws {
        let device = Self.twoConnected()
        let (scanout, _) = try Self.scanout(device)
        _ = try scanout.start(renderer: ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 6, height: 2))))
        // DP-1 turned a quarter: its scene is 2x4, DP-2 moves to x = 2 and the scene grows to 4x4.
        #expect(try scanout.apply(.rotation(.clockwise90), output: "DP-1") == PixelSize(width: 4, height: 4))
        #expect(scanout.outputDescriptions.map(\.rotation) == [.clockwise90, .none])
        #expect(scanout.outputDescriptions.map(\.position) == [OutputPosition(x: 0, y: 0), OutputPosition(x: 2, y: 0)])
        #expect(throws: DRMError.noConnector(device: device.path, wanted: "HDMI-A-9", available: ["DP-1", "DP-2"])) {
            try scanout.apply(.power(false), output: "HDMI-A-9")
        }
        // "" is the first output.
        _ = try scanout.apply(.rotation(.none), output: "")
        #expect(scanout.sceneSize == PixelSize(width: 6, height: 2))
    }

    // MARK: Hotplug

    @Test("A second connector plugged joins the layout, unplugged leaves it; the last one stays, dark")
    func hotplugSecond() throws {
        let device = DRMFakeDevice(
            resources: DRMFakeDevice.multi([("DP-1", Self.wide, 0b11), ("DP-2", nil, 0b11)], crtcs: 2))
        let (scanout, pacer) = try Self.scanout(device)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 6, height: 2)))
        _ = try scanout.start(renderer: renderer)
        #expect(scanout.sceneSize == Self.wide)
        #expect(try scanout.connectorsChanged() == nil)

        device.plug("DP-2", Self.small)
        #expect(try scanout.connectorsChanged() == PixelSize(width: 6, height: 2))
        #expect(scanout.outputDescriptions.map(\.name) == ["DP-1", "DP-2"])
        #expect(scanout.outputDescriptions.last?.position == OutputPosition(x: 4, y: 0))
        Self.frame(scanout, pacer, renderer, .full, at: 0)
        #expect(device.flips(onPlane: 42).count == 1)

        device.plug("DP-2", nil)
        #expect(try scanout.connectorsChanged() == Self.wide)
        #expect(scanout.outputDescriptions.map(\.name) == ["DP-1"])
        #expect(!pacer.isFlipPending(crtc: 32))
        // DP-2's buffers and blob are gone; DP-1's stay.
        #expect(device.dumbBuffers.count == 2 && device.blobs.count == 1)

        device.plug("DP-1", nil)
        #expect(try scanout.connectorsChanged() == nil)
        #expect(scanout.sceneSize == Self.wide)
        #expect(scanout.outputDescriptions.map(\.powered) == [false])
        #expect(pacer.primary == nil)
    }

    @Test("A connector plugged with no CRTC left stays dark with a reason, and the others go on")
    func hotplugWithoutCRTC() throws {
        let device = DRMFakeDevice(
            resources: DRMFakeDevice.multi([("DP-1", Self.wide, 0b1), ("DP-2", nil, 0b1)], crtcs: 1))
        let (scanout, _) = try Self.scanout(device)
        _ = try scanout.start(renderer: ScanoutFakeRenderer(pixels: Self.scene(Self.wide)))
        device.plug("DP-2", Self.small)
        #expect(try scanout.connectorsChanged() == nil)
        #expect(scanout.outputDescriptions.map(\.name) == ["DP-1"])
        // DP-1 unplugged frees the CRTC: the next probe lights DP-2 in the kept dark output's place.
        device.plug("DP-1", nil)
        #expect(try scanout.connectorsChanged() == Self.small)
        #expect(scanout.outputDescriptions.map(\.name) == ["DP-2"])
        #expect(scanout.outputDescriptions.map(\.powered) == [true])
    }

    @Test("A connector whose modeset is refused at start stays dark and leaves the layout; the scene shrinks")
    func refusedAtStart() throws {
        let device = Self.twoConnected()
        // The driver refuses any TEST_ONLY commit on DP-2's plane (42).
        device.refuseTest = { $0.contains { $0.object == 42 } }
        let (scanout, pacer) = try Self.scanout(device)
        #expect(scanout.sceneSize == PixelSize(width: 6, height: 2))
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(Self.wide))
        #expect(try scanout.start(renderer: renderer) == Self.wide)
        #expect(scanout.outputDescriptions.map(\.name) == ["DP-1"])
        #expect(device.blobs.count == 1 && device.dumbBuffers.count == 2)
        Self.frame(scanout, pacer, renderer, .full, at: 0)
        #expect(device.flips(onPlane: 41).count == 1 && device.flips(onPlane: 42).isEmpty)
        // Every connector refused: the first refusal is the start error.
        device.refuseTest = { _ in true }
        let (none, _) = try Self.scanout(device)
        #expect(throws: DRMError.modesetRefused(connector: "DP-1", mode: "4x2@60.0 (preferred)", errno: 22)) {
            try none.start(renderer: renderer)
        }
    }

    // MARK: Seat

    @Test("Seat paused: no ioctl, no frame planned; resumed: every connector relit and shown whole")
    func seatPauseAndResume() throws {
        let device = Self.twoConnected()
        let (scanout, pacer) = try Self.scanout(device)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 6, height: 2)))
        _ = try scanout.start(renderer: renderer)
        let redraws = WakeCounter()
        pacer.setRedraw { redraws.count += 1 }
        Self.frame(scanout, pacer, renderer, .full, at: 0)
        let commits = device.commits.count
        scanout.seatPaused()
        #expect(pacer.plan(wanted: 0.02, now: 0.02) == .idle)
        scanout.present(renderer, damage: .full)
        #expect(try scanout.connectorsChanged() == nil)
        #expect(throws: DRMError.self) { try scanout.apply(.power(false), output: "DP-2") }
        #expect(device.commits.count == commits)

        _ = try scanout.seatResumed()
        #expect(redraws.count == 1)
        // A TEST_ONLY and a real modeset per connector.
        #expect(device.commits.suffix(4).map(\.testOnly) == [true, false, true, false])
        #expect(!pacer.isFlipPending(crtc: 31) && !pacer.isFlipPending(crtc: 32))
        #expect(pacer.plan(wanted: 0.03, now: 0.03) != .idle)
        _ = pacer.beginFrame(now: 0.03)
        // Nothing new was drawn, yet both show the whole scene again.
        scanout.present(renderer, damage: nil)
        #expect(device.flips(onPlane: 41).count == 2 && device.flips(onPlane: 42).count == 2)
        #expect(device.blobs.count == 2)
    }
}

@Suite("DRM: CRTC assignment")
struct CRTCAssignmentTests {
    @Test("An earlier connector moves to another of its CRTCs so a later one that can use only one is lit")
    func augmentingPath() throws {
        // DP-1 could take either CRTC; HDMI-A-1 only the first: greedy would leave HDMI-A-1 dark.
        let resources = DRMFakeDevice.multi(
            [("DP-1", MultiOutputTests.wide, 0b11), ("HDMI-A-1", MultiOutputTests.small, 0b01)], crtcs: 2)
        let planned = try DRMModeset.plans(resources, device: "/dev/dri/fake0", mode: nil, rotation: .none)
        #expect(planned.plans.map(\.crtc.id) == [32, 31])
        #expect(planned.plans.map(\.plane?.id) == [42, 41])
        #expect(planned.dark.isEmpty)
    }

    @Test("The matching lights as many as the masks allow and keeps current CRTCs where it can")
    func matching() {
        #expect(CRTCAssignment.assign([(0b11, nil), (0b01, nil)], crtcCount: 2) == [1, 0])
        #expect(CRTCAssignment.assign([(0b11, 1), (0b11, nil)], crtcCount: 2) == [1, 0])
        #expect(CRTCAssignment.assign([(0b11, nil), (0b11, 0)], crtcCount: 2) == [0, 1])
        #expect(CRTCAssignment.assign([(0b01, nil), (0b01, nil), (0b110, nil)], crtcCount: 3) == [0, nil, 1])
        // A mask naming CRTCs the card does not have gives nothing.
        #expect(CRTCAssignment.assign([(0b100, nil)], crtcCount: 2) == [nil])
    }
}

@Suite("GBM scan-out: an output's rectangle of the scene texture")
struct RotatedCopySourceTests {
    @Test("The panel's corners sample the output's rectangle, turned by its rotation")
    func sourceCorners() {
        let scene = PixelSize(width: 8, height: 4)
        let source = PixelRect(x: 4, y: 0, width: 4, height: 2)
        // Upright: top-left, bottom-left, top-right, bottom-right of the rectangle.
        let upright = RotatedCopyProgram.sourceCorners(
            scene: scene, source: source, panel: PixelSize(width: 4, height: 2), rotation: .none)
        #expect(upright.map(\.x) == [0.5, 0.5, 1, 1] && upright.map(\.y) == [0, 0.5, 0, 0.5])
        // A quarter turn clockwise on a 2x4 panel: its top-left shows the rectangle's bottom-left.
        let turned = RotatedCopyProgram.sourceCorners(
            scene: scene, source: source, panel: PixelSize(width: 2, height: 4), rotation: .clockwise90)
        #expect(turned.map(\.x) == [0.5, 1, 0.5, 1] && turned.map(\.y) == [0.5, 0.5, 0, 0])
    }
}
