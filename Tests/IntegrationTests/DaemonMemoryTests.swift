import AnimKit
import AnimTestSupport
import Foundation
import Testing

/// The daemon gives freed heap memory back when clients that held much of it leave, and `--renderer auto` that
/// settles on the software renderer never loads the GL driver into the daemon.
@Suite struct DaemonMemoryTests {
    private func memory(_ connection: Connection) throws -> InspectionDocuments.Memory {
        try serverStatus(connection).memory
    }

    private func addLayers(_ count: Int, to client: Connection) throws -> [AnimKit.Layer] {
        var layers: [AnimKit.Layer] = []
        for start in stride(from: 0, to: count, by: 1000) {
            Transaction.begin()
            for index in start..<min(count, start + 1000) {
                let layer = AnimKit.Layer(connection: client)
                layer.frame = Rect(x: Double(index % 16) * 10, y: Double(index / 16 % 12) * 10, width: 8, height: 8)
                layer.backgroundColor = Color(red: 1, green: Double(index % 4) / 3, blue: 0)
                layers.append(layer)
            }
            Transaction.commit()
        }
        try client.sync()
        return layers
    }

    @Test func aClientWithManyLayersLeavingTrimsTheHeapOnceAndASmallOneLeavingDoesNot() throws {
        let daemon = try DaemonHarness()
        let watcher = try connectClient(daemon, name: "watcher")
        let start = try memory(watcher)
        #expect(start.trims == 0, "\(start)")

        let small = try connectClient(daemon, name: "small")
        let few = try addLayers(3, to: small)
        small.close()
        withExtendedLifetime(few) {}
        #expect(try eventually { try serverStatus(watcher).clients == 1 })
        // Past the delay a trim would have waited: a small client's leaving is not worth one.
        Thread.sleep(forTimeInterval: 1.5)
        let afterSmall = try memory(watcher)
        #expect(afterSmall.trims == 0, "\(afterSmall)\n\(daemon.log)")

        let large = try connectClient(daemon, name: "large")
        let many = try addLayers(3000, to: large)
        #expect(try serverStatus(watcher).layers == 3000)
        large.close()
        withExtendedLifetime(many) {}
        let trimmed = try eventually(timeout: 10) { try memory(watcher).trims == 1 }
        #expect(trimmed, "\(daemon.log)")
        // One trim for the whole client, however many frames and messages follow.
        Thread.sleep(forTimeInterval: 1.5)
        let after = try memory(watcher)
        #expect(after.trims == 1, "\(after)")
        #expect(after.returnedBytes >= 0, "\(after)")
        withExtendedLifetime(watcher) {}
    }

    @Test func autoChoosingTheSoftwareRendererLeavesTheGLDriverUnloaded() throws {
        let daemon = try DaemonHarness(renderer: "auto")
        let client = try connectClient(daemon)
        let output = try #require(try serverStatus(client).output)
        let maps = try String(contentsOfFile: "/proc/\(daemon.processIdentifier)/maps", encoding: .utf8)
        // Mesa's EGL vendor library, its DRI/gallium driver and the LLVM that llvmpipe compiles with.
        let driver = Set(
            maps.split(separator: "\n").compactMap { line -> String? in
                guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last,
                    ["libEGL_mesa", "_dri.so", "libgallium", "libLLVM"].contains(where: path.contains)
                else { return nil }
                return String(path)
            })
        if output.renderer == "software" {
            #expect(driver.isEmpty, "mapped after choosing software: \(driver.sorted())\n\(output)")
            let reason = output.reason
            #expect(reason.contains("CPU rasterizer") || reason.contains("EGL is unavailable"), "\(reason)")
        } else {
            // A hardware GPU: the daemon draws with GLES itself.
            #expect(output.renderer == "gles", "\(output)")
        }
    }
}
