import AnimProtocol
import AnimTestSupport
import AnimTransport
import Foundation
import Glibc
import Testing

/// Records the socket refuses before any decoding (protocol/README.md, "Errors"): the sender hears the
/// documented fatal error, then end of file, never a bare close.
@Suite struct RefusedRecordTests {
    @Test func aRecordWithMoreThanMaxFDsPerMessageDescriptorsGetsFileDescriptorMismatch() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon)
        let descriptors = (0...ProtocolLimits.maxFDsPerMessage).map { _ in open("/dev/null", O_RDONLY) }
        defer { for fd in descriptors { close(fd) } }
        #expect(descriptors.allSatisfy { $0 >= 0 })
        _ = try client.socket.send(FrameCodec.encode(.sync(Sync(request: 1))), fds: descriptors)
        let report = try #require(try client.next()?.errorReport)
        #expect(report.code == WireErrorCode.fileDescriptorMismatch.rawValue)
        #expect(report.field == "fds")
        #expect(report.value == "more than \(ProtocolLimits.maxFDsPerMessage)")
        #expect(report.message.contains("maxFDsPerMessage"))
        #expect(report.fatal)
        #expect(try client.next() == nil, "the connection closes after the report")
        #expect(daemon.isRunning)
    }

    @Test func aRecordLongerThanTheServerReadsGetsLimitExceeded() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon)
        // 3 MiB: more than the 2 MiB the server reads, and within what this client's socket buffer carries.
        var record = FrameCodec.encode(.sync(Sync(request: 1)))
        record += [UInt8](repeating: 0, count: 3 << 20)
        for i in 0..<4 { record[i] = UInt8(truncatingIfNeeded: record.count >> (8 * i)) }
        #expect(try client.socket.send(record))
        let report = try #require(try client.next()?.errorReport)
        #expect(report.code == WireErrorCode.limitExceeded.rawValue)
        #expect(report.opcode == Sync.opcode)
        #expect(report.field == "length")
        #expect(report.fatal)
        #expect(try client.next() == nil, "the connection closes after the report")
        #expect(daemon.isRunning)
    }
}
