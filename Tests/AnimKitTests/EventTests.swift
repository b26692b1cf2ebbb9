import AnimCore
import AnimKit
import AnimProtocol
import Dispatch
import Testing

final class RecordingDelegate: AnimationDelegate, @unchecked Sendable {
    let recorder: Recorder
    let key: DispatchSpecificKey<String>
    init(_ recorder: Recorder, key: DispatchSpecificKey<String>) {
        self.recorder = recorder
        self.key = key
    }

    func animationDidStart(_ animation: AnimKit.Animation) {
        recorder.record("start on \(DispatchQueue.getSpecific(key: key) ?? "another queue")")
    }

    func animationDidStop(_ animation: AnimKit.Animation, finished: Bool) {
        recorder.record("stop finished=\(finished) on \(DispatchQueue.getSpecific(key: key) ?? "another queue")")
    }
}

/// Events from the server: delegates, completion blocks, errors, and requests answered with replies.
@Suite struct EventTests {
    @Test func delegatesHearStartBeforeStopOnTheDelegateQueue() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        let recorder = Recorder()
        let animation = BasicAnimation(keyPath: "position.x", from: .number(0), to: .number(10))
        animation.delegate = RecordingDelegate(recorder, key: server.queueKey)
        Transaction.begin()
        try layer.add(animation, forKey: "slide")
        Transaction.commit()
        let ops = try server.commitOperations()
        guard case .addAnimation(let add) = ops.last else {
            Issue.record("no addAnimation in \(ops)")
            return
        }
        #expect(add.key == "slide")
        #expect(layer.animationKeys == ["slide"])
        try server.send(
            .animationStarted(AnimationStarted(layer: 1, animationID: add.animationID, key: "slide", time: 1)))
        try server.send(
            .animationStopped(
                AnimationStopped(layer: 1, animationID: add.animationID, key: "slide", finished: true, time: 1.25)))
        try server.connection.sync()
        #expect(recorder.all == ["start on delegates", "stop finished=true on delegates"])
        #expect(layer.animationKeys.isEmpty)
    }

    @Test func removingAnAnimationDropsItsKeyAtOnceAndSendsTheRemoval() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        let animation = BasicAnimation(keyPath: "opacity", to: .number(0))
        animation.isRemovedOnCompletion = false
        try layer.add(animation, forKey: "fade")
        animation.duration = 9
        let copy = try #require(layer.animation(forKey: "fade") as? AnimKit.BasicAnimation)
        #expect(copy !== animation)
        #expect(copy.duration == 0)
        #expect(copy.toValue?.animationValue == .number(0))
        layer.removeAnimation(forKey: "fade")
        #expect(layer.animationKeys.isEmpty)
        Transaction.flush()
        let ops = try server.commitOperations()
        #expect(ops.last == .removeAnimation(WireRemoveAnimation(layer: 1, key: "fade")))
    }

    @Test func theCompletionBlockRunsAfterTransactionCompleted() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        let recorder = Recorder()
        let key = server.queueKey
        Transaction.begin()
        Transaction.setCompletionBlock { recorder.record("done on \(DispatchQueue.getSpecific(key: key) ?? "?")") }
        try layer.add(BasicAnimation(keyPath: "opacity", to: .number(0)), forKey: nil)
        Transaction.commit()
        let commit = try server.commit()
        let completion = try #require(commit.completions.first)
        guard case .addAnimation(let add) = commit.operations.last else {
            Issue.record("no addAnimation in \(commit.operations)")
            return
        }
        #expect(add.completion == completion)
        #expect(add.key == nil)
        #expect(layer.animationKeys.isEmpty)
        try server.send(
            .animationStopped(
                AnimationStopped(layer: 1, animationID: add.animationID, key: nil, finished: true, time: 2)))
        try server.connection.sync()
        #expect(recorder.all.isEmpty)
        try server.send(.transactionCompleted(TransactionCompleted(completion: completion, time: 2)))
        try server.connection.sync()
        #expect(recorder.all == ["done on delegates"])
    }

    @Test func aNonFatalErrorReportGoesToTheErrorHandler() throws {
        let server = try FakeServer()
        let recorder = Recorder()
        server.connection.errorHandler = { error in
            guard case .server(let error) = error else { return recorder.record("\(error)") }
            recorder.record("\(error.code.map { "\($0)" } ?? "?") \(error.field)=\(error.value) fatal=\(error.isFatal)")
        }
        try server.send(
            .errorReport(
                ErrorReport(
                    code: WireErrorCode.unknownKeyPath.rawValue, opcode: Commit.opcode, request: 1,
                    field: "operations[0].keyPath", value: "alpha", message: "unknown key path", fatal: false)))
        try server.connection.sync()
        #expect(recorder.all == ["unknownKeyPath operations[0].keyPath=alpha fatal=false"])
        #expect(server.connection.closeReason == nil)
    }

    @Test func aFatalErrorReportClosesTheConnectionAndFailsLaterRequests() throws {
        let server = try FakeServer()
        let recorder = Recorder()
        server.connection.errorHandler = { error in
            guard case .server(let error) = error else { return recorder.record("\(error)") }
            recorder.record("fatal=\(error.isFatal)")
        }
        let report = ErrorReport(
            code: WireErrorCode.limitExceeded.rawValue, opcode: Commit.opcode, request: 0, field: "Commit",
            value: "", message: "too big", fatal: true)
        try server.send(.errorReport(report))
        #expect(throws: AnimKitError.server(ServerError(report))) { try server.connection.sync() }
        #expect(throws: AnimKitError.server(ServerError(report))) { try server.connection.clock(.query) }
        #expect(server.connection.closeReason == .server(ServerError(report)))
        server.queue.sync {}
        #expect(recorder.all == ["fatal=true"])
    }

    @Test func presentationIsARoundTripThatBuildsTheLayersState() throws {
        let server = try FakeServer()
        let layer = ShapeLayer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        server.respond { message in
            guard case .presentationQuery(let q) = message else { return nil }
            return .presentationReply(
                PresentationReply(
                    request: q.request, layer: q.layer, time: q.time ?? 0,
                    properties: [
                        WirePropertyEntry(keyPath: "opacity", value: .number(0.5)),
                        // Presentation values may leave the model range: a spring overshooting.
                        WirePropertyEntry(keyPath: "lineWidth", value: .number(-0.5)),
                        WirePropertyEntry(keyPath: "position", value: .point(WirePoint(x: 3, y: 4))),
                    ]))
        }
        let state = try layer.presentation(at: 12)
        #expect(state.layerClass == .shape)
        #expect(state.opacity == 0.5)
        #expect(state.special.shape?.lineWidth == -0.5)
        #expect(state.position == Point(x: 3, y: 4))
        #expect(layer.opacity == 1)
    }

    @Test func aPresentationReplyWithAPropertyTheClassLacksIsAnError() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        server.respond { message in
            guard case .presentationQuery(let q) = message else { return nil }
            return .presentationReply(
                PresentationReply(
                    request: q.request, layer: q.layer, time: 0,
                    properties: [WirePropertyEntry(keyPath: "lineWidth", value: .number(1))]))
        }
        Transaction.flush()
        #expect(throws: AnimKitError.self) { try layer.presentation() }
    }

    @Test func clockAndInspectAreRoundTrips() throws {
        let server = try FakeServer()
        server.respond { message in
            switch message {
            case .clockControl(let c):
                guard case .advance(let dt) = c.action else { return nil }
                return .clockState(ClockState(request: c.request, mode: .manual, time: 100 + dt, paused: true, rate: 1))
            case .inspectRequest(let r):
                return .inspectReply(InspectReply(request: r.request, json: "{\"clients\":[]}"))
            default:
                return nil
            }
        }
        let clock = try server.connection.clock(.advance(0.5))
        #expect(clock == AnimKit.ClockState(mode: .manual, time: 100.5, isPaused: true, rate: 1))
        #expect(try server.connection.inspect(.clients) == "{\"clients\":[]}")
    }
}
