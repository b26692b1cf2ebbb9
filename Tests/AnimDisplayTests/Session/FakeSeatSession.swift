import AnimDisplay
import Glibc
import Synchronization

/// A seat in memory: `dispatch` returns the events the test queued, device nodes are opened with open(2), and
/// everything asked of it is recorded in order (with what the test records through `note`).
final class FakeSeatSession: SeatSession {
    let description = SeatSessionDescription(kind: .libseat, backend: "fake", seat: "seat0", reason: "test")
    /// A pipe's read end: something the pacer's epoll set accepts.
    let eventDescriptor: Int32?
    private let writeEnd: Int32
    private let state = Mutex<(pending: [SeatEvent], log: [String], active: Bool)>(([], [], true))

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        eventDescriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if let eventDescriptor { close(eventDescriptor) }
        close(writeEnd)
    }

    var log: [String] { state.withLock { $0.log } }
    var isActive: Bool { state.withLock { $0.active } }

    func queue(_ events: SeatEvent...) {
        state.withLock { $0.pending += events }
    }

    func note(_ text: String) {
        state.withLock { $0.log.append(text) }
    }

    func openDevice(_ path: String) throws(SeatError) -> SeatDevice {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .callFailed(backend: "fake", call: "open(\(path))", errno: errno) }
        note("open \(path)")
        return SeatDevice(path: path, fd: fd, id: 7)
    }

    func closeDevice(_ device: SeatDevice) {
        note("close \(device.path) #\(device.id)")
        close(device.fd)
    }

    func dispatch() throws(SeatError) -> [SeatEvent] {
        state.withLock { s in
            defer { s.pending = [] }
            for event in s.pending { s.active = event == .enabled }
            return s.pending
        }
    }

    func acknowledgeDisable() throws(SeatError) {
        note("acknowledge disable")
    }
}
