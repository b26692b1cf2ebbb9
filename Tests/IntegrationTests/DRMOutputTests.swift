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
    }

    @Test func animctlOutputListsTheHeadlessOutputAndRefusesChanges() throws {
        let daemon = try DaemonHarness()
        let list = try daemon.animctl(["output", "--json"])
        #expect(list.status == 0)
        let outputs = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(outputs.first?["name"] as? String == "headless")
        let rotate = try daemon.animctl(["output", "--rotation", "90"])
        #expect(rotate.status != 0)
        #expect(rotate.standardError.contains("the headless output has no display"))
    }
}
