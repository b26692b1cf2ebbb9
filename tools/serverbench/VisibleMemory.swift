import AnimKit
import AnimTestSupport
import Foundation

/// What the daemon costs at the size it starts with by default (1280x720) when its layers are drawn: the empty
/// daemon's resident memory and start time for a renderer choice, the bytes each layer with a background colour
/// adds once frames have drawn it (render snapshot, draw list, damage and tile caches included), and what stays
/// resident after clients with many layers have gone.
enum VisibleMemory {
    static let outputSize = "1280x720"

    /// A fresh daemon on `renderer`: its RSS once its socket accepts and the first frames are drawn, and the
    /// seconds from launch to the socket accepting.
    static func emptyDaemon(renderer: String) throws -> (residentBytes: Int, startSeconds: Double) {
        var daemon: DaemonHarness?
        let startSeconds = try seconds { daemon = try Self.start(renderer: renderer) }
        guard let daemon else { return (0, startSeconds) }
        defer { daemon.stop() }
        Thread.sleep(forTimeInterval: 0.5)
        return (try residentBytes(of: daemon.processIdentifier), startSeconds)
    }

    /// Bytes per layer on a fresh software daemon: `count` 6x6 layers side by side across the output, each with
    /// a background colour, measured after the frames that draw them.
    static func bytesPerVisibleLayer(count: Int) throws -> Double {
        let daemon = try start(renderer: "software")
        defer { daemon.stop() }
        let client = try daemon.connect(name: "serverbench-visible")
        // One layer first: the frame that draws it allocates the output's buffer, which is not the layers' cost.
        // It belongs to a client of its own so that `count` layers stay within one client's layer quota.
        let warmup = try daemon.connect(name: "serverbench-visible-warmup")
        let first = try makeVisibleLayers(count: 1, on: warmup, seed: 1)
        try warmup.sync()
        Thread.sleep(forTimeInterval: 0.3)
        let before = try residentBytes(of: daemon.processIdentifier)
        let layers = try makeVisibleLayers(count: count, on: client, seed: 0)
        try client.sync()
        Thread.sleep(forTimeInterval: 0.5)  // the frames that draw them
        let after = try residentBytes(of: daemon.processIdentifier)
        withExtendedLifetime((warmup, first, layers)) {}
        return Double(after - before) / Double(count)
    }

    /// RSS of a fresh software daemon before any client, with `clients` clients of `layersEach` visible layers
    /// (a tenth of them animating, some replaced a few times), and a second after every one of them has gone.
    static func afterClientsLeave(
        clients: Int, layersEach: Int
    ) throws -> (empty: Int, loaded: Int, afterLeaving: Int) {
        let daemon = try start(renderer: "software")
        defer { daemon.stop() }
        Thread.sleep(forTimeInterval: 0.5)
        let empty = try residentBytes(of: daemon.processIdentifier)
        var connections: [Connection] = []
        var kept: [[Layer]] = []
        for index in 0..<clients {
            let client = try daemon.connect(name: "serverbench-soak-\(index)")
            var layers = try makeVisibleLayers(count: layersEach, on: client, seed: index)
            Transaction.begin()
            for layer in layers.prefix(layersEach / 10) {
                let fade = BasicAnimation(keyPath: "opacity", from: .number(0.2), to: .number(1))
                fade.duration = 1
                fade.repeatCount = .infinity
                try layer.add(fade, forKey: "fade")
            }
            Transaction.commit()
            // Churn: a fifth of the layers replaced twice.
            for round in 1...2 {
                layers.removeLast(layersEach / 5)
                try client.sync()
                layers += try makeVisibleLayers(count: layersEach / 5, on: client, seed: index + round)
            }
            connections.append(client)
            kept.append(layers)
        }
        for client in connections { try client.sync() }
        Thread.sleep(forTimeInterval: 0.5)
        let loaded = try residentBytes(of: daemon.processIdentifier)
        kept.removeAll()
        for client in connections { client.close() }
        connections.removeAll()
        Thread.sleep(forTimeInterval: 1.5)
        return (empty, loaded, try residentBytes(of: daemon.processIdentifier))
    }

    private static func start(renderer: String) throws -> DaemonHarness {
        try DaemonHarness(
            clock: "monotonic", size: outputSize, renderer: renderer, arguments: ["--log-level", "warning"])
    }

    /// 6x6 layers in rows of 200 across a 1280x720 output, each in its own colour, in commits of 1,000.
    private static func makeVisibleLayers(count: Int, on client: Connection, seed: Int) throws -> [Layer] {
        var created: [Layer] = []
        for start in stride(from: 0, to: count, by: 1000) {
            Transaction.begin()
            for index in start..<min(count, start + 1000) {
                let layer = Layer(connection: client)
                layer.bounds = Rect(x: 0, y: 0, width: 6, height: 6)
                layer.position = Point(x: Double(index % 200) * 6.4 + 3, y: Double(index / 200 % 51) * 14 + 3)
                layer.backgroundColor = Color(
                    red: Double((index + seed) % 7) / 6, green: Double(index % 5) / 4, blue: 0.5)
                created.append(layer)
            }
            Transaction.commit()
        }
        return created
    }
}
