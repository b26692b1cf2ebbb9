import CEGL
import Logging

/// An EGL display with a GLES 3 context current on the creating thread, without any config or surface: the
/// renderer draws into its own framebuffer objects. The surfaceless initialiser opens Mesa's surfaceless
/// platform (tests, headless output); `init(display:)` takes a display opened elsewhere (GBM for DRM output).
final class EGLDevice {
    private static let logger = Logger(label: "animserver.render.egl")

    let display: EGLDisplay
    let context: EGLContext
    /// The context's GLES version (3.2 when the driver offers it, else 3.0).
    let contextVersion: (major: Int, minor: Int)
    /// Whether this object called eglInitialize and so must call eglTerminate.
    private let ownsDisplay: Bool

    /// Opens Mesa's surfaceless platform (EGL 1.5 `eglGetPlatformDisplay`, no window system).
    convenience init() throws(RenderError) {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw Self.failure("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)", "no surfaceless display")
        }
        try self.init(display: display, ownsDisplay: true)
    }

    /// Uses `display` (already obtained, e.g. from a GBM device): initialises it if needed and creates the context.
    convenience init(display: EGLDisplay) throws(RenderError) {
        try self.init(display: display, ownsDisplay: false)
    }

    private init(display: EGLDisplay, ownsDisplay: Bool) throws(RenderError) {
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw Self.failure("eglInitialize", "the display could not be initialised")
        }
        guard major > 1 || (major == 1 && minor >= 5) else {
            if ownsDisplay { eglTerminate(display) }
            throw .graphicsUnavailable(
                call: "eglInitialize", code: 0, detail: "EGL \(major).\(minor) is older than 1.5")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            let error = Self.failure("eglBindAPI(EGL_OPENGL_ES_API)", "no OpenGL ES support")
            if ownsDisplay { eglTerminate(display) }
            throw error
        }
        // 3.2 first (KHR_debug in core), then 3.0, the version the renderer needs.
        var created: (EGLContext, Int, Int)?
        for (wantMajor, wantMinor) in [(3, 2), (3, 0)] {
            let attributes: [EGLint] = [
                EGLint(EGL_CONTEXT_MAJOR_VERSION), EGLint(wantMajor), EGLint(EGL_CONTEXT_MINOR_VERSION),
                EGLint(wantMinor), EGLint(EGL_NONE),
            ]
            // EGL_NO_CONFIG_KHR and EGL_NO_CONTEXT are nil (cast macros do not import).
            if let context = eglCreateContext(display, nil, nil, attributes) {
                created = (context, wantMajor, wantMinor)
                break
            }
        }
        guard let (context, contextMajor, contextMinor) = created else {
            let error = Self.failure("eglCreateContext(GLES 3.0, no config)", "no GLES 3 context")
            if ownsDisplay { eglTerminate(display) }
            throw error
        }
        // EGL_NO_SURFACE is nil: KHR_surfaceless_context.
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            let error = Self.failure("eglMakeCurrent(no surface)", "the context could not be made current")
            eglDestroyContext(display, context)
            if ownsDisplay { eglTerminate(display) }
            throw error
        }
        self.display = display
        self.context = context
        self.contextVersion = (contextMajor, contextMinor)
        self.ownsDisplay = ownsDisplay
        Self.logger.debug("EGL \(major).\(minor): GLES \(contextMajor).\(contextMinor) context")
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        if ownsDisplay { eglTerminate(display) }
    }

    /// Makes the context current again (another EGL user on this thread may have changed it).
    func makeCurrent() throws(RenderError) {
        guard eglGetCurrentContext() != context else { return }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw Self.failure("eglMakeCurrent", "the context could not be made current")
        }
    }

    private static func failure(_ call: String, _ detail: String) -> RenderError {
        let code = Int(eglGetError())
        return .graphicsUnavailable(call: call, code: code, detail: detail)
    }
}
