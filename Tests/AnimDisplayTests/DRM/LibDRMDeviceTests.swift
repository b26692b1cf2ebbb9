import Testing

@testable import AnimDisplay

/// What needs no DRM device: the errors a wrong node gives, named by call and errno.
@Suite("libdrm device errors")
struct LibDRMDeviceTests {
    @Test("A node that does not exist fails at open with ENOENT")
    func missing() {
        #expect(throws: DRMError.session(.callFailed(backend: "direct", call: "open(/nonexistent/card9)", errno: 2))) {
            try LibDRMDevice(path: "/nonexistent/card9")
        }
    }

    @Test("A node that is no DRM device fails at its first DRM ioctl with ENOTTY")
    func notDRM() throws {
        let device = try LibDRMDevice(path: "/dev/null")
        #expect(!device.supportsAtomic)
        #expect(throws: DRMError.callFailed(call: "drmModeGetResources", errno: 25)) { try device.resources() }
        #expect(throws: DRMError.self) { try device.createDumbBuffer(size: .init(width: 4, height: 4)) }
    }

    @Test("ANIMSERVER_DRM_DEVICE names the node when --drm-device does not; the flag wins")
    func environment() throws {
        let fromEnvironment = try LibDRMDevice.discover(
            explicit: nil, environment: ["ANIMSERVER_DRM_DEVICE": "/dev/null"])
        #expect(fromEnvironment.path == "/dev/null")
        #expect(throws: DRMError.session(.callFailed(backend: "direct", call: "open(/nonexistent/card9)", errno: 2))) {
            try LibDRMDevice.discover(
                explicit: "/nonexistent/card9", environment: ["ANIMSERVER_DRM_DEVICE": "/dev/null"])
        }
    }

    @Test("The error text names the call and the errno")
    func text() {
        #expect(
            DRMError.callFailed(call: "drmModeGetResources", errno: 25).description
                == "drmModeGetResources failed: Inappropriate ioctl for device (errno 25)")
        #expect(
            DRMError.modesetRefused(connector: "HDMI-A-1", mode: "1920x1080@60.0", errno: 22).description
                == "the driver refused 1920x1080@60.0 on HDMI-A-1 in a TEST_ONLY commit: Invalid argument (errno 22)")
    }
}
