import Testing

@testable import AnimProtocol

/// Framing and the decoder's limits, on hand-built bytes.
@Suite struct FrameCodecTests {
    static let sync = Message.sync(Sync(request: 0x0102_0304))

    @Test func syncFrameHasTheDocumentedBytes() {
        #expect(FrameCodec.encode(Self.sync) == [12, 0, 0, 0, 7, 0, 0, 0, 4, 3, 2, 1])
    }

    @Test func onlyAnInspectReplyReadAsVersion3MayBeContinued() throws {
        let reply = Message.inspectReply(InspectReply(request: 2, json: "{\"a\""))
        let continued = FrameCodec.encode(reply, continued: true)
        #expect(continued[6] == 1 && continued[7] == 0)
        #expect(continued.dropFirst(8) == FrameCodec.encode(reply).dropFirst(8))
        let frame = try FrameCodec.decodeFrame(continued, allowingContinued: true)
        #expect(frame.continued)
        #expect(frame.message == reply)
        #expect(try FrameCodec.decodeFrame(FrameCodec.encode(reply), allowingContinued: true).continued == false)
        // The flag where it may not be: a decoder of versions 1 and 2, another message, another bit.
        var refused: [[UInt8]] = [continued]
        var sync = FrameCodec.encode(Self.sync)
        sync[6] = 1
        refused.append(sync)
        var otherBit = continued
        otherBit[6] = 3
        for (index, bytes) in refused.enumerated() {
            #expect(throws: ProtocolError.self) {
                _ = try FrameCodec.decodeFrame(bytes, allowingContinued: index > 0)
            }
        }
        do throws(ProtocolError) {
            _ = try FrameCodec.decodeFrame(otherBit, allowingContinued: true)
            Issue.record("flags 3 decoded")
        } catch {
            #expect(error.code == .malformedFrame)
            #expect(error.field == "flags")
            #expect(error.value == "3")
        }
    }

    @Test func commitRoundTripsThroughBytes() throws {
        let animation = WireAnimation(
            timing: WireTiming(
                beginTime: 0, duration: 2, speed: 1, timeOffset: 0, repeatCount: 2, repeatDuration: 0,
                autoreverses: true, fillMode: .both),
            timingFunction: .named(.easeInEaseOut), removedOnCompletion: false,
            kind: .group(
                WireGroup(animations: [
                    WireAnimation(
                        timing: WireTiming(
                            beginTime: 0, duration: 1, speed: 1, timeOffset: 0, repeatCount: 0, repeatDuration: 0,
                            autoreverses: false, fillMode: .removed),
                        timingFunction: .custom(WireControlPoints(x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4)),
                        removedOnCompletion: true,
                        kind: .basic(
                            WireBasic(
                                keyPath: "opacity", fromValue: .number(1), toValue: .number(0), byValue: nil,
                                additive: false, cumulative: false, valueFunction: nil)))
                ])))
        let commit = Message.commit(
            Commit(
                transaction: 9, completions: [3],
                operations: [
                    .createLayer(WireCreateLayer(layer: 1, layerClass: .shape)),
                    .setProperty(WireSetProperty(layer: 1, keyPath: "fillColor", value: .color(nil))),
                    .setProperty(
                        WireSetProperty(layer: 1, keyPath: "name", value: .string("wheel — ÄÖ"))),
                    .addAnimation(
                        WireAddAnimation(
                            layer: 1, animationID: 77, key: "spin", completion: 3, transactionDuration: 0.25,
                            animation: animation)),
                    .removeAllAnimations(1),
                ]))
        let bytes = FrameCodec.encode(commit)
        #expect(Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 == bytes.count)
        #expect(try FrameCodec.decode(bytes) == commit)
        #expect(commit.jsonText.contains("\"fillColor\""))
    }

    @Test func shortRecordIsMalformed() {
        #expect(code(of: [1, 0, 0]) == .malformedFrame)
    }

    @Test func lengthFieldMustMatchTheRecord() {
        var bytes = FrameCodec.encode(Self.sync)
        bytes[0] = 13
        #expect(code(of: bytes) == .malformedFrame)
    }

    @Test func nonZeroFlagsAreMalformed() {
        var bytes = FrameCodec.encode(Self.sync)
        bytes[6] = 1
        #expect(code(of: bytes) == .malformedFrame)
    }

    @Test func unknownOpcode() {
        var bytes = FrameCodec.encode(Self.sync)
        bytes[4] = 99
        #expect(code(of: bytes) == .unknownOpcode)
    }

    @Test func truncatedPayloadNamesTheField() throws {
        let bytes: [UInt8] = [10, 0, 0, 0, 7, 0, 0, 0, 1, 2]
        let error = try #require(failure(of: bytes))
        #expect(error.code == .truncatedPayload)
        #expect(error.field == "Sync.request")
        #expect(error.opcode == 7)
    }

    @Test func trailingBytes() {
        var bytes = FrameCodec.encode(Self.sync) + [0]
        bytes[0] = 13
        #expect(code(of: bytes) == .trailingBytes)
    }

    @Test func badUnionTagNamesThePath() throws {
        let commit = Message.commit(Commit(transaction: 1, completions: [], operations: [.removeAllAnimations(4)]))
        var bytes = FrameCodec.encode(commit)
        // header 8 + transaction 8 + completions count 4 + operations count 4 → the first operation's tag.
        bytes[24] = 200
        let error = try #require(failure(of: bytes))
        #expect(error.code == .invalidTag)
        #expect(error.field == "Commit.operations[0]")
    }

    @Test func forgedArrayCountIsRefusedBeforeAllocating() throws {
        var w = WireWriter()
        w.u32(0)
        w.u16(Commit.opcode)
        w.u16(0)
        w.u64(1)
        w.u32(60_000)
        var bytes = w.bytes
        bytes[0] = UInt8(bytes.count)
        #expect(code(of: bytes) == .truncatedPayload)
        var big = WireWriter()
        big.u32(0)
        big.u16(Commit.opcode)
        big.u16(0)
        big.u64(1)
        big.u32(UInt32(ProtocolLimits.maxArrayCount + 1))
        var bigBytes = big.bytes
        bigBytes[0] = UInt8(bigBytes.count)
        #expect(code(of: bigBytes) == .limitExceeded)
    }

    @Test func invalidUTF8() {
        var w = WireWriter()
        w.u32(0)
        w.u16(Hello.opcode)
        w.u16(0)
        w.u16(1)
        w.u16(1)
        w.u32(2)
        w.u8(0xC3)
        w.u8(0x28)
        var bytes = w.bytes
        bytes[0] = UInt8(bytes.count)
        #expect(code(of: bytes) == .invalidUTF8)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        func nested(_ depth: Int) -> WireAnimation {
            let timing = WireTiming(
                beginTime: 0, duration: 1, speed: 1, timeOffset: 0, repeatCount: 0, repeatDuration: 0,
                autoreverses: false, fillMode: .removed)
            let kind: WireAnimationKind =
                depth == 1
                ? .transition(WireTransition(type: .fade, subtype: nil, startProgress: 0, endProgress: 1))
                : .group(WireGroup(animations: [nested(depth - 1)]))
            return WireAnimation(timing: timing, timingFunction: nil, removedOnCompletion: true, kind: kind)
        }
        func commit(_ depth: Int) -> Message {
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: [
                        .addAnimation(
                            WireAddAnimation(
                                layer: 1, animationID: 1, key: nil, completion: 0, transactionDuration: 0.25,
                                animation: nested(depth)))
                    ]))
        }
        let deepest = commit(ProtocolLimits.maxNestingDepth)
        #expect(try FrameCodec.decode(FrameCodec.encode(deepest)) == deepest)
        let error = try #require(failure(of: FrameCodec.encode(commit(ProtocolLimits.maxNestingDepth + 1))))
        #expect(error.code == .limitExceeded)
    }

    @Test func fileDescriptorCountMustMatchTheMessage() throws {
        let upload = Message.imageUpload(
            ImageUpload(image: 1, width: 2, height: 2, stride: 8, format: .rgba8Premultiplied, fds: [5]))
        let bytes = FrameCodec.encode(upload)
        #expect(try FrameCodec.decode(bytes, fds: [5]) == upload)
        #expect(code(of: bytes) == .fileDescriptorMismatch)
        #expect(code(of: FrameCodec.encode(Self.sync), fds: [3]) == .fileDescriptorMismatch)
    }

    @Test func frameAboveTheConfiguredLimit() {
        let bytes = FrameCodec.encode(Self.sync)
        #expect(throws: ProtocolError.self) { try FrameCodec.decode(bytes, maxMessageBytes: 11) }
        #expect((try? FrameCodec.decode(bytes, maxMessageBytes: 12)) == Self.sync)
    }

    @Test func everyErrorCodeHasANameAndMeaning() {
        for code in WireErrorCode.allCases {
            #expect(!code.name.isEmpty)
            #expect(!code.meaning.isEmpty)
        }
        #expect(WireErrorCode.malformedFrame.isFatal)
        #expect(!WireErrorCode.unknownKeyPath.isFatal)
    }

    private func failure(of bytes: [UInt8], fds: [Int32] = []) -> ProtocolError? {
        do {
            _ = try FrameCodec.decode(bytes, fds: fds)
            return nil
        } catch {
            return error
        }
    }

    private func code(of bytes: [UInt8], fds: [Int32] = []) -> WireErrorCode? {
        failure(of: bytes, fds: fds)?.code
    }
}
