import AnimTestSupport
import Foundation
import Testing

/// `animctl` talks to a server and evaluates animations: it parses a mode string (`animctl output --mode`) but
/// never drives a display, so the built binary loads none of the display stack's libraries.
@Suite("animctl links")
struct AnimctlLinkTests {
    @Test("animctl loads no DRM, GBM, udev or libseat library")
    func noDisplayStack() throws {
        let result = try BuiltProgram.run(
            executable: URL(fileURLWithPath: "/usr/bin/ldd"), [BuiltProgram.url("animctl").path])
        #expect(result.status == 0, "ldd: \(result.standardError)")
        let libraries = result.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // ldd lists what the binary loads (its own dependencies and theirs): libc at least.
        #expect(libraries.contains { $0.hasPrefix("libc.so") })
        let display = libraries.filter { line in
            ["libdrm", "libgbm", "libudev", "libseat"].contains { line.hasPrefix($0) }
        }
        #expect(display.isEmpty, "animctl loads \(display)")
    }
}
