import AnimDisplay
import AnimRender
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

    @Option(
        help: """
            Where frames go. headless: no display; frames are drawn offscreen for screenshots. drm: a display on \
            DRM/KMS, paced by its vblanks.
            """)
    var output: OutputChoice = .headless

    @Option(help: "The output's size in pixels, WIDTHxHEIGHT (headless; a DRM output takes its mode's).")
    var size: String = "1280x720"

    @Option(
        name: .customLong("drm-device"),
        help: "--output drm: the card (else $ANIMSERVER_DRM_DEVICE, else the first with a connected display).")
    var drmDevice: String?

    @Option(
        help: """
            --output drm: the connectors to light, a comma list in layout order (HDMI-A-1 or HDMI-A-1,DP-1); \
            default: every connected one, in the card's order.
            """)
    var connector: String?

    @Option(
        help: """
            --output drm with several connectors: extend (left to right, tops aligned; the scene is their \
            bounding box) or mirror (each at the scene's top-left, showing it at its own size).
            """)
    var layout: OutputLayout?

    @Option(help: "--output drm: the mode, WIDTHxHEIGHT or WIDTHxHEIGHT@HZ; default: the connector's preferred.")
    var mode: String?

    @Option(help: "--output drm: turn the picture clockwise by 0, 90, 180 or 270 degrees.")
    var rotation: String = "0"

    @Option(
        help: """
            --output drm: who opens the card. libseat: a seat session (logind for a dedicated user in a PAM \
            session on a VT, seatd, or libseat's builtin seatd as root), which also pauses on a VT switch; direct: \
            open(2) as root or through the video group; auto: libseat when it opens a seat, else direct.
            """)
    var session: SessionChoice = .auto

    @Option(help: "Frames per second while something animates (overrides the config file's frameRate).")
    var refresh: Double?

    @Option(
        help: """
            auto (GLES on a hardware GPU, else the software renderer), gles (GLES or a start error) or software.
            """)
    var renderer: RendererChoice = .auto

    @Option(
        name: .customLong("max-texture-size"),
        help: "A texture limit below the GPU's, for the GLES renderer's CPU tiles (also $ANIMSERVER_MAX_TEXTURE_SIZE).")
    var maxTextureSize: Int?

    @Option(
        help: """
            A PNG shown (fitted, centred, on black) from the moment the output lights until the first client \
            commit, then cross-faded to the scene over 0.25 s (overrides the config file's splash).
            """)
    var splash: String?

    @Option(help: "A JSON file of quotas (see README). Default: \(DaemonDefaults.configPath) when it exists.")
    var config: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: LogLevelChoice = .info

    /// Run by the daemon itself for `--renderer auto` (EGLProbe): prints what EGL offers and exits.
    @Flag(name: .customLong("probe-egl"), help: .hidden)
    var probeEGL = false

    func validate() throws {
        if let refresh, !(refresh.isFinite && refresh > 0 && refresh <= 1000) {
            throw ValidationError("--refresh \(refresh): must be a number of frames per second in (0, 1000]")
        }
        guard clockStart.isFinite else { throw ValidationError("--clock-start \(clockStart): must be finite") }
        guard PixelSize(parsing: size) != nil else {
            throw ValidationError(
                "--size \(size): must be WIDTHxHEIGHT, each side 1…\(OutputConfiguration.maximumSide) (e.g. 1280x720)")
        }
        if let mode { _ = try ModeRequest(parsing: mode) }
        _ = try OutputRotation(parsing: rotation)
        if output != .drm,
            drmDevice != nil || connector != nil || layout != nil || mode != nil || rotation != "0" || session != .auto
        {
            throw ValidationError(
                "--drm-device, --connector, --layout, --mode, --rotation and --session need --output drm")
        }
        if let connector { _ = try Self.connectorNames(connector) }
        if output == .drm, refresh != nil {
            throw ValidationError("--refresh: a DRM output refreshes at its mode's rate (choose it with --mode)")
        }
        if let maxTextureSize, maxTextureSize < DaemonDefaults.minimumTextureSize {
            throw ValidationError(
                "--max-texture-size \(maxTextureSize): must be at least \(DaemonDefaults.minimumTextureSize)")
        }
    }

    func run() throws {
        if probeEGL {
            EGLProbe.answer(
                size: PixelSize(parsing: size) ?? PixelSize(width: 1280, height: 720), maxTextureSize: maxTextureSize)
            return
        }
        DaemonAllocator.tune()
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
        let textureLimit = try maxTextureSize ?? DaemonDefaults.maxTextureSize(environment: environment)
        let splashImage = try (splash ?? configuration.splash).map { path throws(SplashError) in
            try SplashImage(path: path)
        }
        // The output comes up first: a forced renderer or a display that cannot start leaves no socket behind.
        // Each output brings the vblanks that pace its frames (the headless output's virtual ones, the displays'
        // flips) and the descriptors the server's loop watches for it.
        let output: any Output
        var display: DRMOutput?
        switch self.output {
        case .headless:
            output = try HeadlessOutput(
                configuration: OutputConfiguration(
                    size: PixelSize(parsing: size) ?? PixelSize(width: 1280, height: 720),
                    refresh: configuration.frameRate, renderer: renderer, maxTextureSize: textureLimit),
                factory: EGLProbe.factory, splash: splashImage, logger: logger)
        case .drm:
            let drm = try DRMOutput(
                options: DRMOutputOptions(
                    devicePath: drmDevice, connectors: try connector.map(Self.connectorNames),
                    layout: layout ?? .extend, mode: try mode.map { try ModeRequest(parsing: $0) },
                    rotation: try OutputRotation(parsing: rotation), renderer: renderer, maxTextureSize: textureLimit,
                    environment: environment, splash: splashImage, session: session),
                logger: logger)
            // Animations step once per vblank of the primary's mode (the first connector lit).
            if let primary = drm.plans.first { configuration.frameRate = primary.mode.mode.refresh }
            output = drm
            display = drm
        }
        let options = ServerOptions(
            socketPath: socketPath, listenFD: socket == nil ? activated : nil, configuration: configuration,
            clockMode: clock.mode, manualClockStart: clockStart)
        let server = try Server(options: options, logger: logger)
        server.output = output
        if let display {
            let devices = DaemonInput.open(
                display: display, configuration: configuration, server: server, logger: logger)
            server.loopSources += devices?.loopSources ?? []
        }
        try server.start()
        DaemonSignals.stopOnTermination(server, logger: logger)
        dispatchMain()
    }

    /// `--connector A,B`: the names in order, each once.
    static func connectorNames(_ text: String) throws -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !names.contains(where: \.isEmpty) else {
            throw ValidationError("--connector \(text): a connector name or a comma list of them (HDMI-A-1,DP-1)")
        }
        guard Set(names).count == names.count else {
            throw ValidationError("--connector \(text): a connector is named twice")
        }
        return names
    }
}
