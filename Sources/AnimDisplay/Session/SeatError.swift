import Glibc

/// Why a session could not be opened or used: which backend, which call, and the errno.
public enum SeatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A call of the session failed: `backend` is `libseat` or `direct`, `call` names it with its argument.
    case callFailed(backend: String, call: String, errno: Int32)
    /// libseat found no backend that could open a seat (no seatd, no logind session, not root).
    case noSeat(errno: Int32, detail: String)
    /// The seat did not become active within `seconds` of opening it (another VT is in the foreground, or the
    /// backend cannot switch VTs for this user).
    case notActive(seat: String, backend: String?, seconds: Double)

    public var description: String {
        switch self {
        case .callFailed(let backend, let call, let errno):
            "\(backend): \(call) failed: \(Self.errnoText(errno))"
        case .noSeat(let errno, let detail):
            "libseat: no backend could open a seat (\(detail)): \(Self.errnoText(errno))"
        case .notActive(let seat, let backend, let seconds):
            "libseat (\(backend ?? "unknown backend")): seat \(seat) did not become active within \(seconds) s (another VT in the foreground, or a "
                + "backend that cannot switch VTs for this user)"
        }
    }

    static func errnoText(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
