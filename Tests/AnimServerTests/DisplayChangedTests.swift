import AnimCore
import AnimDisplay
import AnimProtocol
import AnimRender
import AnimTransport
import Testing

@testable import AnimServer

/// DisplayChanged (protocol version 5): every client of version 5, privileged or not, is told the display right
/// after Welcome and after each change of the outputs; a client of version 4 is sent exactly what it was before.
@Suite("Display: DisplayChanged after Welcome and after each output change")
struct DisplayChangedTests {
    static func headless(width: UInt32, height: UInt32) -> DisplayChanged {
        DisplayChanged(
            bounds: WireRect(x: 0, y: 0, width: Double(width), height: Double(height)), scale: 1,
            outputs: [
                WireDisplayOutput(name: "headless", x: 0, y: 0, width: width, height: height, refresh: 50, rotation: 0)
            ])
    }

    @Test func aClientWithoutInspectionRightsIsToldTheDisplayRightAfterWelcome() throws {
        let h = ServerHarness()
        let output = try Fakes.output(log: FakeRendererLog())
        defer { output.stop() }
        h.core.output = output
        // Not the server's user (1000) nor root: the inspection documents are refused to it.
        let id = h.core.openSession(credentials: PeerCredentials(pid: 7, uid: 2000, gid: 2000))
        let replies = h.core.receive(
            .hello(Hello(minVersion: 1, maxVersion: 5, clientName: "app")), fds: [], from: id)
        #expect(replies.map(\.session) == [id, id])
        guard case .welcome(let welcome) = replies.first?.message else {
            Issue.record("expected Welcome, got \(replies)")
            return
        }
        #expect(welcome.version == 5)
        #expect(replies.last?.message == .displayChanged(Self.headless(width: 8, height: 4)))
    }

    @Test func aClientOfVersion4GetsWelcomeAloneByteForByte() throws {
        let h = ServerHarness(start: 3)
        let output = try Fakes.output(log: FakeRendererLog())
        defer { output.stop() }
        h.core.output = output
        let id = h.core.openSession(credentials: PeerCredentials(pid: 7, uid: 2000, gid: 2000))
        let replies = h.core.receive(
            .hello(Hello(minVersion: 1, maxVersion: 4, clientName: "old")), fds: [], from: id)
        let expected = Welcome(
            version: 4, session: id.rawValue, serverTime: 3, clockMode: .manual, maxMessageBytes: 1_048_576,
            maxLayers: 10000, maxAnimations: 10000, maxImageBytes: 268_435_456)
        #expect(replies.map { FrameCodec.encode($0.message) } == [FrameCodec.encode(.welcome(expected))])
    }

    @Test func aResizedOutputIsToldToEveryClientOfVersion5Once() throws {
        let h = ServerHarness()
        let output = try Fakes.output(log: FakeRendererLog())
        defer { output.stop() }
        h.core.output = output
        let app = try h.connect(uid: 2000, version: 5)
        let old = try h.connect(uid: 2000, version: 4)
        let privileged = try h.connect(version: 5)
        #expect(h.core.displayChangeDeliveries().isEmpty)  // nothing changed yet

        output.control(.mode(ModeRequest(width: 16, height: 10)), output: "") { _ in }
        output.waitUntilIdle()
        let told = h.core.displayChangeDeliveries()
        #expect(told.map(\.session) == [app, privileged])
        #expect(!told.map(\.session).contains(old))
        #expect(told.allSatisfy { $0.message == .displayChanged(Self.headless(width: 16, height: 10)) })
        // Told once: the next frame has nothing more to say.
        #expect(try h.frame(at: 1).allSatisfy { $0.message.name != "DisplayChanged" })
    }

    /// A change nobody asked for (a hotplug: the render thread re-probes on its own) is told with the next
    /// frame, which the display's redraw asks for.
    @Test func aChangeIsToldWithTheNextFrame() throws {
        let h = ServerHarness()
        let output = try Fakes.output(log: FakeRendererLog())
        defer { output.stop() }
        h.core.output = output
        let app = try h.connect(uid: 2000, version: 5)
        output.control(.mode(ModeRequest(width: 12, height: 6)), output: "") { _ in }
        output.waitUntilIdle()
        let told = try h.frame(at: 1).filter { $0.message.name == "DisplayChanged" }
        #expect(told.map(\.session) == [app])
        #expect(told.first?.message == .displayChanged(Self.headless(width: 12, height: 6)))
        #expect(try h.frame(at: 2).allSatisfy { $0.message.name != "DisplayChanged" })
    }
}
