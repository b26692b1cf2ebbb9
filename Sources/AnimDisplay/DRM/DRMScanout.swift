import AnimRender
import AnimTransport
import Logging

/// The DRM output's side of the render thread: the head set (`DRMHeadSet`: lighting, hotplug, layout) and the
/// presenter (`DRMPresenter`: show, copy, flip) behind the render thread's `Scanout`, and the seat gate both
/// go through. The scene is rendered once, sized to the layout's bounding box; each frame is shown on every
/// lit connector.
final class DRMScanout: Scanout, @unchecked Sendable {
    let device: any DRMDevice
    let pacer: DRMFramePacer
    private let logger: Logger
    private let terminal: VirtualTerminal?
    private let heads: DRMHeadSet
    private let presenter: DRMPresenter
    /// The seat's events (nil: the device was opened without a session, in tests).
    private let seat: SeatWatch?
    /// Held across each sequence of ioctls; closed while the seat is disabled (VT switched away: the device is
    /// not ours, no ioctl is made).
    let seatGate = SeatGate()

    /// `plans` are lit in order (the layout's); `waiting`: no display yet, `plans` holds the placeholder whose
    /// size the scene has until a connector appears.
    init(
        device: any DRMDevice, plans: [DRMOutputPlan], pacer: DRMFramePacer, terminal: VirtualTerminal?,
        seat: SeatWatch? = nil, connectors: [String]? = nil, mode: ModeRequest? = nil,
        rotation: OutputRotation = .none, layout: OutputLayout = .extend, waiting: Bool = false, logger: Logger
    ) {
        self.device = device
        self.pacer = pacer
        self.terminal = terminal
        self.seat = seat
        self.logger = logger
        heads = DRMHeadSet(
            device: device, plans: plans, pacer: pacer, seatGate: seatGate, seat: seat, connectors: connectors,
            mode: mode, rotation: rotation, layout: layout, waiting: waiting, logger: logger)
        presenter = DRMPresenter(pacer: pacer, logger: logger)
    }

    /// The layout's bounding box: the renderer's size.
    var sceneSize: PixelSize { heads.sceneSize }

    var outputDescriptions: [OutputDescription] { heads.outputDescriptions }

    var session: SeatSessionDescription? { seat?.session }

    var pacing: PacingStatistics { pacer.statistics }

    /// The output factory's GLES renderer: EGL on the GBM device of the DRM descriptor.
    func makeGLESRenderer(size: PixelSize, maxTextureSize: Int?) throws(RenderError) -> any Renderer {
        try heads.makeGLESRenderer(size: size, maxTextureSize: maxTextureSize)
    }

    func start(renderer: any Renderer) throws(DRMError) -> PixelSize {
        try heads.start(renderer: renderer)
    }

    func present(_ renderer: any Renderer, damage: Damage?) {
        var primaryFlipped = false
        seatGate.enter()
        defer { seatGate.leave() }
        if !heads.stopped, !seatGate.isPaused {
            primaryFlipped = presenter.present(heads.showing, renderer, damage: damage, scene: heads.sceneSize)
        }
        if !primaryFlipped { pacer.frameComposed(now: MonotonicClock.now(), flipped: false) }
    }

    func apply(_ change: OutputChange, output name: String) throws(DRMError) -> PixelSize {
        try heads.apply(change, output: name)
    }

    func connectorsChanged() throws(DRMError) -> PixelSize? {
        try heads.connectorsChanged()
    }

    func wantFrame() {
        pacer.wakeLoop()
    }

    /// The seat was disabled (VT switched away, the device's master is gone); on the loop thread, before the
    /// disable is acknowledged: waits for the ioctls in progress, then no ioctl at all until `seatResumed`, and
    /// the pacer plans no frames.
    func seatPaused() {
        seatGate.close()
        pacer.setPaused(true)
        logger.notice(
            "seat disabled: the display is left alone until it comes back", metadata: ["device": "\(device.path)"])
    }

    func seatResumed() throws(DRMError) -> PixelSize {
        try heads.seatResumed()
    }

    func stop() {
        guard !heads.stopped else { return }
        heads.stop()
        terminal?.restore()
    }
}
