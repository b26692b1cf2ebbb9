import CEGL
import Logging
import Synchronization

/// An EGL display with a GLES 3 context current on the creating thread, without any config or surface: the
/// renderer draws into its own framebuffer objects. The surfaceless initialiser opens Mesa's surfaceless
/// platform (tests, headless output); `init(display:)` takes a display opened elsewhere (GBM for DRM output).
public final class EGLDevice {
    private static let logger = Logger(label: "animserver.render.egl")

    public let display: EGLDisplay
    public let context: EGLContext
    /// The context's GLES version (3.2 when the driver offers it, else 3.0).
    let contextVersion: (major: Int, minor: Int)
    /// Whether this object opened the display and so releases it (`DisplayUsers`).
    private let ownsDisplay: Bool

    /// Opens Mesa's surfaceless platform (EGL 1.5 `eglGetPlatformDisplay`, no window system).
    convenience init() throws(RenderError) {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw Self.failure("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)", "no surfaceless display")
        }
        try self.init(display: display, ownsDisplay: true)
    }

    /// Uses `display` (already obtained, e.g. from a GBM device): initialises it if needed and creates the context.
    public convenience init(display: EGLDisplay) throws(RenderError) {
        try self.init(display: display, ownsDisplay: false)
    }

    private init(display: EGLDisplay, ownsDisplay: Bool) throws(RenderError) {
        var major: EGLint = 0
        var minor: EGLint = 0
        if ownsDisplay {
            try DisplayUsers.acquire(display, &major, &minor)
        } else {
            guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
                throw Self.failure("eglInitialize", "the display could not be initialised")
            }
        }
        // eglGetPlatformDisplay, which opens the surfaceless display, is EGL 1.5; a display opened elsewhere (GBM
        // through the client extension) may report 1.4, where the context attributes come from KHR_create_context.
        let required = ownsDisplay ? 5 : 4
        guard major > 1 || (major == 1 && minor >= required) else {
            if ownsDisplay { DisplayUsers.release(display) }
            throw .graphicsUnavailable(
                call: "eglInitialize", code: 0, detail: "EGL \(major).\(minor) is older than 1.\(required)")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            let error = Self.failure("eglBindAPI(EGL_OPENGL_ES_API)", "no OpenGL ES support")
            if ownsDisplay { DisplayUsers.release(display) }
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
            if ownsDisplay { DisplayUsers.release(display) }
            throw error
        }
        // EGL_NO_SURFACE is nil: KHR_surfaceless_context.
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            let error = Self.failure("eglMakeCurrent(no surface)", "the context could not be made current")
            eglDestroyContext(display, context)
            if ownsDisplay { DisplayUsers.release(display) }
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
        if ownsDisplay { DisplayUsers.release(display) }
    }

    /// Makes the context current again (another EGL user on this thread may have changed it).
    func makeCurrent() throws(RenderError) {
        guard eglGetCurrentContext() != context else { return }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw Self.failure("eglMakeCurrent", "the context could not be made current")
        }
    }

    static func failure(_ call: String, _ detail: String) -> RenderError {
        let code = Int(eglGetError())
        return .graphicsUnavailable(call: call, code: code, detail: detail)
    }
}

/// eglGetPlatformDisplay returns one display per platform for the whole process, and eglTerminate on it destroys
/// every context on it: renderers on several threads share it, and the last one to go terminates it.
private enum DisplayUsers {
    private static let counts = Mutex<[Int: Int]>([:])

    static func acquire(_ display: EGLDisplay, _ major: inout EGLint, _ minor: inout EGLint) throws(RenderError) {
        let key = Int(bitPattern: display)
        var version = (major, minor)
        // Initialised under the lock so a concurrent last release cannot terminate it in between.
        let initialised = counts.withLock { counts in
            guard eglInitialize(display, &version.0, &version.1) == EGL_TRUE else { return false }
            counts[key, default: 0] += 1
            return true
        }
        guard initialised else { throw EGLDevice.failure("eglInitialize", "the display could not be initialised") }
        (major, minor) = version
    }

    static func release(_ display: EGLDisplay) {
        let key = Int(bitPattern: display)
        counts.withLock { counts in
            let left = (counts[key] ?? 1) - 1
            counts[key] = left > 0 ? left : nil
            if left <= 0 { eglTerminate(display) }
        }
    }
}
