import Glibc

/// Why the DRM output could not start or present. Each names the libdrm call or ioctl and the errno.
public enum DRMError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A libdrm call or ioctl failed: `call` names it (with its object), `errno` is the kernel's answer.
    case callFailed(call: String, errno: Int32)
    /// No device was given and no /dev/dri/card* has a connected connector; `tried` lists what was looked at.
    case noDevice(tried: [String])
    /// The device has no connected connector (or not the one asked for).
    case noConnector(device: String, wanted: String?, available: [String])
    /// No CRTC can drive the connector, or no primary plane can show XRGB8888 on it.
    case noCRTC(connector: String)
    case noPrimaryPlane(crtc: UInt32)
    /// The object lacks a property atomic modesetting needs.
    case missingProperty(object: String, name: String)
    /// No mode could be chosen.
    case mode(DisplayModeError)
    /// The atomic TEST_ONLY commit refused every configuration tried (with and without plane rotation).
    case modesetRefused(connector: String, mode: String, errno: Int32)
    /// GBM or EGL on the GBM device failed.
    case graphics(call: String, detail: String)
    /// The session could not open or close a device node.
    case session(SeatError)
    /// The seat is disabled (its VT is switched away): the display cannot be changed until it comes back.
    case seatPaused

    public var description: String {
        switch self {
        case .callFailed(let call, let errno):
            "\(call) failed: \(Self.errnoText(errno))"
        case .noDevice(let tried):
            "no DRM device with a connected display (tried \(tried.isEmpty ? "nothing" : tried.joined(separator: ", "))); "
                + "use --drm-device or ANIMSERVER_DRM_DEVICE"
        case .noConnector(let device, let wanted, let available):
            "\(device): \(wanted.map { "connector \($0) is not connected" } ?? "no connected connector")"
                + " (connected: \(available.isEmpty ? "none" : available.joined(separator: ", ")))"
        case .noCRTC(let connector):
            "no CRTC can drive connector \(connector)"
        case .noPrimaryPlane(let crtc):
            "CRTC \(crtc) has no primary plane that scans out XRGB8888"
        case .missingProperty(let object, let name):
            "\(object) has no \(name) property (needed for atomic modesetting)"
        case .mode(let error):
            "\(error)"
        case .modesetRefused(let connector, let mode, let errno):
            "the driver refused \(mode) on \(connector) in a TEST_ONLY commit: \(Self.errnoText(errno))"
        case .graphics(let call, let detail):
            "\(call) failed: \(detail)"
        case .session(let error):
            "\(error)"
        case .seatPaused:
            "the seat is not active (its VT is switched away): the display changes when it comes back"
        }
    }

    static func errnoText(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
