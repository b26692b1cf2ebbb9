import AnimKit
import AnimTestSupport
import Foundation
import Testing

/// What the daemon does with `--output drm` on a machine without a usable DRM device (this one): a clear start
/// error naming the call and errno, and no socket left behind. The node is opened directly: a seat (libseat)
/// opens DRM nodes only. The display itself is exercised in tools/kiosk-vm.
@Suite struct DRMOutputTests {
    @Test func aNodeThatIsNoDRMDeviceIsAStartErrorWithoutASocket() throws {
        let folder = try TemporaryFolder()
        let socket = folder.url.appendingPathComponent("drm.sock").path
        let result = try BuiltProgram.run(
            "animserverd", ["--output", "drm", "--session", "direct", "--drm-device", "/dev/null", "--socket", socket])
        #expect(result.status == 1)
        #expect(result.standardError.contains("--output drm: drmModeGetResources failed"))
        #expect(result.standardError.contains("(errno 25)"))
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func displayOptionsNeedTheDRMOutputAndValidValues() throws {
        let headless = try BuiltProgram.run("animserverd", ["--rotation", "90"])
        #expect(headless.status != 0)
        #expect(headless.standardError.contains("need --output drm"))
        let session = try BuiltProgram.run("animserverd", ["--session", "libseat"])
        #expect(session.status != 0)
        #expect(session.standardError.contains("and --session need --output drm"))
        let rotation = try BuiltProgram.run("animserverd", ["--output", "drm", "--rotation", "45"])
        #expect(rotation.status != 0)
        #expect(rotation.standardError.contains("--rotation 45: must be 0, 90, 180 or 270"))
        let mode = try BuiltProgram.run("animserverd", ["--output", "drm", "--mode", "1920x1080@0"])
        #expect(mode.status != 0)
        #expect(mode.standardError.contains("--mode 1920x1080@0: must be WIDTHxHEIGHT or WIDTHxHEIGHT@HZ"))
        let layout = try BuiltProgram.run("animserverd", ["--layout", "mirror"])
        #expect(layout.status != 0)
        #expect(layout.standardError.contains("--layout, --mode, --rotation and --session need --output drm"))
        let sideways = try BuiltProgram.run("animserverd", ["--output", "drm", "--layout", "sideways"])
        #expect(sideways.status != 0)
        let empty = try BuiltProgram.run("animserverd", ["--output", "drm", "--connector", "DP-1,,DP-2"])
        #expect(empty.status != 0)
        #expect(empty.standardError.contains("--connector DP-1,,DP-2: a connector name or a comma list of them"))
        let twice = try BuiltProgram.run("animserverd", ["--output", "drm", "--connector", "DP-1,DP-1"])
        #expect(twice.status != 0)
        #expect(twice.standardError.contains("--connector DP-1,DP-1: a connector is named twice"))
    }

    @Test func animctlOutputListsTheHeadlessOutputAndRefusesChanges() throws {
        let daemon = try DaemonHarness()
        let list = try daemon.animctl(["output", "--json"])
        #expect(list.status == 0)
        let outputs = try InspectionJSON.decode(Array<InspectionDocuments.OutputEntry>.self, from: list.standardOutput)
        #expect(outputs.first?.name == "headless")
        #expect(outputs.first?.x == 0 && outputs.first?.y == 0)
        let text = try daemon.animctl(["output"])
        #expect(text.standardOutput.hasPrefix("headless: 160x120+0+0"))
        let rotate = try daemon.animctl(["output", "--rotation", "90"])
        #expect(rotate.status != 0)
        #expect(rotate.standardError.contains("the headless output has no display"))
    }

    @Test func animctlScreenshotCropsToAnOutputByName() throws {
        let daemon = try DaemonHarness()
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("headless.png").path
        let shot = try daemon.animctl(["screenshot", "--output", "headless", path])
        #expect(shot.status == 0)
        #expect(shot.standardOutput.contains(": 160x120, frame"))
        let unknown = try daemon.animctl(["screenshot", "--output", "DP-9", path])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("--output DP-9: no such output (this server has headless)"))
        let refused = try daemon.animctl(["output", "--output", "DP-9", "--power", "off"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("no such output (this server has headless)"))
    }
}
