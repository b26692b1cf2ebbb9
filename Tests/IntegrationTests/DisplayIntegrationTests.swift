import AnimCore
import AnimKit
import AnimProtocol
import AnimTestSupport
import Foundation
import Synchronization
import Testing

/// The real daemon tells every app its display (DisplayChanged, protocol version 5) right after Welcome, and
/// again when `animctl output` changes it; a client of version 4 is sent nothing new.
@Suite struct DisplayIntegrationTests {
    @Test func anAppKnowsTheDisplayAtOnceAndFollowsAnAnimctlResize() throws {
        let daemon = try DaemonHarness(size: "160x120")
        let connection = try daemon.connect(name: "display-app")
        #expect(connection.protocolVersion == 5)
        let display = try #require(connection.display)
        #expect(display.bounds == Rect(x: 0, y: 0, width: 160, height: 120))
        #expect(display.scale == 1)
        #expect(display.outputs.map(\.name) == ["headless"])
        #expect(display.refreshRate == 60)
        let told = Mutex<[DisplayInfo]>([])
        connection.displayHandler = { info in told.withLock { $0.append(info) } }
        let root = connection.rootLayer
        #expect(root.bounds == Rect(x: 0, y: 0, width: 160, height: 120))
        try connection.sync()

        let resize = try daemon.animctl(["output", "--mode", "200x100"])
        #expect(resize.status == 0, "\(resize.standardError)")
        #expect(
            try eventually(timeout: 10) {
                try connection.sync()
                return told.withLock { $0.count } == 1
            })
        #expect(told.withLock { $0.map(\.size) } == [Size(width: 200, height: 100)])
        #expect(root.bounds == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(connection.display?.size == Size(width: 200, height: 100))
        // The server has the root layer's new bounds: the app committed them itself.
        #expect(try root.presentation().bounds == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func aClientOfVersion4IsSentNothingWhenTheDisplayChanges() throws {
        let daemon = try DaemonHarness(size: "160x120")
        let old = try RawClient(daemon, version: 4)
        let current = try RawClient(daemon, version: 5)
        #expect(current.display?.bounds == WireRect(x: 0, y: 0, width: 160, height: 120))
        #expect(try daemon.animctl(["output", "--mode", "120x90"]).status == 0)
        let changed = try current.next()
        #expect(
            changed
                == .displayChanged(
                    DisplayChanged(
                        bounds: WireRect(x: 0, y: 0, width: 120, height: 90), scale: 1,
                        outputs: [
                            WireDisplayOutput(
                                name: "headless", x: 0, y: 0, width: 120, height: 90, refresh: 60, rotation: 0)
                        ])))
        old.send(.sync(Sync(request: 9)))
        // Its next message is the answer: no DisplayChanged came before it.
        guard case .syncReply(let reply)? = try old.next() else {
            Issue.record("a client of version 4 was sent something before its SyncReply")
            return
        }
        #expect(reply.request == 9)
    }
}
