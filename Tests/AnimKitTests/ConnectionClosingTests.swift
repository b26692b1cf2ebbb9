import AnimCore
import AnimKit
import AnimProtocol
import AnimTestSupport
import Dispatch
import Foundation
import Testing

/// What the app hears when its connection ends: the error handler and the status handler once, every
/// animation still running stopped unfinished, every completion block run, every request failed at once.
@Suite struct ConnectionClosingTests {
    /// A layer with one animation under a completion block, committed; the block signals `done`.
    private func commitAnimation(
        on server: FakeServer, recorder: Recorder, done: DispatchSemaphore
    ) throws -> Layer {
        let layer = Layer(connection: server.connection)
        let animation = BasicAnimation(keyPath: "opacity", from: .number(1), to: .number(0))
        animation.duration = 100
        animation.delegate = RecordingDelegate(recorder, key: server.queueKey)
        Transaction.begin()
        Transaction.setCompletionBlock {
            recorder.record("completion block")
            done.signal()
        }
        try layer.add(animation, forKey: "fade")
        Transaction.commit()
        _ = try server.commit()
        return layer
    }

    private func watch(_ connection: Connection, recorder: Recorder) {
        connection.errorHandler = { error in recorder.record("error \(error)") }
        connection.statusHandler = { status in recorder.record("status \(status)") }
    }

    @Test func theServerClosingTellsTheAppOnceAndEndsItsAnimationsUnfinished() throws {
        let server = try FakeServer()
        let recorder = Recorder()
        let done = DispatchSemaphore(value: 0)
        let layer = try commitAnimation(on: server, recorder: recorder, done: done)
        watch(server.connection, recorder: recorder)
        #expect(server.connection.status == .connected)

        server.socket.shutdown()
        #expect(done.wait(timeout: .now() + 10) == .success)
        server.queue.sync {}
        let reason = AnimKitError.closed(reason: "the server closed the connection")
        #expect(
            recorder.all == [
                "error \(reason)", "status closed (\(reason))", "stop finished=false on delegates",
                "completion block",
            ])
        #expect(server.connection.status == .closed(reason))
        #expect(server.connection.closeReason == reason)
        #expect(layer.animationKeys.isEmpty)
    }

    @Test func aFatalReportIsTheReasonTheErrorHandlerHearsOnce() throws {
        let server = try FakeServer()
        let recorder = Recorder()
        let done = DispatchSemaphore(value: 0)
        _ = try commitAnimation(on: server, recorder: recorder, done: done)
        watch(server.connection, recorder: recorder)
        let report = ErrorReport(
            code: WireErrorCode.malformedFrame.rawValue, opcode: Commit.opcode, request: 0, field: "Commit",
            value: "", message: "bad frame", fatal: true)

        try server.send(.errorReport(report))
        #expect(done.wait(timeout: .now() + 10) == .success)
        server.queue.sync {}
        let reason = AnimKitError.server(ServerError(report))
        #expect(
            recorder.all == [
                "error \(reason)", "status closed (\(reason))", "stop finished=false on delegates",
                "completion block",
            ])
        #expect(server.connection.status == .closed(reason))
    }

    @Test func aWaitingRequestFailsAtOnceAndLaterCallsThrowTheReason() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        // The fake server records the query and never answers it: only the close can end the wait.
        let outcome = Recorder()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            do {
                _ = try layer.presentation()
                outcome.record("answered")
            } catch {
                outcome.record("\(error)")
            }
            finished.signal()
        }.start()
        #expect(try eventually { try server.drain().contains { $0.name == "PresentationQuery" } })

        server.socket.shutdown()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        let reason = AnimKitError.closed(reason: "the server closed the connection")
        #expect(outcome.all == ["\(reason)"])
        #expect(throws: reason) { try layer.presentation() }
        #expect(throws: reason) { try server.connection.sync() }
        #expect(throws: reason) { try layer.add(BasicAnimation(keyPath: "opacity", to: .number(0)), forKey: "late") }
        #expect(layer.animationKeys.isEmpty)
    }

    @Test func closingByTheAppEndsAnimationsAndBlocksButIsNoError() throws {
        let server = try FakeServer()
        let recorder = Recorder()
        let done = DispatchSemaphore(value: 0)
        _ = try commitAnimation(on: server, recorder: recorder, done: done)
        watch(server.connection, recorder: recorder)

        server.connection.close()
        #expect(done.wait(timeout: .now() + 10) == .success)
        server.queue.sync {}
        let reason = AnimKitError.closed(reason: "closed by the app")
        #expect(recorder.all == ["status closed (\(reason))", "stop finished=false on delegates", "completion block"])
    }
}
