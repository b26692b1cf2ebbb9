import AnimCore
import AnimKit
import AnimProtocol
import AnimServer
import AnimTestSupport
import AnimTransport
import ArgumentParser
import Dispatch
import Foundation
import Logging

/// Issue 18's input targets: event → client handler latency with 10,000 layers on screen and the renderer busy
/// (p50 ≤ 1 ms, p99 ≤ 4 ms), and the time to route a touch down through a hit test at 10,000 layers (≤ 50 µs).
@main
struct InputBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inputbench",
        abstract: "Measure input routing: hit test time in the core, event-to-handler latency against a daemon.",
        discussion: """
            Build in release mode first, one product per command: swift build -c release --static-swift-stdlib \
            --product animserverd, then the same with --product inputbench; run .build/release/inputbench. The daemon runs with a monotonic clock on a \
            private socket, drawing --size with --renderer while --animated of its --layers layers animate.
            """)

    @Option(help: "Layers on screen, in one client, in a grid over the output.") var layers = 10_000
    @Option(help: "Layers of those that animate all the time (the renderer draws every frame).") var animated = 1_000
    @Option(help: "Touch downs routed in the core per hit-test sample.") var touches = 2_000
    @Option(help: "Taps for the latency figure.") var taps = 500
    @Option(help: "The daemon's output size.") var size = "1280x720"
    @Option(help: "The daemon's renderer.") var renderer = "software"
    @Flag(help: "Only the in-process hit test.") var coreOnly = false
    @Flag(help: "The latency scene's cells are all siblings under one root, not grouped in a container per row.")
    var flat = false

    func run() throws {
        let grid = Grid(layers: layers, width: 1280, height: 720)
        for grouped in [true, false] {
            let (worst, spread) = try coreRouting(grid, grouped: grouped)
            let shape = grouped ? "a container per row of \(grid.columns)" : "all siblings"
            print(
                "hit test + routing of a touch down, \(layers) layers (\(shape)): "
                    + String(format: "%.2f µs (the layer tried last), %.2f µs (spread over the grid)", worst, spread))
        }
        guard !coreOnly else { return }
        let (p50, p99, frames) = try latency(grid)
        print(
            "event → handler, \(layers) layers (\(flat ? "all siblings" : "a container per row")), \(animated) animating, "
                + "\(renderer) \(size) (\(frames) frames meanwhile): "
                + String(format: "p50 %.3f ms, p99 %.3f ms", p50, p99))
    }

    /// Routing a touch down and up through `ServerCore.deliverInput` with the grid in one client: the median µs
    /// per event, for the bottom-left layer (drawn first, so tried last) and for points spread over the grid.
    func coreRouting(_ grid: Grid, grouped: Bool) throws -> (worst: Double, spread: Double) {
        var configuration = ServerConfiguration()
        // The grid, its root and its row containers.
        configuration.maxLayers = UInt32(grid.layers + grid.rows + 1)
        let core = ServerCore(
            configuration: configuration, clock: .manual(start: 0), serverUID: getuid(),
            logger: Logger(label: "inputbench", factory: { _ in SwiftLogNoOpLogHandler() }))
        let session = core.openSession(credentials: PeerCredentials(pid: 1, uid: getuid(), gid: getgid()))
        _ = core.receive(.hello(Hello(minVersion: 4, maxVersion: 4, clientName: "bench")), fds: [], from: session)
        var operations: [WireOperation] = [
            .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
            .setProperty(
                WireSetProperty(
                    layer: 1, keyPath: "bounds", value: .rect(WireRect(x: 0, y: 0, width: 1280, height: 720)))),
            .setProperty(WireSetProperty(layer: 1, keyPath: "position", value: .point(WirePoint(x: 640, y: 360)))),
        ]
        // Rows: containers 1_000_000 + row over the whole width, when grouped.
        if grouped {
            for row in 0..<grid.rows {
                let id = UInt32(1_000_000 + row)
                let strip = grid.row(row)
                operations += [
                    .createLayer(WireCreateLayer(layer: id, layerClass: .layer)),
                    .setProperty(
                        WireSetProperty(
                            layer: id, keyPath: "bounds",
                            value: .rect(
                                WireRect(x: strip.minX, y: strip.minY, width: strip.width, height: strip.height)))),
                    .setProperty(
                        WireSetProperty(
                            layer: id, keyPath: "position", value: .point(WirePoint(x: strip.midX, y: strip.midY)))),
                    .insertSublayer(WireInsertSublayer(parent: 1, layer: id, index: -1)),
                ]
            }
        }
        for index in 0..<grid.layers {
            let id = UInt32(index + 2)
            let frame = grid.frame(index)
            let parent = grouped ? UInt32(1_000_000 + index / grid.columns) : 1
            operations += [
                .createLayer(WireCreateLayer(layer: id, layerClass: .layer)),
                .setProperty(
                    WireSetProperty(
                        layer: id, keyPath: "bounds",
                        value: .rect(WireRect(x: 0, y: 0, width: frame.width, height: frame.height)))),
                .setProperty(
                    WireSetProperty(
                        layer: id, keyPath: "position", value: .point(WirePoint(x: frame.midX, y: frame.midY)))),
                .insertSublayer(WireInsertSublayer(parent: parent, layer: id, index: -1)),
            ]
        }
        let replies = core.receive(
            .commit(Commit(transaction: 1, completions: [], operations: operations)), fds: [], from: session)
        guard !replies.contains(where: { if case .errorReport = $0.message { true } else { false } }) else {
            throw ValidationError("the grid was refused: \(replies.map(\.message))")
        }
        _ = core.receive(.inputSubscribe(InputSubscribe(kinds: 1, watchAll: false)), fds: [], from: session)
        func perEvent(_ point: (Int) -> Point) -> Double {
            var samples: [Double] = []
            for round in 0..<15 {
                let start = MonotonicClock.now()
                for i in 0..<touches {
                    let p = point(i + round)
                    let down = core.deliverInput(
                        RawInputEvent(time: 0, device: InputDeviceID(1), kind: .touchDown(slot: 0, at: p)))
                    precondition(down.count >= 1, "the touch at \(p) hit nothing")
                    _ = core.deliverInput(RawInputEvent(time: 0, device: InputDeviceID(1), kind: .touchUp(slot: 0)))
                }
                samples.append((MonotonicClock.now() - start) / Double(touches * 2) * 1e6)
            }
            return median(samples)
        }
        let first = grid.frame(0)
        let worst = perEvent { _ in Point(x: first.midX, y: first.midY) }
        let spread = perEvent { i in
            let frame = grid.frame((i * 7919) % grid.layers)
            return Point(x: frame.midX, y: frame.midY)
        }
        return (worst, spread)
    }

    /// A real daemon drawing the grid, `animated` layers animating; an injecting connection taps layer centres
    /// and the app's handler notes when each down arrives. Milliseconds from the InputInject send to the handler.
    func latency(_ grid: Grid) throws -> (p50: Double, p99: Double, frames: Int) {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("inputbench-\(getpid()).json")
        try Data("{\"maxLayers\": \(grid.layers + grid.rows + 1)}".utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let daemon = try DaemonHarness(
            clock: "monotonic", size: size, renderer: renderer, arguments: ["--config", config.path])
        defer { daemon.stop() }
        let app = try daemon.connect(name: "inputbench-app")
        app.delegateQueue = DispatchQueue(label: "inputbench.app")
        Transaction.begin()
        Transaction.disableActions = true
        let root = Layer(connection: app)
        root.bounds = Rect(x: 0, y: 0, width: 1280, height: 720)
        root.position = Point(x: 640, y: 360)
        var cells: [Layer] = []
        var rows: [Layer] = []
        if !flat {
            for row in 0..<grid.rows {
                // Bounds with the row's own origin: its cells keep their scene coordinates.
                let strip = grid.row(row)
                let container = Layer(connection: app)
                container.bounds = strip
                container.position = Point(x: strip.midX, y: strip.midY)
                try root.addSublayer(container)
                rows.append(container)
            }
        }
        for index in 0..<grid.layers {
            // A commit stays under the server's 1 MiB frame: 2,000 cells each.
            if index > 0 && index % 2000 == 0 {
                Transaction.commit()
                Transaction.begin()
                Transaction.disableActions = true
            }
            let cell = Layer(connection: app)
            let frame = grid.frame(index)
            cell.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            cell.position = Point(x: frame.midX, y: frame.midY)
            cell.backgroundColor = Color(red: Double(index % 7) / 7, green: 0.5, blue: 0.8)
            try (flat ? root : rows[index / grid.columns]).addSublayer(cell)
            cells.append(cell)
        }
        Transaction.commit()
        Transaction.begin()
        for cell in cells.prefix(animated) {
            let pulse = BasicAnimation(keyPath: "opacity", from: .number(1), to: .number(0.3))
            pulse.duration = 0.5
            pulse.autoreverses = true
            pulse.repeatCount = .infinity
            try cell.add(pulse, forKey: "pulse")
        }
        Transaction.commit()
        try app.sync()
        let arrivals = Arrivals()
        app.inputHandler = { message in
            if case .touchEvent(let touch) = message, touch.phase == .down { arrivals.note(MonotonicClock.now()) }
        }
        try app.subscribeInput([.touch])
        try app.sync()
        let tool = try daemon.connect(name: "inputbench-tool")
        let framesBefore = try frames(tool)
        var samples: [Double] = []
        for tap in 0..<taps {
            let frame = grid.frame((tap * 7919) % grid.layers)
            let p = WirePoint(x: frame.midX, y: frame.midY)
            let sent = MonotonicClock.now()
            try tool.injectInput([
                WireInjectedInput(offset: 0, action: .touchDown(WireInjectedTouch(slot: 0, point: p))),
                WireInjectedInput(offset: 0, action: .touchUp(0)),
            ])
            guard let arrived = arrivals.wait(count: tap + 1) else { throw ValidationError("tap \(tap) never arrived") }
            samples.append((arrived - sent) * 1e3)
            // Taps land anywhere in the frame cycle.
            usleep(UInt32(1000 + (tap * 3371) % 9000))
        }
        let framesDrawn = try frames(tool) - framesBefore
        samples.sort()
        return (percentile(samples, 0.5), percentile(samples, 0.99), framesDrawn)
    }

    func frames(_ connection: Connection) throws -> Int {
        Int(try connection.inspectStatus().frames)
    }
}

/// Layers in a grid of near-square cells over the output.
struct Grid {
    let layers: Int
    let columns: Int
    let rows: Int
    let width: Double
    let height: Double

    init(layers: Int, width: Double, height: Double) {
        self.layers = layers
        columns = Int((Double(layers) * width / height).squareRoot().rounded(.up))
        rows = (layers + columns - 1) / columns
        self.width = width
        self.height = height
    }

    /// Row `row`'s strip over the whole width.
    func row(_ row: Int) -> Rect {
        let h = height / Double(rows)
        return Rect(x: 0, y: Double(row) * h, width: width, height: h)
    }

    /// Cell `index`'s frame (row-major from the top left), inset by a tenth so that cells do not touch.
    func frame(_ index: Int) -> Rect {
        let w = width / Double(columns)
        let h = height / Double(rows)
        let x = Double(index % columns) * w
        let y = Double(index / columns) * h
        return Rect(x: x + w * 0.05, y: y + h * 0.05, width: w * 0.9, height: h * 0.9)
    }
}

/// When the app's handler saw each touch down.
final class Arrivals: @unchecked Sendable {
    private let condition = NSCondition()
    private var times: [Double] = []

    func note(_ time: Double) {
        condition.lock()
        times.append(time)
        condition.broadcast()
        condition.unlock()
    }

    func wait(count: Int) -> Double? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(5)
        while times.count < count {
            guard condition.wait(until: deadline) else { return nil }
        }
        return times[count - 1]
    }
}

func median(_ values: [Double]) -> Double {
    percentile(values.sorted(), 0.5)
}

/// The value at fraction `p` of sorted `values` (nearest rank).
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
