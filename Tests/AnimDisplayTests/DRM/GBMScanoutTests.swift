import AnimCore
import AnimRender
import Glibc
import Logging
import Testing

@testable import AnimDisplay

/// The GLES path as far as a machine without /dev/dri takes it: Mesa's GBM opens on any descriptor and EGL
/// comes up on it (llvmpipe), but no scan-out buffer can be allocated, so the first swap fails.
@Suite("GBM scan-out without a DRM device")
struct GBMScanoutTests {
    static let size = PixelSize(width: 8, height: 4)

    @Test("EGL on GBM makes the GLES renderer, the window surface and the copy program; the swap fails typed")
    func surface() throws {
        let device = try LibDRMDevice(path: "/dev/null")
        let display = try GBMDisplay(fd: device.fd)
        let egl = try EGLDevice(display: display.display)
        let renderer = try GLESRenderer(device: egl, size: Self.size, maxTextureSize: nil)
        #expect(renderer.info.kind == .gles)
        let target = try GBMScanoutTarget(drm: device, gbm: display, egl: egl, size: Self.size)
        _ = try renderer.render(DrawList(size: Self.size, clearColor: Color(red: 1, green: 0, blue: 0)), damage: .full)
        let texture = try #require(renderer.outputTexture)
        // EGL_BAD_ALLOC: GBM cannot create a buffer on a node without dumb buffers.
        #expect(throws: DRMError.graphics(call: "eglSwapBuffers", detail: "EGL error 0x3003")) {
            try target.draw(
                texture: texture, scene: Self.size, source: PixelRect(size: Self.size), rotation: .clockwise90)
        }
        // The copy put the renderer's state back: it keeps drawing into its own framebuffer.
        _ = try renderer.render(DrawList(size: Self.size, clearColor: Color(red: 0, green: 1, blue: 0)), damage: .full)
        #expect(try renderer.readPixels(PixelRect(x: 7, y: 3, width: 1, height: 1)).bytes == [0, 255, 0, 255])
    }

    @Test("The scan-out picks the GBM path for the GLES renderer it made, and a failed first picture is a start error")
    func start() throws {
        let device = DRMFakeDevice(resources: DRMScanoutTests.device().fakeResources)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        device.fd = null
        let (scanout, _) = try DRMScanoutTests.scanout(device, rotation: .none)
        let renderer = try scanout.makeGLESRenderer(size: PixelSize(width: 4, height: 2), maxTextureSize: nil)
        #expect(throws: DRMError.graphics(call: "eglSwapBuffers", detail: "EGL error 0x3003")) {
            _ = try scanout.start(renderer: renderer)
        }
        // No dumb buffers were made, no commit was tried, and the mode blob went.
        #expect(device.dumbBuffers.isEmpty)
        #expect(device.commits.isEmpty)
        #expect(device.blobs.isEmpty)
    }
}
