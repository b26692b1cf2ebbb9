import AnimDisplay
import Foundation
import Glibc
import Logging
import Synchronization
import Testing

@testable import AnimServer

/// An output's descriptors besides the pacer's (the DRM output's udev monitor and seat) are sources of the
/// server's own loop: read on its thread when readable, and a source that says so has the loop plan a frame.
@Suite("Output sources of the server's loop")
struct LoopSourceTests {
    func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test("Each source is read on the loop when readable; one asking for a frame has the pacer plan again")
    func sourcesOnTheLoop() throws {
        let path = "/tmp/animserver-sources-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let server = try Server(
            options: ServerOptions(socketPath: path),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let pacer = ScriptedPacer()
        server.pacer = pacer
        var seat: [Int32] = [-1, -1]
        var udev: [Int32] = [-1, -1]
        #expect(pipe(&seat) == 0 && pipe(&udev) == 0)
        defer { for fd in seat + udev { close(fd) } }
        let reads = Mutex<[String]>([])
        let threads = Mutex<[String]>([])
        let seatRead = seat[0]
        let udevRead = udev[0]
        server.loopSources = [
            LoopSource(name: "seat", descriptor: seatRead) {
                var byte: UInt8 = 0
                _ = read(seatRead, &byte, 1)
                reads.withLock { $0.append("seat") }
                // The thread's name, as the loop set it.
                let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
                threads.withLock { $0.append(name.trimmingCharacters(in: .newlines)) }
                return true
            },
            LoopSource(name: "udev", descriptor: udevRead) {
                var byte: UInt8 = 0
                _ = read(udevRead, &byte, 1)
                reads.withLock { $0.append("udev") }
                return false
            },
        ]
        try server.start()
        defer { server.stop() }
        var byte: UInt8 = 1
        _ = write(udev[1], &byte, 1)
        #expect(eventually { reads.withLock { $0 } == ["udev"] })
        _ = write(seat[1], &byte, 1)
        #expect(eventually { reads.withLock { $0 } == ["udev", "seat"] })
        // The loop handles one source after the other: once it read udev again, the seat's plan is done.
        _ = write(udev[1], &byte, 1)
        #expect(eventually { reads.withLock { $0 } == ["udev", "seat", "udev"] })
        // No client, so nothing else plans: the seat's source planned once, udev's (asking for none) never.
        #expect(pacer.state.withLock { $0.plans.count } == 1)
        #expect(threads.withLock { $0 } == ["animserverd"])
    }
}
