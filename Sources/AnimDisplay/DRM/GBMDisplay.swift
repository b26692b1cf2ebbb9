import AnimRender
import CDRMShim
import CEGL
import CGBM

/// A GBM device on the DRM descriptor and the EGL display on it (`EGL_PLATFORM_GBM_KHR`), where the GLES
/// renderer's contexts live when the output is a DRM device.
final class GBMDisplay {
    let device: OpaquePointer
    let display: EGLDisplay

    init(fd: Int32) throws(RenderError) {
        guard let device = gbm_create_device(fd) else {
            throw .graphicsUnavailable(call: "gbm_create_device", code: 0, detail: "no GBM backend for the DRM device")
        }
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), UnsafeMutableRawPointer(device), nil)
        else {
            gbm_device_destroy(device)
            throw .graphicsUnavailable(
                call: "eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR)", code: Int(eglGetError()), detail: "no EGL display")
        }
        self.device = device
        self.display = display
    }

    deinit {
        // The display goes with the process: contexts of the output's renderers may still be on it.
        gbm_device_destroy(device)
    }
}
