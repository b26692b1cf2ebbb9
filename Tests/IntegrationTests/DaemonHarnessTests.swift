import AnimProtocol
import AnimTestSupport
import AnimTransport
import Testing

/// The harness every integration test starts the daemon with: it returns when the daemon reported READY=1 on the
/// harness's `$NOTIFY_SOCKET`, and a daemon that cannot start fails it at once with its log.
@Suite struct DaemonHarnessTests {
    @Test func theSocketAcceptsAClientTheMomentTheHarnessReturns() throws {
        let daemon = try DaemonHarness()
        // One connection, no retry: READY=1 is sent from the loop once the listener is registered on it.
        let client = try RawClient(daemon)
        client.send(.sync(Sync(request: 3)))
        guard case .syncReply(let reply)? = try client.next() else {
            Issue.record("no SyncReply from a daemon that reported READY=1\n\(daemon.log)")
            return
        }
        #expect(reply.request == 3)
    }

    @Test func aDaemonThatExitsBeforeReadyFailsTheHarnessWithItsStatusAndLog() throws {
        let started = MonotonicClock.now()
        let error = #expect(throws: HarnessError.self) { try DaemonHarness(renderer: "bogus", timeout: 20) }
        #expect(MonotonicClock.now() - started < 10, "the harness waited for a daemon that had exited")
        guard case .daemonDidNotStart(_, let log)? = error else {
            Issue.record("expected daemonDidNotStart, got \(String(describing: error))")
            return
        }
        #expect(log.hasPrefix("(exited with status 64)"), "\(log)")
        #expect(log.contains("bogus"), "the daemon's own error is shown: \(log)")
    }
}
