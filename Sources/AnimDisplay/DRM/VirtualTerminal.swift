import CDRMShim
import Glibc
import Logging

/// The console's VT switched to graphics mode while the output shows frames, so no console text or cursor
/// blinks over them, and switched back on exit. Only root (or the VT's owner) may do this; without the right,
/// the output works and the console may show through.
final class VirtualTerminal: @unchecked Sendable {
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let previousMode: Int32
    private let logger: Logger
    private var restored = false

    /// The VT on standard input when it is one (a unit with TTYPath=), else the active VT (/dev/tty0) when run
    /// as root; nil (logged) when neither can be switched.
    static func enterGraphics(logger: Logger) -> VirtualTerminal? {
        var mode: Int32 = 0
        if cdrm_kd_get_mode(0, &mode) == 0 {
            return graphics(fd: 0, owns: false, mode: mode, logger: logger)
        }
        guard geteuid() == 0 else {
            logger.notice("not switching the console to graphics mode: not root and standard input is no VT")
            return nil
        }
        let fd = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            logger.warning("cannot open /dev/tty0", metadata: ["errno": "\(DRMError.errnoText(errno))"])
            return nil
        }
        guard cdrm_kd_get_mode(fd, &mode) == 0 else {
            logger.warning("KDGETMODE on /dev/tty0 failed", metadata: ["errno": "\(DRMError.errnoText(errno))"])
            close(fd)
            return nil
        }
        return graphics(fd: fd, owns: true, mode: mode, logger: logger)
    }

    private static func graphics(fd: Int32, owns: Bool, mode: Int32, logger: Logger) -> VirtualTerminal? {
        guard cdrm_kd_set_mode(fd, cdrm_kd_graphics()) == 0 else {
            logger.warning("KDSETMODE KD_GRAPHICS failed", metadata: ["errno": "\(DRMError.errnoText(errno))"])
            if owns { close(fd) }
            return nil
        }
        return VirtualTerminal(fd: fd, owns: owns, mode: mode, logger: logger)
    }

    private init(fd: Int32, owns: Bool, mode: Int32, logger: Logger) {
        self.fd = fd
        ownsDescriptor = owns
        // A VT already in graphics mode was left so by a daemon that died (systemd restarted us): text is what
        // the console should go back to.
        previousMode = mode == cdrm_kd_graphics() ? cdrm_kd_text() : mode
        self.logger = logger
    }

    /// Back to the mode found (text, normally). Safe more than once.
    func restore() {
        guard !restored else { return }
        restored = true
        if cdrm_kd_set_mode(fd, previousMode) != 0 {
            logger.warning(
                "KDSETMODE back to \(previousMode) failed", metadata: ["errno": "\(DRMError.errnoText(errno))"])
        }
        if ownsDescriptor { close(fd) }
    }

    deinit { restore() }
}
