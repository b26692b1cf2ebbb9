import AnimCore
import AnimKit
import AnimProtocol
import AnimTestSupport
import Foundation
import Testing

/// Clients cannot reach each other's layers, and no bad frame stops the server or disturbs other clients.
@Suite struct IsolationAndBadInputTests {
    @Test func anotherClientsLayersAreInvisibleAndUntouchable() throws {
        let daemon = try DaemonHarness()
        let owner = try connectClient(daemon, name: "owner")
        Transaction.begin()
        let layer = AnimKit.Layer(connection: owner)
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        layer.position = Point(x: 50, y: 50)
        layer.opacity = 0.5
        Transaction.commit()
        try owner.sync()

        let intruder = try RawClient(daemon)
        // Changing the owner's layer id from another connection names a layer this client never created.
        intruder.send(
            .commit(
                Commit(
                    transaction: 7, completions: [],
                    operations: [
                        .setProperty(WireSetProperty(layer: layer.id.rawValue, keyPath: "opacity", value: .number(1)))
                    ])))
        let refused = try #require(try intruder.next(where: { $0.errorReport != nil })?.errorReport)
        #expect(refused.code == WireErrorCode.unknownLayer.rawValue)
        #expect(refused.request == 7)
        #expect(!refused.fatal)
        // Reading it is refused the same way, and a hit test over it finds nothing.
        intruder.send(.presentationQuery(PresentationQuery(request: 8, layer: layer.id.rawValue, time: nil)))
        let unseen = try #require(try intruder.next(where: { $0.errorReport != nil })?.errorReport)
        #expect(unseen.code == WireErrorCode.unknownLayer.rawValue)
        intruder.send(
            .hitTestQuery(HitTestQuery(request: 9, point: WirePoint(x: 50, y: 50), root: nil, presentation: false)))
        guard
            case .hitTestReply(let hit)? = try intruder.next(where: {
                if case .hitTestReply = $0 { true } else { false }
            })
        else {
            Issue.record("no hit-test reply")
            return
        }
        #expect(hit.layer == nil)
        // The owner's layer is as it was, and the owner still hits it.
        #expect(try layer.presentation().opacity == 0.5)
        #expect(layer.hitTest(Point(x: 50, y: 50)) === layer)
    }

    @Test(arguments: try BadFrame.all())
    func badFramesGetTheirErrorWhileOtherClientsKeepAnimating(_ bad: BadFrame) throws {
        let daemon = try DaemonHarness()
        let bystander = try connectClient(daemon, name: "bystander")
        Transaction.begin()
        let layer = AnimKit.Layer(connection: bystander)
        let move = AnimKit.BasicAnimation(keyPath: "position.x", from: .number(0), to: .number(100))
        move.duration = 2
        move.timingFunction = .linear
        try layer.add(move, forKey: "move")
        Transaction.commit()
        try bystander.sync()

        // The newest version, so that values it added (an attributed string's runs) are checked for what they hold.
        let sender = try RawClient(daemon, version: ProtocolVersion.current)
        try sender.sendBytes(bad.bytes)
        let report = try #require(try sender.next(where: { $0.errorReport != nil })?.errorReport, "\(bad.name)")
        #expect(report.code == bad.code, "\(bad.name): \(report.message)")
        // A bad value refuses its commit and the connection stays (invalidValue is not fatal); the rest close it.
        let fatal = WireErrorCode(rawValue: report.code)?.isFatal ?? true
        #expect(report.fatal == fatal)
        #expect(!report.message.isEmpty)
        if fatal { #expect(try sender.next() == nil, "\(bad.name): the connection closes after a fatal error") }

        // The server runs on, the bystander's animation with it, and its commits still apply.
        #expect(daemon.isRunning)
        try moveClock(bystander, to: 1)
        #expect(abs(try layer.presentation().position.x - 50) < 1e-9)
        Transaction.begin()
        Transaction.disableActions = true
        layer.opacity = 0.25
        Transaction.commit()
        try bystander.sync()
        #expect(try layer.presentation().opacity == 0.25)
    }

    @Test func aBadCommitIsRefusedWholeAndNamesWhatWasWrong() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon)
        client.send(
            .commit(
                Commit(
                    transaction: 3, completions: [],
                    operations: [
                        .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                        .setProperty(WireSetProperty(layer: 1, keyPath: "opacity", value: .number(0.5))),
                        .setProperty(WireSetProperty(layer: 1, keyPath: "alpha", value: .number(0.5))),
                    ])))
        let report = try #require(try client.next(where: { $0.errorReport != nil })?.errorReport)
        #expect(report.code == WireErrorCode.unknownKeyPath.rawValue)
        #expect(report.field == "Commit.operations[2].setProperty.keyPath")
        #expect(report.value == "alpha")
        #expect(report.message.contains("alpha") && report.message.contains("CALayer"))
        // Nothing of it was applied: layer 1 does not exist.
        client.send(.presentationQuery(PresentationQuery(request: 4, layer: 1, time: nil)))
        let missing = try #require(try client.next(where: { $0.errorReport != nil })?.errorReport)
        #expect(missing.code == WireErrorCode.unknownLayer.rawValue)
    }
}

/// One file of protocol/bad/: the frame and the error code its .txt names on its first line.
struct BadFrame: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let code: UInt16

    var testDescription: String { name }
    /// Whether the error closes the connection (`invalidValue` refuses the commit only).
    var isFatal: Bool { WireErrorCode(rawValue: code)?.isFatal ?? true }

    static func all() throws -> [BadFrame] {
        let folder = BuiltProgram.repositoryRoot.appendingPathComponent("protocol/bad")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }
        return try names.sorted().map { file in
            let stem = String(file.dropLast(4))
            let text = try String(contentsOf: folder.appendingPathComponent(stem + ".txt"), encoding: .utf8)
            // "code: limitExceeded (6)"
            let first = text.split(separator: "\n").first.map(String.init) ?? ""
            guard let open = first.lastIndex(of: "("), let close = first.lastIndex(of: ")"),
                let code = UInt16(first[first.index(after: open)..<close])
            else { throw BadFrameError.unreadable(stem, first) }
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
            return BadFrame(name: stem, bytes: [UInt8](bytes), code: code)
        }
    }
}

enum BadFrameError: Error { case unreadable(String, String) }
