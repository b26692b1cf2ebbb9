import AnimTestSupport
import Foundation
import Testing

/// The soak of `tools/soak` (README, "Soak and hostile-client tools"), short and small enough for the debug
/// daemon on CI's two cores: clients with visible layers, a tenth animating forever, clients and layers churning
/// for 30 seconds; afterwards the daemon holds the descriptors it held before, about the memory it held before,
/// no client was cut off and the frames never stopped.
@Suite struct SoakTests {
    @Test func thirtySecondsOfChurningClientsGiveBackEveryDescriptorAndTheMemory() throws {
        var setup = SoakConfiguration()
        setup.clients = 8
        setup.layersPerClient = 250
        setup.duration = 30
        setup.churnInterval = 5
        setup.churnClients = 2
        setup.outputWidth = 320
        setup.outputHeight = 240
        setup.residentMarginBytes = 5 << 20
        let daemon = try DaemonHarness(
            clock: "monotonic", size: "320x240", arguments: ["--log-level", "warning"])
        defer { daemon.stop() }
        let result = try SoakRun(daemon: daemon, configuration: setup).run()
        let report = result.summary + "\n" + result.csv

        // 8 at the start and 2 more every 5 seconds.
        #expect(result.clientsConnected >= 8 + 2 * 5, "\(report)")
        #expect(result.samples.filter { $0.phase == "load" }.count >= 25, "\(report)")
        #expect(result.samples.filter { $0.phase == "load" }.allSatisfy { $0.clients == 9 }, "\(report)")
        #expect(result.descriptorsPeak >= result.descriptorsBefore + 8, "\(report)")
        #expect(result.descriptorsAfter == result.descriptorsBefore, "\(report)")
        #expect(result.residentAfter <= result.residentBefore + setup.residentMarginBytes, "\(report)")
        #expect(result.lostConnections.isEmpty, "\(report)")
        #expect(result.stalledIntervals == 0, "\(report)")
        #expect(result.framesBuilt > 0, "\(report)")
        #expect(daemon.isRunning)
    }
}

/// The soak's judgement of its own samples, which the tool's exit status and the test above rely on.
@Suite struct SoakBoundTests {
    private func sample(
        _ time: Double, _ phase: String, rss: Int, fds: Int, frames: UInt64, skipped: UInt64 = 0
    ) -> SoakSample {
        SoakSample(
            time: time, phase: phase, residentBytes: rss << 20, openDescriptors: fds, clients: 1, layers: 0,
            animations: 0, frames: frames, frameTimeP50: 1, frameTimeP99: 2, frameTimeMax: 3, framesDrawn: frames,
            framesSkipped: skipped, refresh: 60)
    }

    @Test func aSoakThatGaveEverythingBackBreaksNoBound() {
        var setup = SoakConfiguration()
        setup.residentMarginBytes = 4 << 20
        let result = SoakResult(
            configuration: setup,
            samples: [
                sample(0, "before", rss: 30, fds: 10, frames: 0), sample(1, "load", rss: 50, fds: 20, frames: 60),
                sample(2, "load", rss: 52, fds: 20, frames: 120), sample(3, "after", rss: 34, fds: 10, frames: 121),
            ], clientsConnected: 8, lostConnections: [])
        #expect(result.violations == [])
        #expect(result.residentPeak == 52 << 20)
        #expect(result.framesBuilt == 60)
        #expect(result.framesMissed == 0)
    }

    @Test func eachBrokenBoundIsNamed() {
        var setup = SoakConfiguration()
        setup.residentMarginBytes = 4 << 20
        let result = SoakResult(
            configuration: setup,
            samples: [
                sample(0, "before", rss: 30, fds: 10, frames: 0), sample(1, "load", rss: 50, fds: 20, frames: 60),
                sample(2, "load", rss: 52, fds: 20, frames: 60),
                sample(3, "load", rss: 52, fds: 20, frames: 90, skipped: 6),
                sample(4, "after", rss: 35, fds: 11, frames: 90),
            ], clientsConnected: 8, lostConnections: ["soak-3: the server closed the connection"])
        #expect(
            result.violations == [
                "open descriptors 11 after every client left, 10 before",
                "RSS 35.0 MiB after every client left, above 30.0 MiB before + 4.0 MiB",
                "1 clients lost their connection: [\"soak-3: the server closed the connection\"]",
                "1 seconds with clients connected built no frame",
                "96 of 120 frames missed (80.0 %), above 5.0 %",
            ])
    }
}
