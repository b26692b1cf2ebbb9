import AnimKit
import Foundation

/// Many real SDK clients against a running daemon for a while: visible layers, a share of them animating
/// forever, clients leaving and joining, layers destroyed and created inside clients. A monitoring connection,
/// connected for the whole run, reads the daemon's `status` every second next to its /proc figures. Shared by
/// `tools/soak` and the integration test that runs a short soak in CI.
public final class SoakRun {
    public let daemon: DaemonHarness
    public let configuration: SoakConfiguration
    private let monitor: Connection
    private var clients: [SoakClient] = []
    private var samples: [SoakSample] = []
    private var clientsConnected = 0
    private var lostConnections: [String] = []
    private var started = Date()

    public init(daemon: DaemonHarness, configuration: SoakConfiguration) throws {
        self.daemon = daemon
        self.configuration = configuration
        monitor = try daemon.connect(name: "soak-monitor")
    }

    /// Runs the soak; `progress` sees each sample as it is taken.
    public func run(progress: (SoakSample) -> Void = { _ in }) throws -> SoakResult {
        started = Date()
        Thread.sleep(forTimeInterval: 1)
        progress(try sample("before"))
        for _ in 0..<configuration.clients { try join() }
        let loadStart = elapsed
        var nextSample = loadStart + 1
        var nextChurn = loadStart + configuration.churnInterval
        var layerChurnTurn = 0
        while elapsed - loadStart < configuration.duration {
            let now = elapsed
            if now >= nextChurn {
                nextChurn += configuration.churnInterval
                for _ in 0..<min(configuration.churnClients, clients.count) { leave(clients.removeFirst()) }
                while clients.count < configuration.clients { try join() }
            }
            if now >= nextSample {
                // A second from this sample, not from when it was due: samples late behind a slow churn do not
                // come back to back.
                nextSample = now + 1
                if !clients.isEmpty {
                    try churnLayers(of: clients[layerChurnTurn % clients.count])
                    layerChurnTurn += 1
                }
                progress(try sample("load"))
            }
            Thread.sleep(forTimeInterval: max(0, min(nextSample, nextChurn) - elapsed))
        }
        while let client = clients.popLast() { leave(client) }
        progress(try sample("leaving"))
        let fdsBefore = samples.first?.openDescriptors ?? 0
        let settleEnd = elapsed + configuration.settleSeconds
        repeat {
            Thread.sleep(forTimeInterval: 1)
            progress(try sample("after"))
        } while elapsed < settleEnd || (samples.last?.openDescriptors != fdsBefore && elapsed < settleEnd + 5)
        monitor.close()
        return SoakResult(
            configuration: configuration, samples: samples, clientsConnected: clientsConnected,
            lostConnections: lostConnections)
    }

    private var elapsed: Double { Date().timeIntervalSince(started) }

    private func sample(_ phase: String) throws -> SoakSample {
        let pid = daemon.processIdentifier
        guard daemon.isRunning else { throw SoakError.daemonExited(log: daemon.log) }
        let status = try StatusDocument.read(monitor)
        let sample = SoakSample(
            time: elapsed, phase: phase, residentBytes: try ProcessFigures.residentBytes(of: pid),
            openDescriptors: try ProcessFigures.openDescriptors(of: pid), clients: status.clients,
            layers: status.layers, animations: status.animations, frames: status.frames,
            frameTimeP50: status.frameTime.p50, frameTimeP99: status.frameTime.p99,
            frameTimeMax: status.frameTime.max, framesDrawn: status.output?.framesDrawn ?? 0,
            framesSkipped: status.output?.framesSkipped ?? 0, refresh: status.output?.refresh ?? 0)
        samples.append(sample)
        return sample
    }

    private func join() throws {
        let name = "soak-\(clientsConnected)"
        let connection = try daemon.connect(name: name)
        let client = SoakClient(name: name, connection: connection, seed: clientsConnected)
        clientsConnected += 1
        let animated = Int((Double(configuration.layersPerClient) * configuration.animatedFraction).rounded())
        try client.addLayers(configuration.layersPerClient, animating: animated, configuration: configuration)
        clients.append(client)
    }

    /// Disconnects a client; one whose connection the server had closed, or whose Sync fails, was lost.
    private func leave(_ client: SoakClient) {
        if let reason = client.connection.closeReason {
            lostConnections.append("\(client.name): \(reason)")
        } else {
            do { try client.connection.sync() } catch { lostConnections.append("\(client.name): \(error)") }
        }
        client.layers.removeAll()
        client.connection.close()
    }

    private func churnLayers(of client: SoakClient) throws {
        let count = Int((Double(client.layers.count) * configuration.layerChurnFraction).rounded())
        let animated = Int((Double(configuration.layersPerClient) * configuration.animatedFraction).rounded())
        // The animated layers come first and stay; the replaced ones are taken from the end.
        let replaced = min(count, max(0, client.layers.count - animated))
        client.layers.removeLast(replaced)
        try client.addLayers(replaced, animating: 0, configuration: configuration)
    }
}

/// One soak client: its connection and the layers it keeps (a layer released by the SDK is destroyed on the
/// server).
final class SoakClient {
    let name: String
    let connection: Connection
    let seed: Int
    var layers: [Layer] = []
    private var created = 0

    init(name: String, connection: Connection, seed: Int) {
        self.name = name
        self.connection = connection
        self.seed = seed
    }

    /// `count` 6x6 layers with a background colour in commits of at most 1,000, spread over the output on an
    /// 8-pixel grid; the first `animating` get an opacity animation that repeats forever.
    func addLayers(_ count: Int, animating: Int, configuration: SoakConfiguration) throws {
        let columns = max(1, configuration.outputWidth / 8)
        let rows = max(1, configuration.outputHeight / 8)
        var done = 0
        while done < count {
            Transaction.begin()
            for index in done..<min(count, done + 1000) {
                let cell = created + seed * 37
                created += 1
                let layer = Layer(connection: connection)
                layer.bounds = Rect(x: 0, y: 0, width: 6, height: 6)
                layer.position = Point(x: Double(cell % columns) * 8 + 4, y: Double(cell / columns % rows) * 8 + 4)
                layer.backgroundColor = Color(
                    red: Double((cell + seed) % 7) / 6, green: Double(cell % 5) / 4, blue: 0.5)
                if index < animating {
                    let fade = BasicAnimation(keyPath: "opacity", from: .number(0.2), to: .number(1))
                    fade.duration = 1 + Double(index % 4) / 4
                    fade.repeatCount = .infinity
                    try layer.add(fade, forKey: "fade")
                }
                layers.append(layer)
            }
            Transaction.commit()
            done = min(count, done + 1000)
        }
    }
}
