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
        let baseline = try serverStatus(observer)
        let baselineFDs = baseline.openFDs

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
                let status = try serverStatus(observer)
                return status.layers == 3 && status.images == 1
            })
        let loaded = try serverStatus(observer)
        #expect(loaded.openFDs > baselineFDs)
        #expect(loaded.imageBytes == 100 * 100 * 4)

        kill(demo.processIdentifier, SIGKILL)
        demo.waitUntilExit()
        // Kept so a timeout says which count stayed.
        var last: InspectionDocuments.Status?
        #expect(
            try eventually(timeout: 30) {
                let status = try serverStatus(observer)
                last = status
                return status.clients == 1 && status.layers == 0 && status.images == 0 && status.imageBytes == 0
                    && status.animations == 0 && status.openFDs == baselineFDs
            },
            """
            last status: clients \(last?.clients ?? -1), layers \(last?.layers ?? -1), images \(last?.images ?? -1), \
            imageBytes \(last?.imageBytes ?? -1), animations \(last?.animations ?? -1), \
            openFDs \(last?.openFDs ?? -1) against \(baselineFDs)
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
        let before = Int(try serverStatus(observer).frames)
        let started = Date()
        // The app's thread blocks for 2 s: no message from it reaches the server meanwhile.
        Thread.sleep(forTimeInterval: 2)
        let blocked = Date().timeIntervalSince(started)
        let after = Int(try serverStatus(observer).frames)
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
        let settled = try serverStatus(client).frames
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try serverStatus(client).frames == settled)
    }
}
