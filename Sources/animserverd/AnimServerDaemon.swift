import AnimServer
import AnimTransport
import ArgumentParser
import Dispatch
import Foundation
import Logging

@main
struct AnimServerDaemon: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animserverd",
        abstract: "The animserver render server: keeps each client's layer tree and runs its animations.",
        discussion: """
            Clients connect to a Unix socket: --socket, else $ANIMSERVER_SOCKET, else \
            $XDG_RUNTIME_DIR/animserver-0, or the socket systemd passes (socket activation). Under systemd the \
            daemon reports readiness (Type=notify) and pings the watchdog when WatchdogSec is set. SIGTERM and \
            SIGINT stop it cleanly and remove the socket file it created.
            """)

    @Option(help: "The listening socket's path.")
    var socket: String?

    @Option(help: "monotonic (CLOCK_MONOTONIC) or manual (moved only by `animctl clock`).")
    var clock: ClockChoice = .monotonic

    @Option(name: .customLong("clock-start"), help: "The manual clock's first value, in seconds.")
    var clockStart: Double = 0

    @Option(help: "Where frames go. headless: no display; frames are counted (drawing lands with the renderer).")
    var output: OutputChoice = .headless

    @Option(help: "Frames per second while something animates (overrides the config file's frameRate).")
    var refresh: Double?

    @Option(help: "A JSON file of quotas (see README). Default: \(DaemonDefaults.configPath) when it exists.")
    var config: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: LogLevelChoice = .info

    func validate() throws {
        if let refresh, !(refresh.isFinite && refresh > 0 && refresh <= 1000) {
            throw ValidationError("--refresh \(refresh): must be a number of frames per second in (0, 1000]")
        }
        guard clockStart.isFinite else { throw ValidationError("--clock-start \(clockStart): must be finite") }
    }

    func run() throws {
        let level = logLevel.level
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "animserverd")
        let environment = ProcessInfo.processInfo.environment
        let activated = Systemd.listenFDs().first
        let socketPath: String
        if let socket {
            socketPath = socket
        } else if activated != nil {
            socketPath = environment["ANIMSERVER_SOCKET"] ?? "(systemd socket)"
        } else {
            socketPath = try SocketPath.resolve(environment: environment)
        }
        var configuration = try DaemonDefaults.loadConfiguration(explicitPath: config)
        if let refresh { configuration.frameRate = refresh }
        let options = ServerOptions(
            socketPath: socketPath, listenFD: socket == nil ? activated : nil, configuration: configuration,
            clockMode: clock.mode, manualClockStart: clockStart)
        let server = try Server(options: options, logger: logger)
        try server.start()
        DaemonSignals.stopOnTermination(server, logger: logger)
        dispatchMain()
    }
}
