import AnimRender
import Glibc
import Logging
import Testing

@testable import AnimDisplay

/// A VT switched away and back, through a fake seat: the scan-out's side of the pause and the resume.
@Suite("DRM output and the seat")
struct DRMSeatTests {
    final class Rig {
        let device: DRMFakeDevice
        let seat: FakeSeatSession
        let watch: SeatWatch
        let pacer: DRMFramePacer
        let scanout: DRMScanout
        let renderer: ScanoutFakeRenderer
        /// A pipe stands for the card's descriptor.
        let card: [Int32]

        init(
            device: DRMFakeDevice, seat: FakeSeatSession, watch: SeatWatch, pacer: DRMFramePacer,
            scanout: DRMScanout, renderer: ScanoutFakeRenderer, card: [Int32]
        ) {
            self.device = device
            self.seat = seat
            self.watch = watch
            self.pacer = pacer
            self.scanout = scanout
            self.renderer = renderer
            self.card = card
        }

        deinit { for fd in card { close(fd) } }
    }

    /// A lit 4x2 panel whose seat events `watch` reads; the pause handler is the output's (the scan-out's).
    static func rig() throws -> Rig {
        let device = DRMScanoutTests.device()
        var card: [Int32] = [-1, -1]
        #expect(pipe(&card) == 0)
        device.fd = card[0]
        let seat = FakeSeatSession()
        let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: .none)
        let logger = Logger(label: "test")
        let pacer = DRMFramePacer(
            device: device, configuration: FrameSchedulerConfiguration(refreshInterval: 1.0 / 60), logger: logger)
        let watch = SeatWatch(seat: seat, logger: logger)
        let scanout = DRMScanout(
            device: device, plans: [plan], pacer: pacer, terminal: nil, seat: watch, logger: logger)
        watch.setHandlers(
            paused: {
                seat.note("pause scan-out")
                scanout.seatPaused()
            },
            resumed: { seat.note("resume asked") })
        let renderer = ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(PixelSize(width: 4, height: 2)))
        _ = try scanout.start(renderer: renderer)
        return Rig(
            device: device, seat: seat, watch: watch, pacer: pacer, scanout: scanout, renderer: renderer, card: card)
    }

    @Test("A disabled seat stops the scan-out before the disable is acknowledged; then no ioctl and no frame")
    func paused() throws {
        let r = try Self.rig()
        // The card and the seat are separate sources of the server's loop: no descriptor of the output's own.
        #expect(r.pacer.eventDescriptor == r.device.fd)
        #expect(r.watch.loopSource?.descriptor == r.seat.eventDescriptor)
        #expect(r.scanout.session?.summary == "libseat (fake, seat0)")
        // A frame waits for its flip when the VT is switched away.
        _ = r.pacer.plan(wanted: 0, now: 0)
        _ = r.pacer.beginFrame(now: 0)
        r.scanout.present(r.renderer, damage: .full)
        let commits = r.device.commits.count
        r.seat.queue(.disabled)
        #expect(r.watch.handleEvents())
        #expect(r.seat.log == ["pause scan-out", "acknowledge disable"])
        // Animations want frames; none is planned, and a frame already queued touches nothing.
        #expect(r.pacer.plan(wanted: 0.05, now: 0.05) == .idle)
        r.scanout.present(r.renderer, damage: .full)
        #expect(throws: DRMError.seatPaused) { try r.scanout.apply(.power(false), output: "") }
        #expect(try r.scanout.connectorsChanged() == nil)
        #expect(r.device.commits.count == commits)
        #expect(r.device.legacyFlips.isEmpty && r.device.connectorWrites.isEmpty)
    }

    @Test("An enabled seat relights the panel with a full modeset, and the next frame shows all of the scene")
    func resumed() throws {
        let r = try Self.rig()
        _ = r.pacer.plan(wanted: 0, now: 0)
        _ = r.pacer.beginFrame(now: 0)
        r.scanout.present(r.renderer, damage: .full)
        r.seat.queue(.disabled)
        _ = r.watch.handleEvents()
        r.seat.queue(.enabled)
        #expect(r.watch.handleEvents())
        #expect(r.seat.log.last == "resume asked")
        // Nothing is planned until the display is lit again.
        #expect(r.pacer.plan(wanted: 0.1, now: 0.1) == .idle)

        let before = r.device.commits.count
        _ = try r.scanout.seatResumed()
        // The flip pending at the pause never counts against planning: a frame is planned at once.
        #expect(r.pacer.plan(wanted: 0.1, now: 0.1) == .compose(start: 0.1, presentation: 0.1))
        // A TEST_ONLY commit, then the modeset itself, neither a flip.
        #expect(r.device.commits.dropFirst(before).map(\.testOnly) == [true, false])
        #expect(r.device.flipEvents.suffix(2) == [false, false])
        let lit = try #require(r.device.commits.last?.writes.first { $0.object == 43 && $0.property == 4300 })

        // The frame after it: the other buffer, every scene pixel copied in.
        _ = r.pacer.beginFrame(now: 0.1)
        r.scanout.present(r.renderer, damage: .full)
        #expect(r.device.flipEvents.last == true)
        let flipped = try #require(r.device.commits.last?.writes.first)
        #expect(flipped.object == 43 && flipped.property == 4300 && flipped.value != lit.value)
        let buffer = try #require(r.device.dumbBuffers[UInt32(flipped.value)])
        for y in 0..<2 {
            for x in 0..<4 { #expect(buffer.pixels[y * buffer.pitch + x * 4 + 2] == UInt8(y * 4 + x)) }
        }
    }

    @Test("A display turned off before the VT switch stays off when the seat comes back")
    func staysOff() throws {
        let r = try Self.rig()
        _ = try r.scanout.apply(.power(false), output: "")
        r.seat.queue(.disabled)
        _ = r.watch.handleEvents()
        r.seat.queue(.enabled)
        _ = r.watch.handleEvents()
        _ = try r.scanout.seatResumed()
        #expect(!r.scanout.outputDescriptions[0].powered)
        let active = try #require(r.device.commits.last?.writes.first { $0.object == 32 && $0.property == 3201 })
        #expect(active.value == 0)
    }

    @Test("A VT switched back and away again before the relight ran: the relight does nothing, the gate stays shut")
    func flickered() throws {
        let r = try Self.rig()
        r.seat.queue(.disabled, .enabled, .enabled, .disabled)
        #expect(r.watch.handleEvents())
        // Each disable is acknowledged; the second enable (logind says it twice) asks for no second relight.
        #expect(
            r.seat.log == [
                "pause scan-out", "acknowledge disable", "resume asked", "pause scan-out", "acknowledge disable",
            ])
        let commits = r.device.commits.count
        _ = try r.scanout.seatResumed()
        r.scanout.present(r.renderer, damage: .full)
        #expect(r.device.commits.count == commits)
        #expect(r.pacer.plan(wanted: 0, now: 0) == .idle)
    }

    @Test("A device opened by discovery goes through the session and is given back to it when dropped")
    func discovery() throws {
        let seat = FakeSeatSession()
        do {
            let device = try LibDRMDevice.discover(explicit: "/dev/null", environment: [:], session: seat)
            #expect(device.path == "/dev/null")
            #expect(seat.log == ["open /dev/null"])
        }
        #expect(seat.log == ["open /dev/null", "close /dev/null #7"])
    }
}
