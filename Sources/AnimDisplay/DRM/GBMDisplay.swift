import AnimRender
import CDRMShim
import CEGL
import CGBM

/// A GBM device on the DRM descriptor and the EGL display on it (`EGL_PLATFORM_GBM_KHR`), where the GLES
/// renderer's contexts live when the output is a DRM device. Both stay until the process ends: EGL keeps the
/// display (and its pointer to the GBM device) for the process, and renderers' contexts on it may outlive
/// whoever made it, so destroying the device would leave EGL a dangling pointer.
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
}
