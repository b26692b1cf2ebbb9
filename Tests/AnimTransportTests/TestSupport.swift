import AnimTransport
import Dispatch
import Foundation
import Glibc
import Synchronization

/// A unique socket path in the temporary folder (`$TMPDIR`, else /tmp) for this process and test.
func temporarySocketPath(_ label: String) -> String {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("animtransport-\(getpid())-\(label)-\(UInt32.random(in: 0...UInt32.max)).sock").path
}

/// Waits for `semaphore`, bounded so a broken loop fails the test instead of hanging it.
func waited(_ semaphore: DispatchSemaphore, seconds: Double = 10) -> Bool {
    semaphore.wait(timeout: .now() + seconds) == .success
}

/// Makes a blocking receive give up (EAGAIN → `.wouldBlock`) instead of hanging a broken test.
func limitReceiveWait(_ socket: SeqPacketSocket, seconds: Int = 10) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
}

/// Values appended from the loop thread and read by the test.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

func record(_ result: ReceiveResult) -> ReceivedRecord? {
    if case .record(let record) = result { return record }
    return nil
}

extension ReceiveResult {
    /// True for end of file: the peer closed its end.
    var isClosedResult: Bool {
        if case .closed = self { return true }
        return false
    }
}
