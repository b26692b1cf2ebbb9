import AnimTestSupport
import Foundation
import Testing

/// protocol/ must be enough to write a client in another language: protocol/examples/client.py, written from
/// the README and spec alone, talks to the real daemon.
@Suite struct ForeignClientTests {
    @Test func aPythonClientWrittenFromTheSpecAnimatesALayer() throws {
        let daemon = try DaemonHarness()
        let script = BuiltProgram.repositoryRoot.appendingPathComponent("protocol/examples/client.py").path
        let result = try BuiltProgram.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, daemon.socketPath])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        // The session number depends on how many connections came first (the harness probes the socket).
        #expect(lines.first?.hasPrefix("welcome: version 1, session ") == true)
        #expect(lines.first?.hasSuffix(", clock manual") == true)
        #expect(
            Array(lines.dropFirst()) == [
                "commit 42 applied at 0.0", "layer 1 opacity at 1.0 s after the commit: 0.5", "sync 8 done", "",
            ])
    }
}
