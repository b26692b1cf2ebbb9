import AnimRender
import Logging

/// How `animserverd --output drm` is set up.
public struct DRMOutputOptions: Sendable {
    /// `--drm-device`; nil: `ANIMSERVER_DRM_DEVICE`, else the first card with a connected connector.
    public var devicePath: String?
    /// A connector by name (`HDMI-A-1`); nil: the first connected one.
    public var connector: String?
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
        devicePath: String? = nil, connector: String? = nil, mode: ModeRequest? = nil, rotation: OutputRotation = .none,
        renderer: RendererChoice = .auto, maxTextureSize: Int? = nil, environment: [String: String] = [:],
        splash: SplashImage? = nil, session: SessionChoice = .auto
    ) {
        self.splash = splash
        self.session = session
        self.devicePath = devicePath
        self.connector = connector
        self.mode = mode
        self.rotation = rotation
        self.renderer = renderer
        self.maxTextureSize = maxTextureSize
        self.environment = environment
    }
}

/// A display on a DRM/KMS device: the output the server draws into (its render thread shows each frame by a
/// page flip) and the pacer whose flip events drive the server's frames.
public final class DRMOutput: Sendable {
    /// Draws the frames and takes the screenshots (of the upright scene), like the headless output.
    public let output: HeadlessOutput
    /// Hand it to the server (`Server.pacer`): frames are composed at its repaint deadlines.
    public let pacer: DRMFramePacer
    /// The connector, CRTC, plane and mode lit.
    public let plan: DRMOutputPlan

    /// Opens the device, chooses the connector, CRTC, plane and mode, switches the VT to graphics mode, starts
    /// the render thread and lights the display with the first (black) frame.
    public init(options: DRMOutputOptions, logger: Logger) throws(OutputStartError) {
        let device: LibDRMDevice
        var plan: DRMOutputPlan
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
                plan = try DRMModeset.plan(
                    resources, device: device.path, connectorName: options.connector, mode: options.mode,
                    rotation: options.rotation)
            } catch {
                // No display connected yet: the output starts dark and lights the first one plugged in.
                guard case .noConnector = error else { throw error }
                plan = try DRMModeset.waitingPlan(
                    resources, device: device.path, connectorName: options.connector, mode: options.mode,
                    rotation: options.rotation)
                waiting = true
                logger.notice(
                    "no display connected: waiting for one",
                    metadata: ["device": "\(device.path)", "connector": "\(options.connector ?? "any")"])
            }
        } catch {
            throw .drm(error)
        }
        guard let configuration = FrameSchedulerConfiguration(refreshRate: plan.mode.mode.refresh) else {
            throw .drm(.mode(.unusableRefresh(plan.mode.mode)))
        }
        let udev: UdevMonitor?
        do throws(DRMError) {
            udev = try UdevMonitor()
        } catch {
            logger.warning("hotplug not watched: no udev monitor", metadata: ["error": "\(error)"])
            udev = nil
        }
        let pacer = DRMFramePacer(
            device: device, configuration: configuration, udev: udev, seat: session, logger: logger)
        // libseat's backends (logind's TakeControl, seatd) keep the VT in graphics mode and handle switches.
        let terminal =
            session.description.kind == .libseat ? nil : VirtualTerminal.enterGraphics(logger: logger)
        let scanout = DRMScanout(
            device: device, plan: plan, pacer: pacer, terminal: terminal, connector: options.connector,
            mode: options.mode, waiting: waiting, logger: logger)
        let factory = RendererFactory(
            gles: { (size, limit) throws(RenderError) in
                try scanout.makeGLESRenderer(size: size, maxTextureSize: limit)
            },
            software: { SoftwareRenderer(size: $0) })
        do throws(OutputStartError) {
            output = try HeadlessOutput(
                configuration: OutputConfiguration(
                    size: plan.sceneSize, refresh: plan.mode.mode.refresh, renderer: options.renderer,
                    maxTextureSize: options.maxTextureSize),
                factory: factory, scanout: scanout, splash: options.splash, logger: logger)
        } catch {
            terminal?.restore()
            throw error
        }
        let output = self.output
        pacer.setHotplug { output.connectorsChanged() }
        pacer.setSeatHandlers(paused: { scanout.seatPaused() }, resumed: { output.seatResumed() })
        self.pacer = pacer
        self.plan = plan
    }
}
