import AnimRender
import CDRMShim
import CEGL
import CGBM
import CGLES3

/// A GBM surface the size of the scan-out with an EGL window surface on it: each frame the GLES renderer's
/// output texture is drawn into it (turned by the rotation), swapped, and its front buffer locked and flipped
/// to. A buffer is released once the next one is on screen.
final class GBMScanoutTarget {
    let size: PixelSize
    private let drm: any DRMDevice
    private let egl: EGLDevice
    private let surface: OpaquePointer
    private let eglSurface: EGLSurface
    private let copy: RotatedCopyProgram
    /// Framebuffers made for the surface's buffer objects (GBM reuses a handful).
    private var framebuffers: [OpaquePointer: UInt32] = [:]
    /// The buffer shown, the one whose flip is queued, and the one just locked.
    private var shown: OpaquePointer?
    private var queued: OpaquePointer?
    private var locked: OpaquePointer?

    init(drm: any DRMDevice, gbm: GBMDisplay, egl: EGLDevice, size: PixelSize) throws(DRMError) {
        self.drm = drm
        self.egl = egl
        self.size = size
        let format = cdrm_format_xrgb8888()
        let usage = GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue
        guard let surface = gbm_surface_create(gbm.device, UInt32(size.width), UInt32(size.height), format, usage)
        else {
            throw .graphics(call: "gbm_surface_create(\(size), XRGB8888)", detail: "refused by the GBM backend")
        }
        guard let config = Self.config(egl.display, visual: format) else {
            gbm_surface_destroy(surface)
            throw .graphics(call: "eglChooseConfig", detail: "no window config with an XRGB8888 visual")
        }
        // eglCreateWindowSurface (EGL 1.0; GBM displays may report 1.4) takes the gbm_surface as the native window.
        let window = EGLNativeWindowType(UInt(bitPattern: Int(bitPattern: UnsafeMutableRawPointer(surface))))
        guard let eglSurface = eglCreateWindowSurface(egl.display, config, window, nil) else {
            gbm_surface_destroy(surface)
            throw .graphics(
                call: "eglCreateWindowSurface(gbm_surface)", detail: "EGL error 0x\(String(eglGetError(), radix: 16))")
        }
        guard eglMakeCurrent(egl.display, eglSurface, eglSurface, egl.context) == EGL_TRUE else {
            eglDestroySurface(egl.display, eglSurface)
            gbm_surface_destroy(surface)
            throw .graphics(
                call: "eglMakeCurrent(window surface)", detail: "EGL error 0x\(String(eglGetError(), radix: 16))")
        }
        do throws(DRMError) {
            copy = try RotatedCopyProgram()
        } catch {
            eglDestroySurface(egl.display, eglSurface)
            gbm_surface_destroy(surface)
            throw error
        }
        self.surface = surface
        self.eglSurface = eglSurface
    }

    deinit {
        eglMakeCurrent(egl.display, nil, nil, egl.context)
        for framebuffer in framebuffers.values { drm.removeFramebuffer(framebuffer) }
        eglDestroySurface(egl.display, eglSurface)
        gbm_surface_destroy(surface)
    }

    private static func config(_ display: EGLDisplay, visual: UInt32) -> EGLConfig? {
        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_RED_SIZE, 8,
            EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE,
        ]
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, nil, 0, &count) == EGL_TRUE, count > 0 else { return nil }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(display, attributes, &configs, count, &count) == EGL_TRUE else { return nil }
        for case let config? in configs.prefix(Int(count)) {
            var id: EGLint = 0
            if eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &id) == EGL_TRUE,
                UInt32(bitPattern: id) == visual
            {
                return config
            }
        }
        return nil
    }

    /// The first picture: black, for the modeset.
    func blankFramebuffer() throws(DRMError) -> UInt32 {
        try makeCurrent()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST))
        let framebuffer = try swapAndLock()
        flipQueued()
        return framebuffer
    }

    /// Draws the `source` rectangle of `texture` (a scene of `scene` pixels, row 0 at the top: this output's
    /// part of it) over the whole surface turned by `rotation` and returns the framebuffer to flip to.
    func draw(texture: UInt32, scene: PixelSize, source: PixelRect, rotation: OutputRotation) throws(DRMError) -> UInt32
    {
        try makeCurrent()
        copy.draw(texture: texture, scene: scene, source: source, panel: size, rotation: rotation)
        return try swapAndLock()
    }

    /// The buffer locked last is now queued for a flip; the one queued before it is on screen, and the one on
    /// screen before that goes back to GBM (the pacer plans no frame before the previous flip completed).
    func flipQueued() {
        if let shown { gbm_surface_release_buffer(surface, shown) }
        shown = queued
        queued = locked
        locked = nil
    }

    /// The buffer locked last will not be flipped to (the flip was refused): it goes back to GBM.
    func abandonLocked() {
        if let locked { gbm_surface_release_buffer(surface, locked) }
        locked = nil
    }

    private func makeCurrent() throws(DRMError) {
        guard eglMakeCurrent(egl.display, eglSurface, eglSurface, egl.context) == EGL_TRUE else {
            throw .graphics(
                call: "eglMakeCurrent(window surface)", detail: "EGL error 0x\(String(eglGetError(), radix: 16))")
        }
    }

    private func swapAndLock() throws(DRMError) -> UInt32 {
        guard eglSwapBuffers(egl.display, eglSurface) == EGL_TRUE else {
            throw .graphics(call: "eglSwapBuffers", detail: "EGL error 0x\(String(eglGetError(), radix: 16))")
        }
        guard let bo = gbm_surface_lock_front_buffer(surface) else {
            throw .graphics(call: "gbm_surface_lock_front_buffer", detail: "no buffer")
        }
        if let existing = framebuffers[bo] {
            locked = bo
            return existing
        }
        do throws(DRMError) {
            let framebuffer = try drm.addFramebuffer(
                size: size, handle: gbm_bo_get_handle(bo).u32, pitch: Int(gbm_bo_get_stride(bo)))
            framebuffers[bo] = framebuffer
            locked = bo
            return framebuffer
        } catch {
            gbm_surface_release_buffer(surface, bo)
            throw error
        }
    }
}
