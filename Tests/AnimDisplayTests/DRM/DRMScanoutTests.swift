import AnimRender
import Logging
import Testing

@testable import AnimDisplay

/// A renderer whose pixels are set by the test.
final class ScanoutFakeRenderer: Renderer {
    let info = RendererInfo(kind: .software, device: "fake", maxTextureSize: .max, isSoftwareRasterizer: false)
    var pixels: PixelBuffer

    init(pixels: PixelBuffer) { self.pixels = pixels }

    func render(_ list: DrawList, damage: Damage) throws(RenderError) -> RenderStats { RenderStats() }
    func readPixels(_ rect: PixelRect) throws(RenderError) -> PixelBuffer { pixels.cropped(to: rect) }
}

@Suite("DRM scan-out")
struct DRMScanoutTests {
    /// A 4x2 panel (60 Hz) on the standard fake's connector; the scene is 2x4 when turned a quarter.
    static func device(rotation: [String: UInt64]? = nil) -> DRMFakeDevice {
        var resources = DRMFakeDevice.standard(rotation: rotation)
        resources.connectors[1].modes = [
            DRMMode(mode: DisplayMode(name: "4x2", width: 4, height: 2, refresh: 60, isPreferred: true))
        ]
        return DRMFakeDevice(resources: resources)
    }

    static func scanout(_ device: DRMFakeDevice, rotation: OutputRotation) throws -> (DRMScanout, DRMFramePacer) {
        let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: rotation)
        let logger = Logger(label: "test")
        let pacer = DRMFramePacer(
            device: device, configuration: FrameSchedulerConfiguration(refreshInterval: 1.0 / 60), logger: logger)
        return (DRMScanout(device: device, plans: [plan], pacer: pacer, terminal: nil, logger: logger), pacer)
    }

    /// Scene pixels whose red channel is the pixel's index.
    static func scene(_ size: PixelSize) -> PixelBuffer {
        var bytes: [UInt8] = []
        for i in 0..<size.pixelCount { bytes += [UInt8(i), 0, 0, 255] }
        return PixelBuffer(size: size, bytes: bytes)
    }

    @Test("The software path lights the panel with a black dumb buffer and flips the other one, turned")
    func dumbFlips() throws {
        let device = Self.device()
        let (scanout, pacer) = try Self.scanout(device, rotation: .clockwise90)
        let sceneSize = PixelSize(width: 2, height: 4)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(sceneSize))
        _ = try scanout.start(renderer: renderer)
        #expect(device.dumbBuffers.count == 2)
        #expect(device.dumbBuffers.values.allSatisfy { $0.size == PixelSize(width: 4, height: 2) })
        let lit = try #require(device.commits.last?.writes.first { $0.object == 43 && $0.property == 4300 })
        #expect(device.commits.map(\.testOnly) == [true, false])

        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: .full)
        #expect(device.commits.count == 3)
        #expect(device.flipEvents.last == true)
        let flipped = try #require(device.commits.last?.writes.first)
        #expect(flipped.object == 43 && flipped.property == 4300 && flipped.value != lit.value)
        // The flipped buffer holds the scene turned a quarter clockwise...
        let buffer = try #require(device.dumbBuffers[UInt32(flipped.value)])
        for y in 0..<4 {
            for x in 0..<2 {
                let p = OutputRotation.clockwise90.panelPixel(x: x, y: y, scene: sceneSize)
                #expect(buffer.pixels[p.y * buffer.pitch + p.x * 4 + 2] == UInt8(y * 2 + x))
            }
        }
        // ...and the pacer waits for that flip.
        #expect(pacer.plan(wanted: 0.001, now: 0.001) == .waitForFlip)
        device.pendingFlips = [DRMFlipEvent(crtc: 32, sequence: 1, timestamp: 0.0167)]
        #expect(pacer.handleEvents())
        #expect(pacer.statistics.framesPresented == 1)

        // The next frame goes to the buffer that was lit first.
        _ = pacer.plan(wanted: 0.02, now: 0.02)
        _ = pacer.beginFrame(now: 0.02)
        scanout.present(renderer, damage: .full)
        #expect(device.commits.last?.writes.first?.value == lit.value)
    }

    /// Found in the kiosk VM: the loop thread read the flip's completion while the render thread was still
    /// inside the flip call, before the frame was marked as waiting for it, and the frame waited forever.
    @Test("A flip that completes before the flip call returns is counted, and the next frame is planned")
    func flipCompletingDuringTheCall() throws {
        let device = Self.device()
        let (scanout, pacer) = try Self.scanout(device, rotation: .none)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        device.duringFlip = {
            device.pendingFlips = [DRMFlipEvent(crtc: 32, sequence: 1, timestamp: 0.0167)]
            _ = pacer.handleEvents()
        }
        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: .full)
        #expect(pacer.statistics.framesPresented == 1)
        #expect(pacer.plan(wanted: 0.02, now: 0.02) != .waitForFlip)
    }

    @Test("A flip the kernel refuses ends the frame instead of waiting for it")
    func refusedFlipEndsTheFrame() throws {
        let device = Self.device()
        let (scanout, pacer) = try Self.scanout(device, rotation: .none)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        device.refuseFlips = true
        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: .full)
        #expect(pacer.statistics.framesPresented == 0)
        #expect(pacer.plan(wanted: 0.02, now: 0.02) != .waitForFlip)
    }

    @Test("Each dumb buffer gets the pixels drawn since it was last shown, and no others")
    func damage() throws {
        let device = Self.device()
        let (scanout, pacer) = try Self.scanout(device, rotation: .none)
        let size = PixelSize(width: 4, height: 2)
        let renderer = ScanoutFakeRenderer(pixels: PixelBuffer(size: size, bytes: [UInt8](repeating: 10, count: 32)))
        _ = try scanout.start(renderer: renderer)
        var now = 0.0
        func frame(_ damage: Damage, red: UInt8) throws -> DRMDumbBuffer {
            renderer.pixels = PixelBuffer(size: size, bytes: (0..<8).flatMap { _ in [red, 0, 0, 255] })
            _ = pacer.plan(wanted: now, now: now)
            _ = pacer.beginFrame(now: now)
            scanout.present(renderer, damage: damage)
            now += 1.0 / 60
            device.pendingFlips = [DRMFlipEvent(crtc: 32, sequence: 0, timestamp: now)]
            _ = pacer.handleEvents()
            let shown = try #require(device.commits.last?.writes.first?.value)
            return try #require(device.dumbBuffers[UInt32(shown)])
        }
        func reds(_ buffer: DRMDumbBuffer) -> [UInt8] {
            (0..<2).flatMap { y in (0..<4).map { x in buffer.pixels[y * buffer.pitch + x * 4 + 2] } }
        }
        // Both buffers start stale: each is filled whole the first time it is drawn, whatever the damage says.
        let first = try frame(.full, red: 1)
        #expect(reds(first) == [1, 1, 1, 1, 1, 1, 1, 1])
        let second = try frame(.region([PixelRect(x: 0, y: 0, width: 1, height: 1)]), red: 2)
        #expect(reds(second) == [2, 2, 2, 2, 2, 2, 2, 2])
        // The first buffer missed the 1x1 frame: it gets that pixel and this frame's, nothing else.
        let third = try frame(.region([PixelRect(x: 3, y: 1, width: 1, height: 1)]), red: 3)
        #expect(third.framebuffer == first.framebuffer)
        #expect(reds(third) == [3, 1, 1, 1, 1, 1, 1, 3])
    }

    @Test("A frame that changed nothing flips nothing and wakes the loop to plan again")
    func unchanged() throws {
        let device = Self.device()
        let (scanout, pacer) = try Self.scanout(device, rotation: .none)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        let woken = WakeCounter()
        pacer.setWake { woken.count += 1 }
        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: nil)
        #expect(device.commits.count == 2)
        #expect(woken.count == 1)
        #expect(pacer.plan(wanted: nil, now: 0.001) == .idle)
    }

    @Test("A refused flip is logged, not fatal: the frame ends without a flip")
    func refusedFlip() throws {
        let device = Self.device()
        let (scanout, pacer) = try Self.scanout(device, rotation: .none)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        let lit = try #require(device.commits.last?.writes.first { $0.property == 4300 }?.value)
        device.refuseFlips = true
        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: .full)
        #expect(pacer.plan(wanted: 0.001, now: 0.001) != .waitForFlip)
        // The buffer on screen is still the first one: the next frame is drawn into the other one again.
        device.refuseFlips = false
        _ = pacer.beginFrame(now: 0.002)
        scanout.present(renderer, damage: .full)
        let flipped = try #require(device.commits.last?.writes.first?.value)
        #expect(flipped != lit)
    }

    @Test("Without atomic the flips are drmModePageFlip")
    func legacy() throws {
        let device = Self.device()
        device.supportsAtomic = false
        let (scanout, pacer) = try Self.scanout(device, rotation: .upsideDown)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        #expect(device.legacyModesets.count == 1)
        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: .full)
        #expect(device.legacyFlips.count == 1)
        #expect(device.legacyFlips.first != device.legacyModesets.first?.framebuffer)
        // Turned upside down by the copy: scene pixel 0 is at the panel's last pixel.
        let shown = try #require(device.legacyFlips.first)
        let buffer = try #require(device.dumbBuffers[shown])
        #expect(buffer.pixels[1 * buffer.pitch + 3 * 4 + 2] == 0)
        #expect(buffer.pixels[2] == 7)
    }

    @Test("A plane that turns the picture gets scene-sized buffers and an unturned copy")
    func planeRotation() throws {
        let device = Self.device(rotation: DRMFakeDevice.allRotations)
        let (scanout, pacer) = try Self.scanout(device, rotation: .clockwise90)
        let renderer = ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 2, height: 4)))
        _ = try scanout.start(renderer: renderer)
        #expect(device.dumbBuffers.values.allSatisfy { $0.size == PixelSize(width: 2, height: 4) })
        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: .full)
        let flipped = try #require(device.commits.last?.writes.first)
        let buffer = try #require(device.dumbBuffers[UInt32(flipped.value)])
        #expect(buffer.pixels[1 * buffer.pitch + 0 * 4 + 2] == 2)
    }

    @Test("Stopping puts the console's CRTC back, then frees the buffers and the mode blob")
    func stop() throws {
        let device = Self.device()
        let (scanout, _) = try Self.scanout(device, rotation: .none)
        _ = try scanout.start(renderer: ScanoutFakeRenderer(pixels: Self.scene(PixelSize(width: 4, height: 2))))
        #expect(device.blobs.count == 1)
        scanout.stop()
        scanout.stop()
        #expect(device.restored == 1)
        #expect(device.dumbBuffers.isEmpty)
        #expect(device.blobs.isEmpty)
    }
}

@Suite("DRM output changes")
struct DRMOutputChangeTests {
    static func device() -> DRMFakeDevice {
        let device = DRMScanoutTests.device()
        device.fakeResources.connectors[1].modes.append(
            DRMMode(mode: DisplayMode(name: "2x2", width: 2, height: 2, refresh: 50)))
        return device
    }

    @Test("A new rotation relights the panel with the same buffers and turns the scene")
    func rotation() throws {
        let device = Self.device()
        let (scanout, _) = try DRMScanoutTests.scanout(device, rotation: .none)
        _ = try scanout.start(
            renderer: ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(PixelSize(width: 4, height: 2))))
        let buffers = Set(device.dumbBuffers.keys)
        #expect(try scanout.apply(.rotation(.clockwise270), output: "") == PixelSize(width: 2, height: 4))
        #expect(Set(device.dumbBuffers.keys) == buffers)
        #expect(device.commits.map(\.testOnly) == [true, false, true, false])
        #expect(device.blobs.count == 1)
        let description = scanout.outputDescriptions[0]
        #expect(description.rotation == .clockwise270 && description.sceneSize == PixelSize(width: 2, height: 4))
        #expect(description.modesetting == "atomic" && !description.planeRotates)
    }

    @Test("A new mode gets buffers of its size; one the connector lacks is refused and nothing changes")
    func mode() throws {
        let device = Self.device()
        let (scanout, _) = try DRMScanoutTests.scanout(device, rotation: .none)
        _ = try scanout.start(
            renderer: ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(PixelSize(width: 4, height: 2))))
        #expect(
            try scanout.apply(.mode(ModeRequest(width: 2, height: 2)), output: "") == PixelSize(width: 2, height: 2))
        #expect(device.dumbBuffers.values.allSatisfy { $0.size == PixelSize(width: 2, height: 2) })
        #expect(scanout.outputDescriptions[0].mode?.refresh == 50)
        let missing = ModeRequest(width: 9, height: 9)
        #expect(throws: DRMError.self) { try scanout.apply(.mode(missing), output: "") }
        #expect(scanout.outputDescriptions[0].sceneSize == PixelSize(width: 2, height: 2))
    }

    @Test("A refused relight puts the previous configuration back")
    func refusedRelight() throws {
        let device = Self.device()
        let (scanout, _) = try DRMScanoutTests.scanout(device, rotation: .none)
        _ = try scanout.start(
            renderer: ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(PixelSize(width: 4, height: 2))))
        // The driver refuses the 2x2 buffers' modeset (SRC_W of 2 pixels).
        device.refuseTest = { $0.contains { $0.property == 4304 && $0.value == 2 << 16 } }
        #expect(throws: DRMError.modesetRefused(connector: "Virtual-1", mode: "2x2@50.0", errno: 22)) {
            try scanout.apply(.mode(ModeRequest(width: 2, height: 2)), output: "")
        }
        #expect(scanout.outputDescriptions[0].mode?.width == 4)
        #expect(device.dumbBuffers.values.allSatisfy { $0.size == PixelSize(width: 4, height: 2) })
        #expect(device.blobs.count == 1)
    }

    @Test("Power off makes the CRTC inactive and stops flips; power on lights it again")
    func power() throws {
        let device = Self.device()
        let (scanout, pacer) = try DRMScanoutTests.scanout(device, rotation: .none)
        let renderer = ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        _ = try scanout.apply(.power(false), output: "")
        #expect(device.commits.last?.writes == [DRMPropertyWrite(object: 32, property: 3201, value: 0)])
        #expect(!scanout.outputDescriptions[0].powered)
        let commits = device.commits.count
        _ = pacer.plan(wanted: 0, now: 0)
        _ = pacer.beginFrame(now: 0)
        scanout.present(renderer, damage: .full)
        #expect(device.commits.count == commits)
        _ = try scanout.apply(.power(true), output: "")
        #expect(device.commits.last?.writes == [DRMPropertyWrite(object: 32, property: 3201, value: 1)])
        #expect(scanout.outputDescriptions[0].powered)
    }

    @Test("Without atomic, power goes through the connector's DPMS property")
    func legacyPower() throws {
        let device = Self.device()
        device.supportsAtomic = false
        let (scanout, _) = try DRMScanoutTests.scanout(device, rotation: .none)
        _ = try scanout.start(
            renderer: ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(PixelSize(width: 4, height: 2))))
        _ = try scanout.apply(.power(false), output: "")
        #expect(device.connectorWrites.last == DRMPropertyWrite(object: 12, property: 1201, value: 3))
    }
}

final class WakeCounter: @unchecked Sendable {
    var count = 0
}
