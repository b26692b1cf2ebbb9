import AnimKit
import ArgumentParser
import Dispatch
import Foundation

/// The demo client: builds seed 002's scene on a running animserverd and commits it in one transaction. An image
/// moves along a quadratic curve while it shrinks and fades (a keyframe path, two basic animations, one group), and
/// a second copy turns a full circle as two cumulative half turns. It reports the animation events and the
/// server's view of the scene, then waits for the transaction's completion block.
@main
struct AnimDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animdemo",
        abstract: "Commit seed 002's animated scene to a running animserverd and report what happens.")

    @Option(help: "The server's socket. Default: $ANIMSERVER_SOCKET, else $XDG_RUNTIME_DIR/animserver-0.")
    var socket: String?

    @Option(help: "Seconds to keep the scene on the server after its animations complete.")
    var hold: Double = 0

    @Option(help: "Seconds to wait for the animations to complete before giving up.")
    var timeout: Double = 30

    @Option(help: "Scales the whole 640x480 scene (its root layer's transform), e.g. 0.25 for a 160x120 output.")
    var scale: Double = 1

    @Flag(help: "The input demo instead: a card to drag (it springs back) and tap (it toggles), for --timeout seconds.")
    var card = false

    func validate() throws {
        guard hold.isFinite, hold >= 0 else { throw ValidationError("--hold \(hold): must be ≥ 0 seconds") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout \(timeout): must be > 0") }
        guard scale.isFinite, scale > 0 else { throw ValidationError("--scale \(scale): must be > 0") }
    }

    func run() throws {
        let connection: Connection
        do {
            connection = try Connection.connect(socketPath: socket, name: "animdemo")
        } catch {
            throw DemoOutput.failure("cannot connect to the server: \(error)")
        }
        defer { connection.close() }
        do {
            if card {
                try showCard(on: connection)
                return
            }
            try show(on: connection)
        } catch let error as AnimKitError {
            // A request or commit that failed because the connection ended says less than why it ended.
            throw DemoOutput.failure(connection.closeReason.map(Self.closing) ?? "\(error)")
        }
    }

    private func show(on connection: Connection) throws {
        let events = DispatchQueue(label: "animdemo.events")
        connection.delegateQueue = events
        connection.errorHandler = { error in
            // The connection's end is reported by the main thread, which it wakes (the completion block runs).
            guard case .server(let refusal) = error, !refusal.isFatal else { return }
            DemoOutput.line("server refused: \(refusal)")
        }
        DemoOutput.line("connected: session \(connection.session), server clock \(connection.clockMode)")

        let completed = DispatchSemaphore(value: 0)
        // Everything, layer creation included, goes in one explicit transaction: this thread never returns to
        // the main queue, so an implicit transaction opened here would never be committed.
        Transaction.begin()
        Transaction.setCompletionBlock { completed.signal() }
        let scene = try DemoScene(connection: connection, reporter: EventReporter(start: Date()), scale: scale)
        try scene.build()
        Transaction.commit()
        DemoOutput.line("committed: 3 layers, 1 group of 3 animations, 1 cumulative rotation repeated twice")

        try connection.sync()
        let status = try connection.inspect(.status)
        DemoOutput.line("server status: \(status)")
        let midway = try scene.sprite.presentation()
        DemoOutput.line(
            "sprite presentation now: position (\(midway.position.x), \(midway.position.y)), opacity \(midway.opacity)")

        guard completed.wait(timeout: .now() + timeout) == .success else {
            throw DemoOutput.failure(
                "the animations did not complete within \(timeout) s (a manual clock must be advanced)")
        }
        events.sync {}
        // The block also runs when the connection ends, with the animations unfinished.
        if let reason = connection.closeReason { throw reason }
        DemoOutput.line("transaction completed: every animation of the commit has stopped")
        if hold > 0 { Thread.sleep(forTimeInterval: hold) }
    }

    /// The card demo: builds it, then prints each gesture until `timeout` seconds have passed.
    private func showCard(on connection: Connection) throws {
        let events = DispatchQueue(label: "animdemo.events")
        connection.delegateQueue = events
        let demo = try events.sync { try CardDemo(connection: connection, scale: scale) }
        try connection.sync()
        DemoOutput.line("card ready: session \(connection.session); drag it, tap it")
        let ended = DispatchSemaphore(value: 0)
        connection.statusHandler = { status in if case .closed = status { ended.signal() } }
        _ = ended.wait(timeout: .now() + timeout)
        events.sync {}
        withExtendedLifetime(demo) {}
        if let reason = connection.closeReason { throw reason }
    }

    /// Why the connection ended, as the demo's last line says it.
    static func closing(_ reason: AnimKitError) -> String {
        switch reason {
        case .server(let report): "the server closed the connection: \(report)"
        case .closed(let text): text
        default: "the connection to the server failed: \(reason)"
        }
    }
}

/// stdout, one line at a time, from any queue.
enum DemoOutput {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes "animdemo: `text`" to stderr and returns the exit status to throw: failing, without the usage text
    /// that a ValidationError would print.
    static func failure(_ text: String) -> ExitCode {
        FileHandle.standardError.write(Data("animdemo: \(text)\n".utf8))
        return .failure
    }
}

/// Prints each animation's did-start and did-stop as they arrive, with the seconds since the commit.
final class EventReporter: AnimationDelegate, @unchecked Sendable {
    let start: Date
    init(start: Date) { self.start = start }

    private var elapsed: String { String(format: "%.2f s", Date().timeIntervalSince(start)) }

    func animationDidStart(_ animation: Animation) {
        DemoOutput.line("[\(elapsed)] did start: \(Self.name(animation))")
    }

    func animationDidStop(_ animation: Animation, finished: Bool) {
        DemoOutput.line("[\(elapsed)] did stop: \(Self.name(animation)), finished \(finished)")
    }

    static func name(_ animation: Animation) -> String {
        switch animation {
        case is AnimationGroup: "group (path, scale, fade)"
        case let basic as BasicAnimation: "basic \(basic.keyPath ?? "?")"
        default: "\(type(of: animation))"
        }
    }
}
