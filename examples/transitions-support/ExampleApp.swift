import AnimKit
import ArgumentParser
import Dispatch
import Foundation

/// The options every transition example takes.
public struct ExampleOptions: ParsableArguments {
    @Option(help: "The server's socket. Default: $ANIMSERVER_SOCKET, else $XDG_RUNTIME_DIR/animserver-0.")
    public var socket: String?

    @Option(help: "The scene's size in points, WxH (the output's, for a full-screen app).")
    public var size = "480x320"

    @Flag(help: "Play the transitions in order without input, each once the previous one has ended.")
    public var script = false

    @Option(help: "With --script: seconds of the server's media time before each transition.")
    public var step = 1.0

    @Option(help: "Exit after this many seconds (wall clock). Default: run until killed or the server goes away.")
    public var hold: Double?

    public init() {}

    public func validate() throws {
        guard metrics != nil else {
            throw ValidationError("--size \(size): expected WxH of at least 16x16, e.g. 240x160")
        }
        guard step.isFinite, step >= 0 else { throw ValidationError("--step \(step): must be ≥ 0 seconds") }
        if let hold, !(hold.isFinite && hold >= 0) { throw ValidationError("--hold \(hold): must be ≥ 0 seconds") }
    }

    /// `size` parsed; nil when it is not WxH.
    public var metrics: Metrics? {
        let parts = size.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 >= 16 }) else { return nil }
        return Metrics(width: parts[0], height: parts[1])
    }
}

/// An example app: built on the app's queue once connected; `scriptSteps` is what `--script` plays.
public protocol ExampleScene: AnyObject {
    var scriptSteps: [ScriptStep] { get }
}

/// Connects, builds the app with `make` on a serial queue of its own (gestures, animation delegates and the
/// app's code all run there, as UIKit's on the main thread; it has no run loop, so every change goes in an
/// explicit transaction), prints "ready WxH", plays the script if asked, and runs until `--hold` seconds have
/// passed or the server goes away.
public func runExample(
    _ name: String, options: ExampleOptions, make: (Connection, Metrics) throws -> any ExampleScene
) throws {
    let output = ExampleOutput(program: name)
    let connection: Connection
    do {
        connection = try Connection.connect(socketPath: options.socket, name: name)
    } catch {
        throw output.failure("cannot connect to the server: \(error)")
    }
    defer { connection.close() }
    let queue = DispatchQueue(label: name)
    connection.delegateQueue = queue
    let metrics = options.metrics ?? Metrics(width: 480, height: 320)
    let app = try queue.sync { try make(connection, metrics) }
    try connection.sync()
    ExampleOutput.line("ready \(options.size)")
    if options.script {
        ScriptRunner(connection: connection, queue: queue, pause: options.step).run(app.scriptSteps)
    }
    let ended = DispatchSemaphore(value: 0)
    connection.statusHandler = { status in if case .closed = status { ended.signal() } }
    if let hold = options.hold {
        _ = ended.wait(timeout: .now() + hold)
    } else {
        ended.wait()
    }
    queue.sync {}
    withExtendedLifetime(app) {}
    if options.hold == nil, let reason = connection.closeReason { throw output.failure("\(reason)") }
}

/// stdout, one line at a time, from any queue: tests read it to know what the app did.
public struct ExampleOutput {
    let program: String

    public static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes "`program`: `text`" to stderr and returns the exit status to throw.
    func failure(_ text: String) -> ExitCode {
        FileHandle.standardError.write(Data("\(program): \(text)\n".utf8))
        return .failure
    }
}
