import AnimCore
import AnimKit
import AnimTestSupport
import Foundation
import Glibc
import Testing

/// What happens to a client's resources and animations when the client dies or stops responding.
@Suite struct ClientLifecycleTests {
    @Test func aKilledClientsLayersImagesAndDescriptorsAreFreed() throws {
        let daemon = try DaemonHarness(clock: "monotonic")
        let observer = try connectClient(daemon, name: "observer")
        let baseline = try statusObject(observer)
        let baselineFDs = try #require(baseline["openFDs"] as? Int)

        // The demo client commits 3 layers, an image and 2 animations, then holds them; it is killed mid-way.
        let demo = Process()
        demo.executableURL = BuiltProgram.url("animdemo")
        demo.arguments = ["--socket", daemon.socketPath, "--hold", "60"]
        demo.standardOutput = FileHandle.nullDevice
        demo.standardError = FileHandle.nullDevice
        try demo.run()
        defer { if demo.isRunning { kill(demo.processIdentifier, SIGKILL) } }
        #expect(
            try eventually(timeout: 30) {
                let status = try statusObject(observer)
                return status["layers"] as? Int == 3 && status["images"] as? Int == 1
            })
        let loaded = try statusObject(observer)
        #expect(try #require(loaded["openFDs"] as? Int) > baselineFDs)
        #expect(try #require(loaded["imageBytes"] as? Int) == 100 * 100 * 4)

        kill(demo.processIdentifier, SIGKILL)
        demo.waitUntilExit()
        // Kept so a timeout says which count stayed.
        var last: [String: Any] = [:]
        #expect(
            try eventually(timeout: 30) {
                let status = try statusObject(observer)
                last = status
                return status["clients"] as? Int == 1 && status["layers"] as? Int == 0
                    && status["images"] as? Int == 0 && status["imageBytes"] as? Int == 0
                    && status["animations"] as? Int == 0 && status["openFDs"] as? Int == baselineFDs
            },
            """
            last status: clients \(last["clients"] ?? "?"), layers \(last["layers"] ?? "?"), images \(last["images"] ?? "?"), \
            imageBytes \(last["imageBytes"] ?? "?"), animations \(last["animations"] ?? "?"), \
            openFDs \(last["openFDs"] ?? "?") against \(baselineFDs)
            """)
        #expect(daemon.isRunning)
    }

    @Test func framesAdvanceWhileTheClientBlocksItsOwnThread() throws {
        let daemon = try DaemonHarness(clock: "monotonic", arguments: ["--refresh", "60"])
        let client = try connectClient(daemon, name: "sleeper")
        let observer = try connectClient(daemon, name: "observer")
        Transaction.begin()
        let layer = AnimKit.Layer(connection: client)
        let spin = AnimKit.BasicAnimation(keyPath: "transform.rotation.z", from: .number(0), to: .number(6.28))
        spin.duration = 10
        try layer.add(spin, forKey: "spin")
        Transaction.commit()
        try client.sync()
        let before = try #require(try statusObject(observer)["frames"] as? Int)
        let started = Date()
        // The app's thread blocks for 2 s: no message from it reaches the server meanwhile.
        Thread.sleep(forTimeInterval: 2)
        let blocked = Date().timeIntervalSince(started)
        let after = try #require(try statusObject(observer)["frames"] as? Int)
        // At 60 Hz, 2 s is 120 frames; a loaded machine may drop some, but the animation keeps running.
        #expect(after - before >= 60, "\(after - before) frames in \(blocked) s")
        #expect(after - before <= Int(blocked * 60) + 2, "never more than one frame per refresh")
        let angle = try AnimKeyPath("transform.rotation.z", on: .layer).value(in: layer.presentation())
        #expect(angle.numberValue.map { $0 > 0.1 } == true, "the animation ran while the client slept: \(angle)")
    }

    @Test func anIdleServerDrawsNoFrames() throws {
        let daemon = try DaemonHarness(clock: "monotonic")
        let client = try connectClient(daemon, name: "static")
        Transaction.begin()
        for _ in 0..<100 { _ = AnimKit.Layer(connection: client) }
        Transaction.commit()
        try client.sync()
        Thread.sleep(forTimeInterval: 0.2)
        let settled = try #require(try statusObject(client)["frames"] as? Int)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try statusObject(client)["frames"] as? Int == settled)
    }
}
