import AnimCore
import AnimProtocol
import AnimTransport
import Logging
import Testing

@testable import AnimServer

/// A ServerCore on a manual clock, driven with Message values as the glue would.
final class ServerHarness {
    let core: ServerCore
    let clock: ServerClock
    let sink = CountingFrameSink()
    static let serverUID: UInt32 = 1000

    init(configuration: ServerConfiguration = ServerConfiguration(), start: Double = 0) {
        clock = ServerClock.manual(start: start)
        core = ServerCore(
            configuration: configuration, clock: clock, serverUID: Self.serverUID,
            logger: Logger(label: "animserver.test", factory: { _ in SwiftLogNoOpLogHandler() }))
        core.frameSink = sink
    }

    /// Opens a session and completes the handshake in protocol `version`.
    func connect(uid: UInt32 = ServerHarness.serverUID, name: String = "test", version: UInt16 = 1) throws -> SessionID
    {
        let id = core.openSession(credentials: PeerCredentials(pid: 4242, uid: uid, gid: uid))
        let replies = core.receive(
            .hello(Hello(minVersion: version, maxVersion: version, clientName: name)), fds: [], from: id)
        let welcome = try #require(replies.first)
        guard case .welcome(let w) = welcome.message, w.version == version else {
            Issue.record("expected Welcome, got \(welcome.message)")
            throw HarnessError.unexpected
        }
        return id
    }

    /// Sends one message and returns the messages addressed to `session`.
    func send(_ message: Message, from session: SessionID, fds: [Int32] = []) -> [Message] {
        core.receive(message, fds: fds, from: session).map(\.message)
    }

    @discardableResult
    func commit(
        _ operations: [WireOperation], from session: SessionID, transaction: UInt64 = 1, completions: [UInt64] = []
    ) -> [Message] {
        send(.commit(Commit(transaction: transaction, completions: completions, operations: operations)), from: session)
    }

    /// Advances the manual clock to `t` and renders a frame there; returns the events per session.
    @discardableResult
    func frame(at t: Double) throws -> [Delivery] {
        try clock.set(t)
        return core.renderFrame(at: t)
    }

    enum HarnessError: Error { case unexpected }
}

/// Wire values for tests.
enum W {
    static func timing(begin: Double = 0, duration: Double = 1, fill: WireFillMode = .removed) -> WireTiming {
        WireTiming(
            beginTime: begin, duration: duration, speed: 1, timeOffset: 0, repeatCount: 0, repeatDuration: 0,
            autoreverses: false, fillMode: fill)
    }

    static func basic(
        _ keyPath: String, from: WireValue?, to: WireValue?, begin: Double = 0, duration: Double = 1,
        removedOnCompletion: Bool = true, fill: WireFillMode = .removed
    ) -> WireAnimation {
        WireAnimation(
            timing: timing(begin: begin, duration: duration, fill: fill), timingFunction: .named(.linear),
            removedOnCompletion: removedOnCompletion,
            kind: .basic(
                WireBasic(
                    keyPath: keyPath, fromValue: from, toValue: to, byValue: nil, additive: false, cumulative: false,
                    valueFunction: nil)))
    }

    static func create(_ id: UInt32, _ layerClass: WireLayerClass = .layer) -> WireOperation {
        .createLayer(WireCreateLayer(layer: id, layerClass: layerClass))
    }

    static func set(_ id: UInt32, _ keyPath: String, _ value: WireValue) -> WireOperation {
        .setProperty(WireSetProperty(layer: id, keyPath: keyPath, value: value))
    }

    static func insert(_ child: UInt32, into parent: UInt32, at index: Int32 = -1) -> WireOperation {
        .insertSublayer(WireInsertSublayer(parent: parent, layer: child, index: index))
    }

    static func add(
        _ animation: WireAnimation, to layer: UInt32, id: UInt64, key: String?, completion: UInt64 = 0
    ) -> WireOperation {
        .addAnimation(
            WireAddAnimation(
                layer: layer, animationID: id, key: key, completion: completion, transactionDuration: 0.25,
                animation: animation))
    }

    static func point(_ x: Double, _ y: Double) -> WireValue { .point(WirePoint(x: x, y: y)) }
}

extension Message {
    var errorReport: ErrorReport? {
        if case .errorReport(let e) = self { return e }
        return nil
    }
}

extension Array where Element == Message {
    var errorReports: [ErrorReport] { compactMap(\.errorReport) }
}
