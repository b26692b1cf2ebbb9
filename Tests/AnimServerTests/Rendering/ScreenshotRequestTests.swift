import AnimCore
import AnimDisplay
import AnimProtocol
import AnimRender
import AnimTransport
import Testing

@testable import AnimServer

/// A core with a headless output on fake renderers, collecting what it answers from the render thread.
final class ScreenshotHarness {
    let h = ServerHarness()
    let log = FakeRendererLog()
    let output: HeadlessOutput
    let later = Collected<Delivery>()

    init() throws {
        output = try Fakes.output(renderer: .software, log: log)
        h.core.output = output
        let later = self.later
        h.core.deliverLater = { later.append(contentsOf: $0) }
    }

    static func request(_ id: UInt32, client: UInt32 = 0, layer: UInt64 = 0, nextFrame: Bool = false) -> Message {
        .screenshotRequest(ScreenshotRequest(request: id, client: client, layer: layer, nextFrame: nextFrame))
    }

    /// The answers sent later, once the render thread is done; their memfds are read and closed.
    func answers() -> [(session: SessionID, message: Message, pixels: [UInt8]?)] {
        output.waitUntilIdle()
        return later.all.map { delivery in
            guard case .screenshotReply(let reply) = delivery.message, let fd = reply.fds.first else {
                return (delivery.session, delivery.message, nil)
            }
            defer { FileDescriptor.close(reply.fds) }
            let sealed = ((try? SharedMemory.seals(fd: fd)) ?? 0) & SharedMemory.sealShrink != 0
            let size = Int(reply.stride * reply.height)
            let bytes = try? SharedMemory.mapReadOnly(fd: fd, size: size)
            return (delivery.session, delivery.message, sealed ? bytes.map { Array($0.bytes) } : nil)
        }
    }
}

@Suite("ScreenshotRequest: checks, replies in sealed memfds, next frame")
struct ScreenshotRequestTests {
    @Test func theWholeOutputAtTheCurrentTime() throws {
        let x = try ScreenshotHarness()
        let s = try x.h.connect()
        x.h.commit([W.create(1)], from: s)
        try x.h.clock.set(2.5)
        #expect(x.h.send(ScreenshotHarness.request(4), from: s).isEmpty)
        let answers = x.answers()
        try #require(answers.count == 1)
        #expect(answers[0].session == s)
        guard case .screenshotReply(let reply) = answers[0].message else {
            Issue.record("expected ScreenshotReply, got \(answers[0].message)")
            return
        }
        #expect(reply.request == 4)
        #expect([reply.width, reply.height, reply.stride] == [8, 4, 32])
        #expect(reply.format == .rgba8Premultiplied)
        #expect(reply.frame == 0)
        #expect(reply.time == 2.5)
        let pixels = try #require(answers[0].pixels)
        #expect(pixels.count == 8 * 4 * 4)
        #expect(pixels[0] == 1 && pixels[2] == 9 && pixels[3] == 255)
    }

    @Test func oneLayerDrawnAloneInItsBoundsSize() throws {
        let x = try ScreenshotHarness()
        let s = try x.h.connect()
        x.h.commit(
            [W.create(1), W.set(1, "bounds", .rect(WireRect(x: 0, y: 0, width: 3, height: 2)))], from: s)
        #expect(x.h.send(ScreenshotHarness.request(5, client: s.rawValue, layer: 1), from: s).isEmpty)
        guard case .screenshotReply(let reply)? = x.answers().first?.message else {
            Issue.record("expected ScreenshotReply")
            return
        }
        #expect([reply.width, reply.height] == [3, 2])
    }

    @Test func badRequestsGetNonFatalErrorsNamingTheField() throws {
        let x = try ScreenshotHarness()
        let s = try x.h.connect()
        let stranger = try x.h.connect(uid: 2000)
        x.h.commit([W.create(1)], from: s)
        func error(_ message: Message, from session: SessionID) -> ErrorReport? {
            x.h.send(message, from: session).errorReports.first
        }
        let denied = try #require(error(ScreenshotHarness.request(1), from: stranger))
        #expect(denied.code == WireErrorCode.permissionDenied.rawValue && denied.request == 1 && !denied.fatal)
        let client = try #require(error(ScreenshotHarness.request(2, client: 77, layer: 1), from: s))
        #expect(
            client.code == WireErrorCode.unknownClient.rawValue && client.field == "ScreenshotRequest.client"
                && client.value == "77")
        let layer = try #require(error(ScreenshotHarness.request(3, layer: 9), from: s))
        #expect(
            layer.code == WireErrorCode.unknownLayer.rawValue && layer.field == "ScreenshotRequest.layer"
                && layer.request == 3)
        let huge = try #require(error(ScreenshotHarness.request(4, layer: 1 << 40), from: s))
        #expect(huge.code == WireErrorCode.unknownLayer.rawValue && huge.value == "\(1 << 40)")
        #expect(x.answers().isEmpty)
    }

    @Test func withoutAnOutputTheAnswerIsRenderFailed() throws {
        let h = ServerHarness()
        let s = try h.connect()
        let report = try #require(h.send(ScreenshotHarness.request(6), from: s).errorReports.first)
        #expect(report.code == WireErrorCode.renderFailed.rawValue && report.request == 6 && !report.fatal)
    }

    @Test func nextFrameRunsAFrameAtOnceAndAnswersWithItsPixels() throws {
        let x = try ScreenshotHarness()
        let s = try x.h.connect()
        try x.h.frame(at: 0)
        #expect(x.h.core.nextFrameTime(after: 0) == nil)
        #expect(x.h.send(ScreenshotHarness.request(7, nextFrame: true), from: s).isEmpty)
        #expect(x.h.core.nextFrameTime(after: 0) == 0)
        x.output.waitUntilIdle()
        #expect(x.later.all.isEmpty)
        try x.h.frame(at: 0.5)
        guard case .screenshotReply(let reply)? = x.answers().first?.message else {
            Issue.record("expected ScreenshotReply")
            return
        }
        #expect(reply.request == 7)
        #expect(reply.frame == 2)
        #expect(reply.time == 0.5)
    }

    @Test func aNextFrameLayerShotOfAClientGoneMeanwhileIsUnknownClient() throws {
        let x = try ScreenshotHarness()
        let asker = try x.h.connect()
        let other = try x.h.connect()
        x.h.commit([W.create(1)], from: other)
        #expect(
            x.h.send(ScreenshotHarness.request(8, client: other.rawValue, layer: 1, nextFrame: true), from: asker)
                .isEmpty)
        _ = x.h.core.closeSession(other)
        try x.h.frame(at: 1)
        let answer = try #require(x.answers().first)
        #expect(answer.session == asker)
        #expect(answer.message.errorReport?.code == WireErrorCode.unknownClient.rawValue)
        #expect(answer.message.errorReport?.request == 8)
    }

    @Test func statusShowsTheOutput() throws {
        let x = try ScreenshotHarness()
        let s = try x.h.connect()
        x.h.commit([W.create(1)], from: s)
        try x.h.frame(at: 0)
        x.output.waitUntilIdle()
        let replies = x.h.send(.inspectRequest(InspectRequest(request: 1, query: .status)), from: s)
        guard case .inspectReply(let reply)? = replies.first else {
            Issue.record("expected InspectReply, got \(replies)")
            return
        }
        #expect(reply.json.contains(#""output":{"#))
        #expect(reply.json.contains(#""renderer":"software""#))
        #expect(reply.json.contains(#""width":8"#) && reply.json.contains(#""height":4"#))
        #expect(reply.json.contains(#""framesDrawn":1"#))
        #expect(reply.json.contains(#""maxTextureSize":null"#))
        #expect(reply.json.contains(#""reason":"--renderer software""#))
    }
}
