import AnimCore
import AnimKit
import AnimTestSupport
import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing

/// The real daemon killed under a client: the SDK tells the app once, ends what waited on the server, and the
/// demo client says what happened instead of waiting out its timeout.
@Suite struct DeadServerTests {
    /// Lines appended from any queue (handlers, completion blocks), in arrival order.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func killingTheServerTellsTheAppOnceAndEndsWhatWaitedOnIt() throws {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon, name: "app")
        let heard = Lines()
        client.errorHandler = { heard.append("error \($0)") }
        client.statusHandler = { heard.append("status \($0)") }
        let recorder = EventRecorder()
        let completed = DispatchSemaphore(value: 0)
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        let slide = AnimKit.BasicAnimation(keyPath: "position.x", from: .number(0), to: .number(100))
        slide.duration = 100
        recorder.watch(slide, as: "slide")
        Transaction.setCompletionBlock {
            heard.append("completion block")
            completed.signal()
        }
        try layer.add(slide, forKey: "slide")
        Transaction.commit()
        try moveClock(client, to: 1)
        #expect(recorder.all == ["start slide"])
        #expect(client.status == .connected)

        kill(daemon.processIdentifier, SIGKILL)
        #expect(completed.wait(timeout: .now() + 10) == .success)
        client.delegateQueue.sync {}
        let reason = AnimKitError.closed(reason: "the server closed the connection")
        #expect(heard.all == ["error \(reason)", "status closed (\(reason))", "completion block"])
        #expect(recorder.all == ["start slide", "stop slide unfinished"])
        #expect(client.status == .closed(reason))
        // Requests fail at once with the reason rather than wait for a reply that cannot come.
        let asked = Date()
        #expect(throws: reason) { try layer.presentation() }
        #expect(throws: reason) { try client.sync() }
        #expect(Date().timeIntervalSince(asked) < 1)
    }

    @Test func theDemoSaysTheServerClosedTheConnectionAndFails() throws {
        let daemon = try DaemonHarness()
        let observer = try connectClient(daemon, name: "observer")
        let demoResult = Mutex<ProgramResult?>(nil)
        let demoExited = DispatchSemaphore(value: 0)
        // A manual clock that nobody advances: the demo waits for its animations until the server goes.
        let socket = daemon.socketPath
        Thread {
            let result = try? BuiltProgram.run("animdemo", ["--socket", socket, "--scale", "0.25", "--timeout", "60"])
            demoResult.withLock { $0 = result }
            demoExited.signal()
        }.start()
        #expect(try eventually(timeout: 30) { try serverStatus(observer).layers == 3 })

        kill(daemon.processIdentifier, SIGKILL)
        #expect(demoExited.wait(timeout: .now() + 20) == .success)
        let result = try #require(demoResult.withLock { $0 })
        #expect(result.status == 1)
        let errorLines = result.standardError.split(separator: "\n").map(String.init)
        #expect(errorLines.last == "animdemo: the server closed the connection", "stderr: \(result.standardError)")
        #expect(!result.standardOutput.contains("transaction completed"))
        #expect(!(result.standardOutput + result.standardError).contains("USAGE"))
    }
}
