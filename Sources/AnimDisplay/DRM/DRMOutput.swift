import AnimRender
import Logging

/// How `animserverd --output drm` is set up.
public struct DRMOutputOptions: Sendable {
    /// `--drm-device`; nil: `ANIMSERVER_DRM_DEVICE`, else the first card with a connected connector.
    public var devicePath: String?
    /// `--connector A,B`: only these connectors, in this order (the layout's); nil: every connected one in the
    /// card's order.
    public var connectors: [String]?
    /// `--layout`: how the connectors share the scene.
    public var layout: OutputLayout
    /// `--mode`; nil: the connector's preferred mode.
    public var mode: ModeRequest?
    public var rotation: OutputRotation
    public var renderer: RendererChoice
    public var maxTextureSize: Int?
    public var environment: [String: String]
    /// Shown from the moment the display lights until the first client commit.
    public var splash: SplashImage?
    /// `--session`: who opens the device (libseat's seat, or the process itself).
    public var session: SessionChoice

    public init(
        devicePath: String? = nil, connectors: [String]? = nil, layout: OutputLayout = .extend,
        mode: ModeRequest? = nil, rotation: OutputRotation = .none, renderer: RendererChoice = .auto,
        maxTextureSize: Int? = nil, environment: [String: String] = [:], splash: SplashImage? = nil,
        session: SessionChoice = .auto
    ) {
        self.splash = splash
        self.session = session
        self.devicePath = devicePath
        self.connectors = connectors
        self.layout = layout
        self.mode = mode
        self.rotation = rotation
        self.renderer = renderer
        self.maxTextureSize = maxTextureSize
        self.environment = environment
    }
}

/// The displays on a DRM/KMS device, one per connector lit, sharing one scene laid out by `--layout`: the
/// output the server draws into (its render thread shows each frame by a page flip on each connector) and the
/// pacer whose flip events (the first lit connector's) drive the server's frames.
public final class DRMOutput: Sendable {
    /// Draws the frames and takes the screenshots (of the whole upright scene), like the headless output.
    public let output: HeadlessOutput
    /// Hand it to the server (`Server.pacer`): frames are composed at its repaint deadlines.
    public let pacer: DRMFramePacer
    /// The connectors, CRTCs, planes and modes lit at start, in layout order (a placeholder while waiting for
    /// a display); the first is the primary, whose refresh rate paces the frames.
    public let plans: [DRMOutputPlan]
    /// The descriptors the server's loop watches for this output besides the card's (the pacer's): the udev
    /// monitor's (connectors plugged and unplugged) and the seat's (VT switches), each its own source. Hand
    /// them to the server (the `Output` protocol's `loopSources`), which watches them once it starts.
    public let loopSources: [LoopSource]
    /// The session the card was opened through: the input devices open theirs through it too.
    public let session: any SeatSession
    private let seat: SeatWatch

    /// Opens the device, chooses the connectors, a distinct CRTC and plane for each and their modes, switches
    /// the VT to graphics mode, starts the render thread and lights the displays with a first (black) frame.
    public init(options: DRMOutputOptions, logger: Logger) throws(OutputStartError) {
        let device: LibDRMDevice
        var plans: [DRMOutputPlan]
        var waiting = false
        let session: any SeatSession
        do throws(DRMError) {
            do throws(SeatError) {
                session = try options.session.open(logger: logger)
            } catch {
                throw .session(error)
            }
            device = try LibDRMDevice.discover(
                explicit: options.devicePath, environment: options.environment, session: session)
            let resources = try device.resources()
            do throws(DRMError) {
                let planned = try DRMModeset.plans(
                    resources, device: device.path, connectorNames: options.connectors, mode: options.mode,
                    rotation: options.rotation)
                for (connector, reason) in planned.dark {
                    logger.warning("display stays dark", metadata: ["connector": "\(connector)", "error": "\(reason)"])
                }
                // Connected connectors none of which can be lit: the first one's reason.
                if planned.plans.isEmpty, let first = planned.dark.first { throw first.reason }
                plans = planned.plans
            } catch {
                // No display connected yet: the output starts dark and lights the first one plugged in.
                guard case .noConnector = error else { throw error }
                plans = [
                    try DRMModeset.waitingPlan(
                        resources, device: device.path, connectorName: options.connectors?.first, mode: options.mode,
                        rotation: options.rotation)
                ]
                waiting = true
                logger.notice(
                    "no display connected: waiting for one",
                    metadata: [
                        "device": "\(device.path)",
                        "connector": "\(options.connectors?.joined(separator: ",") ?? "any")",
                    ])
            }
        } catch {
            throw .drm(error)
        }
        guard let primary = plans.first else {
            throw .drm(
                .noConnector(device: device.path, wanted: options.connectors?.joined(separator: ","), available: []))
        }
        guard let configuration = FrameSchedulerConfiguration(refreshRate: primary.mode.mode.refresh) else {
            throw .drm(.mode(.unusableRefresh(primary.mode.mode)))
        }
        let hotplug: HotplugWatch?
        do throws(DRMError) {
            hotplug = HotplugWatch(monitor: try UdevMonitor(), card: device.path, logger: logger)
        } catch {
            logger.warning("hotplug not watched: no udev monitor", metadata: ["error": "\(error)"])
            hotplug = nil
        }
        let pacer = DRMFramePacer(device: device, configuration: configuration, logger: logger)
        let seat = SeatWatch(seat: session, logger: logger)
        // libseat's backends (logind's TakeControl, seatd) keep the VT in graphics mode and handle switches.
        let terminal =
            session.description.kind == .libseat ? nil : VirtualTerminal.enterGraphics(logger: logger)
        let scanout = DRMScanout(
            device: device, plans: plans, pacer: pacer, terminal: terminal, seat: seat, connectors: options.connectors,
            mode: options.mode, rotation: options.rotation, layout: options.layout, waiting: waiting, logger: logger)
        let factory = RendererFactory(
            gles: { (size, limit) throws(RenderError) in
                try scanout.makeGLESRenderer(size: size, maxTextureSize: limit)
            },
            software: { SoftwareRenderer(size: $0) })
        do throws(OutputStartError) {
            output = try HeadlessOutput(
                configuration: OutputConfiguration(
                    size: scanout.sceneSize, refresh: primary.mode.mode.refresh, renderer: options.renderer,
                    maxTextureSize: options.maxTextureSize),
                factory: factory, scanout: scanout, splash: options.splash, logger: logger)
        } catch {
            terminal?.restore()
            throw error
        }
        let output = self.output
        hotplug?.setHandler { output.connectorsChanged() }
        seat.setHandlers(paused: { scanout.seatPaused() }, resumed: { output.seatResumed() })
        pacer.setRedraw { output.requestRedraw() }
        self.pacer = pacer
        self.plans = plans
        self.session = session
        self.seat = seat
        loopSources = [hotplug?.loopSource, seat.loopSource].compactMap { $0 }
    }

    /// Runs `paused` on the loop thread when the seat is disabled (after the scan-out paused, before the disable is
    /// acknowledged) and `resumed` when it is enabled again (after the display is asked to relight).
    public func observeSeat(paused: @escaping @Sendable () -> Void, resumed: @escaping @Sendable () -> Void) {
        seat.addHandlers(paused: paused, resumed: resumed)
    }
}
