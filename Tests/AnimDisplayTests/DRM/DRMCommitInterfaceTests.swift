import AnimRender
import Logging
import Testing

@testable import AnimDisplay

/// The commit interface (`DRMCommitInterface`): the atomic and the legacy implementation are handed the same
/// states and leave the same picture on the display, compared on a device that keeps what each CRTC shows.
@Suite("DRM commit interface")
struct DRMCommitInterfaceTests {
    static let panel = PixelSize(width: 4, height: 2)
    static let smaller = PixelSize(width: 2, height: 1)

    /// The standard fake's connected Virtual-1 (CRTC 32, plane 43) with a 4x2 and a 2x1 mode.
    static func device(atomic: Bool) -> KMSModelDevice {
        var resources = DRMFakeDevice.standard()
        resources.connectors[1].modes = [
            DRMMode(mode: DisplayMode(name: "4x2", width: 4, height: 2, refresh: 60, isPreferred: true)),
            DRMMode(mode: DisplayMode(name: "2x1", width: 2, height: 1, refresh: 60)),
        ]
        return KMSModelDevice(resources: resources, atomic: atomic)
    }

    @Test("Each interface is chosen by the device and the plane; the rest of the output only names it")
    func choice() throws {
        let atomic = Self.device(atomic: true)
        let plan = try DRMModeset.plan(atomic.fakeResources, device: atomic.path, mode: nil, rotation: .none)
        #expect(DRMModeset.commitInterface(atomic, for: plan).name == "atomic")
        #expect(DRMModeset.commitInterface(Self.device(atomic: false), for: plan).name == "legacy")
        var planeless = plan
        planeless.plane = nil
        #expect(DRMModeset.commitInterface(atomic, for: planeless).name == "legacy")
    }

    @Test("The same states through each interface: lit, flipped, off, on, another mode — the same display")
    func sameStateDirect() throws {
        var shown: [[KMSModelDevice.Shown]] = []
        var flips: [[UInt32]] = []
        for atomic in [true, false] {
            let device = Self.device(atomic: atomic)
            let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: .none)
            let interface = DRMModeset.commitInterface(device, for: plan)
            var smaller = plan
            smaller.mode = try #require(plan.connector.modes.first { $0.mode.width == 2 })
            let steps: [(DRMHeadState, DRMCommitFlags)] = [
                (
                    DRMHeadState(plan: plan, framebuffer: 7, modeBlob: try interface.createModeBlob(plan.mode)),
                    .allowModeset
                ),
                (DRMHeadState(plan: plan, framebuffer: 8), .pageFlipEvent),
                (DRMHeadState(plan: plan, active: false), .allowModeset),
                (DRMHeadState(plan: plan, active: true), .allowModeset),
                (DRMHeadState(plan: plan, framebuffer: 7), .pageFlipEvent),
                (
                    DRMHeadState(
                        plan: smaller, framebuffer: 9, modeBlob: try interface.createModeBlob(smaller.mode)),
                    .allowModeset
                ),
            ]
            var seen: [KMSModelDevice.Shown] = []
            for (state, flags) in steps {
                // A test commit changes nothing, whichever interface makes it.
                try interface.commit(state, flags: flags.union(.testOnly))
                #expect(device.shown[32] == seen.last, "\(interface.name): a test commit changed the display")
                try interface.commit(state, flags: flags)
                seen.append(try #require(device.shown[32]))
            }
            shown.append(seen)
            flips.append(device.flipEvents)
        }
        #expect(shown[0] == shown[1])
        #expect(flips[0] == flips[1])
        // What both left, step by step.
        #expect(
            shown[0].map { "\($0.on) \($0.framebuffer ?? 0) \($0.mode ?? "")" } == [
                "true 7 4x2@60.0 (preferred)", "true 8 4x2@60.0 (preferred)", "false 8 4x2@60.0 (preferred)",
                "true 8 4x2@60.0 (preferred)", "true 7 4x2@60.0 (preferred)", "true 9 2x1@60.0",
            ])
        #expect(flips[0] == [32, 32])
    }

    @Test("The scan-out drives both interfaces to the same display: lit, frames, power off and on, a new mode")
    func sameStateThroughTheScanout() throws {
        var histories: [[KMSModelDevice.Shown?]] = []
        for atomic in [true, false] {
            let device = Self.device(atomic: atomic)
            let plan = try DRMModeset.plan(device.fakeResources, device: device.path, mode: nil, rotation: .none)
            let logger = Logger(label: "test")
            let pacer = DRMFramePacer(
                device: device, configuration: FrameSchedulerConfiguration(refreshInterval: 1.0 / 60), logger: logger)
            let scanout = DRMScanout(device: device, plans: [plan], pacer: pacer, terminal: nil, logger: logger)
            let renderer = ScanoutFakeRenderer(pixels: DRMScanoutTests.scene(Self.panel))
            var history: [KMSModelDevice.Shown?] = []
            func frame(_ damage: Damage, at now: Double) {
                _ = pacer.plan(wanted: now, now: now)
                _ = pacer.beginFrame(now: now)
                scanout.present(renderer, damage: damage)
                // The loop reads the flip's completion from the card.
                _ = pacer.handleEvents()
                history.append(device.shown[32])
            }
            _ = try scanout.start(renderer: renderer)
            history.append(device.shown[32])
            frame(.full, at: 0)
            renderer.pixels = MultiOutputTests.scene(Self.panel, red: 200)
            frame(.region([PixelRect(x: 1, y: 0, width: 2, height: 2)]), at: 0.02)
            _ = try scanout.apply(.power(false), output: "")
            history.append(device.shown[32])
            _ = try scanout.apply(.power(true), output: "")
            history.append(device.shown[32])
            frame(.full, at: 0.04)
            _ = try scanout.apply(.mode(ModeRequest(width: 2, height: 1)), output: "")
            renderer.pixels = DRMScanoutTests.scene(Self.smaller)
            history.append(device.shown[32])
            frame(.full, at: 0.06)
            #expect(scanout.outputDescriptions[0].modesetting == (atomic ? "atomic" : "legacy"))
            histories.append(history)
        }
        #expect(histories[0] == histories[1])
        // Not two empty histories: the frames reached the panel, the power went off and came back.
        let atomic = histories[0].map { $0?.description ?? "nothing" }
        #expect(atomic.first?.hasPrefix("connector 12 4x2@60.0 (preferred) on") == true)
        #expect(histories[0][1]?.reds == [0, 1, 2, 3, 4, 5, 6, 7])
        // The other buffer missed the first frame too: all of it is copied.
        #expect(histories[0][2]?.reds == Array(repeating: 200, count: 8))
        #expect(histories[0][3]?.on == false && histories[0][4]?.on == true)
        // The new mode is lit black, then shows the scene of its size.
        #expect(histories[0][6]?.mode == "2x1@60.0" && histories[0][6]?.reds == [0, 0])
        #expect(histories[0][7]?.reds == [0, 1])
    }
}
