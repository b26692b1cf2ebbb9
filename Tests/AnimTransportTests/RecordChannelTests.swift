import AnimTestSupport
import AnimTransport
import Dispatch
import Glibc
import Synchronization
import Testing

/// A channel on a running loop, created on the loop thread, with what its callbacks saw.
final class ChannelHarness: Sendable {
    let loop: EventLoop
    let peer: SeqPacketSocket
    let records = Recorder<[UInt8]>()
    let closes = Recorder<TransportError?>()
    let closed = DispatchSemaphore(value: 0)
    let received = DispatchSemaphore(value: 0)
    /// What `onOverflow` was told (memory held, limit); without `reportsOverflow` the channel has no `onOverflow`.
    let overflows = Recorder<[Int]>()
    private let box = Mutex<RecordChannel?>(nil)

    init(maxQueuedBytes: Int, maxQueuedReplyBytes: Int = 0, reportsOverflow: Bool = false) throws {
        loop = try EventLoop(name: "test-channel")
        let (local, remote) = try SeqPacketSocket.pair()
        peer = remote
        limitReceiveWait(peer)
        loop.start()
        let made = DispatchSemaphore(value: 0)
        loop.execute { [self] in
            let channel = try? RecordChannel(
                socket: local, loop: loop, maxRecordBytes: 1 << 20, maxQueuedBytes: maxQueuedBytes,
                maxQueuedReplyBytes: maxQueuedReplyBytes,
                onRecord: { [self] bytes, fds in
                    records.append(Array(bytes))
                    FileDescriptor.close(fds)
                    received.signal()
                },
                onClose: { [self] error in
                    closes.append(error)
                    closed.signal()
                },
                onOverflow: reportsOverflow ? { [self] held, limit in overflows.append([held, limit]) } : nil)
            box.withLock { $0 = channel }
            made.signal()
        }
        _ = waited(made)
    }

    /// Runs `body` with the channel on the loop thread and waits for it.
    func onLoop<T: Sendable>(_ body: @escaping @Sendable (RecordChannel) -> T) -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        loop.execute { [self] in
            if let channel = box.withLock({ $0 }) { result.withLock { $0 = body(channel) } }
            done.signal()
        }
        guard waited(done) else { return nil }
        return result.withLock { $0 }
    }

    /// Drops the harness's reference to the channel, as an owner does once it asked it to close.
    func letGo() {
        let done = DispatchSemaphore(value: 0)
        loop.execute { [self] in
            box.withLock { $0 = nil }
            done.signal()
        }
        _ = waited(done)
    }

    func finish() {
        _ = onLoop { $0.close() }
        loop.stop()
    }
}

@Suite struct RecordChannelTests {
    @Test func deliversRecordsAndReportsPeerClose() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 1 << 20)
        defer { harness.finish() }
        #expect(try harness.peer.send([1]))
        #expect(try harness.peer.send([2, 2]))
        #expect(waited(harness.received) && waited(harness.received))
        harness.peer.close()
        #expect(waited(harness.closed))
        #expect(harness.records.all == [[1], [2, 2]])
        #expect(harness.closes.all.count == 1)
        #expect(harness.closes.all.first.map { $0 == nil } == true)
        #expect(harness.onLoop { $0.isClosed } == true)
    }

    @Test func sendReachesThePeer() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 1 << 20)
        defer { harness.finish() }
        _ = harness.onLoop { $0.send([7, 7, 7]) }
        #expect(try record(harness.peer.receive(maxBytes: 16))?.bytes == [7, 7, 7])
    }

    @Test func aRecordLongerThanTheSocketCarriesIsRefusedAndTheChannelStaysOpen() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 1 << 20)
        defer { harness.finish() }
        let largest = try #require(harness.onLoop { $0.socket.largestSendableRecord() } ?? nil)
        #expect(harness.onLoop { $0.send([UInt8](repeating: 0, count: largest + 1)) } == false)
        #expect(harness.onLoop { $0.isClosed } == false)
        #expect(harness.onLoop { $0.send([9]) } == true)
        #expect(try record(harness.peer.receive(maxBytes: 16))?.bytes == [9])
        #expect(harness.closes.all.isEmpty)
    }

    @Test func largeReplyPartsCountApartFromTheStuckPeerLimit() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 256 * 1024, maxQueuedReplyBytes: 64 << 20)
        defer { harness.finish() }
        let recordBytes = 64 * 1024
        // Far more than maxQueuedBytes, queued while the peer does not read: parts of one reply.
        let count = 256
        let queued = harness.onLoop { channel -> Int in
            for index in 0..<count {
                channel.send(
                    [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: recordBytes), partOfLargeReply: true)
            }
            return channel.queuedBytes
        }
        #expect((queued ?? 0) > 256 * 1024)
        #expect(harness.onLoop { $0.isClosed } == false)
        for index in 0..<count {
            let received = try #require(record(harness.peer.receive(maxBytes: recordBytes)))
            #expect(received.bytes.first == UInt8(truncatingIfNeeded: index))
        }
        #expect(harness.closes.all.isEmpty)
    }

    @Test func queueFlushesWhenThePeerStartsReading() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 256 << 20)
        defer { harness.finish() }
        let recordBytes = 64 * 1024
        // Fill the socket buffer until the channel queues, then queue a few more records behind.
        let sent = harness.onLoop { channel -> (count: Int, queued: Int) in
            var count = 0
            var extra = 0
            while extra < 8 && count < 10_000 {
                var bytes = [UInt8](repeating: 0, count: recordBytes)
                withUnsafeBytes(of: UInt32(count).littleEndian) { bytes.replaceSubrange(0..<4, with: $0) }
                channel.send(bytes)
                count += 1
                if channel.queuedBytes > 0 { extra += 1 }
            }
            return (count, channel.queuedBytes)
        }
        let (count, queued) = try #require(sent)
        #expect(queued == 8 * recordBytes)
        for index in 0..<count {
            let received = try #require(record(harness.peer.receive(maxBytes: recordBytes)))
            let sequence = received.bytes.prefix(4).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            #expect(sequence == index)
            if sequence != index { break }
        }
        #expect(harness.onLoop { $0.queuedBytes } == 0)
        #expect(harness.closes.all.isEmpty)
    }

    @Test func closeAfterFlushDeliversEveryQueuedRecordThenCloses() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 256 << 20)
        defer { harness.finish() }
        let recordBytes = 64 * 1024
        let count = harness.onLoop { channel -> Int in
            var count = 0
            while channel.queuedBytes < 4 * recordBytes && count < 10_000 {
                channel.send([UInt8](repeating: UInt8(truncatingIfNeeded: count), count: recordBytes))
                count += 1
            }
            channel.closeAfterFlush()
            return count
        }
        let sent = try #require(count)
        for index in 0..<sent {
            let received = try #require(record(harness.peer.receive(maxBytes: recordBytes)))
            #expect(received.bytes.first == UInt8(truncatingIfNeeded: index))
        }
        #expect(try harness.peer.receive(maxBytes: recordBytes).isClosedResult)
        #expect(harness.onLoop { $0.isClosed } == true)
        #expect(harness.closes.all.isEmpty)
    }

    @Test func closeAfterFlushDeliversEverythingAfterTheOwnerLetsGoOfTheChannel() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 256 << 20)
        defer { harness.finish() }
        // 20,000 small records, most of them queued (a socket buffer holds a few hundred), then the last one.
        let count = 20_000
        _ = harness.onLoop { channel in
            for index in 0..<count {
                channel.send(withUnsafeBytes(of: UInt32(index).littleEndian) { Array($0) })
            }
            channel.send([0xFF])
            channel.closeAfterFlush()
        }
        harness.letGo()
        for index in 0..<count {
            let received = try #require(record(harness.peer.receive(maxBytes: 16)), "record \(index)")
            #expect(received.bytes == withUnsafeBytes(of: UInt32(index).littleEndian) { Array($0) })
            if received.bytes.count != 4 { break }
        }
        #expect(try record(harness.peer.receive(maxBytes: 16))?.bytes == [0xFF])
        #expect(try harness.peer.receive(maxBytes: 16).isClosedResult)
    }

    @Test func aClosingChannelWhosePeerDoesNotReadClosesAfterItsLinger() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 256 << 20)
        defer { harness.finish() }
        let queued = harness.onLoop { channel -> Int in
            while channel.queuedRecords < 8 { channel.send([UInt8](repeating: 1, count: 64 * 1024)) }
            channel.closeAfterFlush(linger: 0.2)
            return channel.queuedRecords
        }
        #expect(queued == 8)
        #expect(harness.onLoop { $0.isClosed } == false)
        usleep(600_000)
        #expect(harness.onLoop { $0.isClosed } == true)
        #expect(harness.onLoop { $0.queuedMemoryBytes } == 0)
        #expect(harness.closes.all.isEmpty)
    }

    @Test func sentRecordsAreFreedWhileOthersStillWait() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 256 << 20)
        defer { harness.finish() }
        let recordBytes = 64 * 1024
        // Fill the socket buffer, then queue twice as many records behind it as it holds, and 8 more.
        let sent = harness.onLoop { channel -> (count: Int, queued: Int, memory: Int) in
            var count = 0
            while channel.queuedRecords == 0 {
                channel.send([UInt8](repeating: 0, count: recordBytes))
                count += 1
            }
            for _ in 0..<(2 * count + 8) { channel.send([UInt8](repeating: 0, count: recordBytes)) }
            return (count, channel.queuedRecords, channel.queuedMemoryBytes)
        }
        let (count, queued, memory) = try #require(sent)
        #expect(memory >= queued * recordBytes)
        // The peer reads until the socket has room again: the channel sends as many of the queued records as fit,
        // fewer than it holds, and what it sent no longer counts (nor is held) though the queue has not emptied.
        var drained = false
        for _ in 0..<count where !drained {
            _ = try harness.peer.receive(maxBytes: recordBytes)
            drained = eventually(timeout: 0.05) { (harness.onLoop { $0.queuedRecords } ?? queued) < queued }
        }
        #expect(drained)
        let waiting = try #require(harness.onLoop { ($0.queuedRecords, $0.queuedMemoryBytes) })
        #expect(waiting.0 > 0)
        #expect(waiting.1 < memory - (queued - waiting.0) * recordBytes + 4096)
        #expect(waiting.1 <= waiting.0 * (recordBytes + 256) + 4096)
    }

    @Test func theLimitCountsWhatSmallRecordsHoldNotOnlyTheirBytes() throws {
        let limit = 256 * 1024
        let harness = try ChannelHarness(maxQueuedBytes: limit, reportsOverflow: true)
        defer { harness.finish() }
        // Records of 20 bytes (a SyncReply's size) to a peer that never reads: each costs its array and its slot
        // besides its bytes, so the queue passes the limit long before holding 256 KiB of payload.
        let result = harness.onLoop { channel -> (records: Int, payload: Int, memory: Int) in
            var records = 0
            var payload = 0
            var memory = 0
            var sends = 0
            while harness.overflows.all.isEmpty && sends < 100_000 {
                records = channel.queuedRecords
                payload = channel.queuedBytes
                memory = channel.queuedMemoryBytes
                var reply = [UInt8](repeating: 7, count: 20)
                reply.reserveCapacity(64)
                channel.send(reply)
                sends += 1
            }
            return (records, payload, memory)
        }
        let (records, payload, memory) = try #require(result)
        let overflow = try #require(harness.overflows.all.first)
        #expect(overflow[1] == limit)
        #expect(overflow[0] > limit)
        #expect(memory <= limit && memory > limit / 2)
        // Each queued record is accounted at no less than its bytes and the 48 bytes of its array's header and
        // malloc's chunk: fewer than limit / 68 fit.
        #expect(records < limit / 68)
        #expect(payload < limit / 3)
        // The queue was dropped; with an onOverflow the owner decides, and this one did not close the channel.
        #expect(harness.onLoop { $0.queuedRecords } == 0)
        #expect(waited(harness.closed))
        #expect(harness.closes.all.first??.code == ENOBUFS)
    }

    @Test func aLastRecordIsQueuedPastTheLimitAndTheChannelClosesAfterIt() throws {
        let limit = 256 * 1024
        let harness = try ChannelHarness(maxQueuedBytes: limit, reportsOverflow: true)
        defer { harness.finish() }
        let recordBytes = 1024
        // Records up to a little below the limit (a peer that does not read), then a last one that passes it.
        let count = harness.onLoop { channel -> Int in
            var count = 0
            while channel.queuedMemoryBytes < limit - 4 * recordBytes && !channel.isClosed {
                channel.send([UInt8](repeating: UInt8(truncatingIfNeeded: count), count: recordBytes))
                count += 1
            }
            channel.sendLast([UInt8](repeating: 0xEE, count: 8 * recordBytes))
            return count
        }
        let sent = try #require(count)
        #expect(harness.overflows.all.isEmpty)
        for index in 0..<sent {
            let received = try #require(record(harness.peer.receive(maxBytes: 16 * recordBytes)), "record \(index)")
            #expect(received.bytes == [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: recordBytes))
            if received.bytes.count != recordBytes { break }
        }
        #expect(try record(harness.peer.receive(maxBytes: 16 * recordBytes))?.bytes.count == 8 * recordBytes)
        #expect(try harness.peer.receive(maxBytes: 16 * recordBytes).isClosedResult)
        #expect(harness.closes.all.isEmpty)
    }

    @Test func overflowClosesWithENOBUFSWhenThePeerNeverReads() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 256 * 1024)
        defer { harness.finish() }
        let attempts = harness.onLoop { channel -> Int in
            var attempts = 0
            while !channel.isClosed && attempts < 10_000 {
                channel.send([UInt8](repeating: 1, count: 64 * 1024))
                attempts += 1
            }
            return attempts
        }
        #expect((attempts ?? 10_000) < 10_000)
        #expect(waited(harness.closed))
        let error = try #require(harness.closes.all.first ?? nil)
        #expect(error.code == ENOBUFS)
        #expect(error.description.contains("limit 262144"))
    }

    @Test func queuedDescriptorsAreDuplicatesTheCallerMayClose() throws {
        let harness = try ChannelHarness(maxQueuedBytes: 256 << 20)
        defer { harness.finish() }
        let (fd, memory) = try SharedMemory.create(name: "queued", size: 8)
        try withExtendedLifetime(memory) {
            try #require(memory.mutableBytes).copyBytes(from: [1, 2, 3, 4, 5, 6, 7, 8])
        }
        // Fill the socket, then queue a record with the fd and close the original before it is flushed.
        let filled = harness.onLoop { channel -> Int in
            var count = 0
            while channel.queuedBytes == 0 && count < 10_000 {
                channel.send([UInt8](repeating: 0, count: 64 * 1024))
                count += 1
            }
            channel.send([42], fds: [fd])
            return count
        }
        FileDescriptor.close(fd)
        let count = try #require(filled)
        for _ in 0..<count { _ = try harness.peer.receive(maxBytes: 64 * 1024) }
        let last = try #require(record(harness.peer.receive(maxBytes: 64 * 1024)))
        #expect(last.bytes == [42])
        let passed = try #require(last.fds.first)
        defer { FileDescriptor.close(passed) }
        let mapped = try SharedMemory.mapReadOnly(fd: passed, size: 8)
        withExtendedLifetime(mapped) { #expect(Array(mapped.bytes) == [1, 2, 3, 4, 5, 6, 7, 8]) }
    }
}
