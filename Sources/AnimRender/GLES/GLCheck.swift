import CEGL
import CGLES3
import Logging

/// GL error checks and the KHR_debug log.
enum GLCheck {
    static let logger = Logger(label: "animserver.render.gles")

    /// Throws `drawFailed` naming `call` when GL has recorded an error since the last check.
    static func errors(after call: String) throws(RenderError) {
        let code = glGetError()
        guard code == GLenum(GL_NO_ERROR) else {
            // Drain the other recorded flags so the next check reports its own call.
            while glGetError() != GLenum(GL_NO_ERROR) {}
            throw .drawFailed(call: call, code: Int(code))
        }
    }

    /// As `errors(after:)`, for the setup phase: the error is a `graphicsUnavailable`.
    static func setupErrors(after call: String) throws(RenderError) {
        let code = glGetError()
        guard code == GLenum(GL_NO_ERROR) else {
            while glGetError() != GLenum(GL_NO_ERROR) {}
            throw .graphicsUnavailable(call: call, code: Int(code), detail: "GL error during setup")
        }
    }

    /// A GL string (GL_RENDERER, GL_VERSION, GL_EXTENSIONS), empty when the driver gives none.
    static func string(_ name: Int32) -> String {
        guard let raw = glGetString(GLenum(name)) else { return "" }
        return String(cString: raw)
    }

    /// Routes KHR_debug messages to the log when the extension (or GLES 3.2) is there.
    static func enableDebugOutput() {
        let extensions = string(GL_EXTENSIONS).split(separator: " ")
        guard extensions.contains("GL_KHR_debug") else {
            logger.debug("GL_KHR_debug absent: GL errors are only seen through glGetError")
            return
        }
        guard let raw = eglGetProcAddress("glDebugMessageCallbackKHR") else { return }
        let install = unsafeBitCast(raw, to: PFNGLDEBUGMESSAGECALLBACKKHRPROC.self)
        install(
            { _, type, _, severity, length, message, _ in
                guard let message else { return }
                let text =
                    length >= 0
                    ? String(decoding: UnsafeRawBufferPointer(start: message, count: Int(length)), as: UTF8.self)
                    : String(cString: message)
                if type == GLenum(GL_DEBUG_TYPE_ERROR_KHR) || severity == GLenum(GL_DEBUG_SEVERITY_HIGH_KHR) {
                    GLCheck.logger.error("GL: \(text)")
                } else if severity == GLenum(GL_DEBUG_SEVERITY_NOTIFICATION_KHR) {
                    GLCheck.logger.trace("GL: \(text)")
                } else {
                    GLCheck.logger.debug("GL: \(text)")
                }
            }, nil)
        glEnable(GLenum(GL_DEBUG_OUTPUT_KHR))
        glEnable(GLenum(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR))
    }
}
