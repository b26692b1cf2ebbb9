import AnimKit
import AnimTestSupport
import Foundation
import Glibc
import Testing

/// Inspection and clock control belong to the server's own user and root (SO_PEERCRED); other users may
/// still be clients. The tests run as root, so another user is reached with setpriv.
@Suite struct PermissionTests {
    @Test(.enabled(if: getuid() == 0, "needs root to run animctl as another user"))
    func anotherUserMayNotInspectOrSteerTheServer() throws {
        let daemon = try DaemonHarness()
        // Let any user connect: the socket's mode, not the daemon, is what keeps strangers out in a deployment.
        chmod(daemon.socketPath, 0o777)
        chmod(daemon.folder.url.path, 0o755)
        let animctl = BuiltProgram.url("animctl").path
        func asNobody(_ arguments: [String]) throws -> ProgramResult {
            try BuiltProgram.run(
                executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", animctl] + arguments + [
                    "--socket", daemon.socketPath,
                ])
        }
        let status = try asNobody(["status"])
        #expect(status.status != 0)
        #expect(status.standardError.contains("permissionDenied"), "\(status.standardError)")
        #expect(status.standardError.contains("uid 65534"))
        let pause = try asNobody(["clock", "pause"])
        #expect(pause.status != 0)
        #expect(pause.standardError.contains("permissionDenied"))
        // Reading the clock is allowed to every client; the clock was not paused.
        let shown = try asNobody(["clock"])
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("running"))
        #expect(try daemon.animctl(["status"]).status == 0)
    }
}
