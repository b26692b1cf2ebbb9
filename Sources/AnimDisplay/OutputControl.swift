import AnimRender

/// A change `animctl output` asks of an output.
public enum OutputChange: Hashable, Sendable, CustomStringConvertible {
    /// Another mode of the connector (the scene's size follows).
    case mode(ModeRequest)
    /// Another rotation (the scene's width and height swap at 90 and 270).
    case rotation(OutputRotation)
    /// The display on (true) or blanked (false: DPMS off / CRTC inactive; frames keep being evaluated).
    case power(Bool)

    public var description: String {
        switch self {
        case .mode(let request): "mode \(request)"
        case .rotation(let rotation): "rotation \(rotation)"
        case .power(let on): "power \(on ? "on" : "off")"
        }
    }
}

/// What `animctl output` lists for an output.
public struct OutputDescription: Hashable, Sendable {
    /// The connector's name (`HDMI-A-1`), or `headless`.
    public var name: String
    /// The DRM device node; nil for the headless output.
    public var device: String?
    /// Its part of the scene's size (the panel's turned by the rotation).
    public var sceneSize: PixelSize
    /// Where its part of the scene starts (the layout's; the headless output's is the origin).
    public var position: OutputPosition
    /// The mode lit; nil for the headless output.
    public var mode: DisplayMode?
    /// The modes the connector offers.
    public var modes: [DisplayMode]
    public var rotation: OutputRotation
    /// The plane turns the picture (else the renderer's copy does).
    public var planeRotates: Bool
    public var powered: Bool
    /// "atomic" or "legacy"; nil for the headless output.
    public var modesetting: String?

    public init(
        name: String, device: String? = nil, sceneSize: PixelSize,
        position: OutputPosition = OutputPosition(x: 0, y: 0),
        mode: DisplayMode? = nil, modes: [DisplayMode] = [],
        rotation: OutputRotation = .none, planeRotates: Bool = false, powered: Bool = true, modesetting: String? = nil
    ) {
        self.name = name
        self.device = device
        self.sceneSize = sceneSize
        self.position = position
        self.mode = mode
        self.modes = modes
        self.rotation = rotation
        self.planeRotates = planeRotates
        self.powered = powered
        self.modesetting = modesetting
    }
}

/// Why an output change was not made.
public enum OutputControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The headless output has no display to change.
    case notADisplay(OutputChange)
    /// The DRM device refused (the output keeps what it had).
    case drm(DRMError)
    /// The output stopped before the change was made.
    case outputStopped

    public var description: String {
        switch self {
        case .notADisplay(let change): "\(change): the headless output has no display (start with --output drm)"
        case .drm(let error): "\(error)"
        case .outputStopped: "the output stopped before the change was made"
        }
    }
}
