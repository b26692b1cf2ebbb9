/// What one commit sets on a lit connector (after wlroots' `wlr_drm_connector_state`): its route and mode
/// (`plan`), whether its CRTC is active, the framebuffer its primary plane shows and how.
public struct DRMHeadState: Sendable {
    public var plan: DRMOutputPlan
    public var active: Bool
    /// The buffer to show; nil: the commit only turns the CRTC on or off (`active`).
    public var framebuffer: UInt32?
    /// The MODE_ID blob of `plan`'s mode for a modeset (`DRMCommitInterface.createModeBlob`; nil without one).
    public var modeBlob: UInt32?
    /// The plane turns the picture by the plan's rotation (the buffer is the scene's size), not the renderer.
    public var planeRotates: Bool

    public init(
        plan: DRMOutputPlan, active: Bool = true, framebuffer: UInt32? = nil, modeBlob: UInt32? = nil,
        planeRotates: Bool = false
    ) {
        self.plan = plan
        self.active = active
        self.framebuffer = framebuffer
        self.modeBlob = modeBlob
        self.planeRotates = planeRotates
    }
}

/// How a commit is made (wlroots' commit flags).
public struct DRMCommitFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A full modeset may happen: lighting a mode, turning the CRTC on or off. Without it a commit with a
    /// framebuffer is a page flip.
    public static let allowModeset = DRMCommitFlags(rawValue: 1 << 0)
    /// A flip that returns at once and reports its completion as a page-flip event on the card's descriptor.
    public static let pageFlipEvent = DRMCommitFlags(rawValue: 1 << 1)
    /// Checks that the driver would accept the state, changes nothing.
    public static let testOnly = DRMCommitFlags(rawValue: 1 << 2)
}

/// The one way the DRM output changes what a connector shows, with an implementation per kernel interface
/// chosen when the connector is lit (after wlroots' `backend/drm/iface.h`): atomic property commits, or the
/// legacy calls (drmModeSetCrtc, drmModePageFlip, the connector's DPMS) for drivers without atomic. The rest
/// of the output hands both the same `DRMHeadState` and never asks which one it has.
public protocol DRMCommitInterface {
    /// `atomic` or `legacy`, as `animctl output` and the log name the modesetting.
    var name: String { get }
    /// Whether the plane can turn the picture by `plan`'s rotation (its `rotation` property offers it).
    func planeCanRotate(_ plan: DRMOutputPlan) -> Bool
    /// The MODE_ID blob a modeset of `mode` names (nil where the interface passes the mode itself); the caller
    /// destroys it with `device.destroyBlob` once another mode is lit.
    func createModeBlob(_ mode: DRMMode) throws(DRMError) -> UInt32?
    /// Makes `state` what the connector shows.
    func commit(_ state: DRMHeadState, flags: DRMCommitFlags) throws(DRMError)
}

extension DRMModeset {
    /// The commit interface of `device` for `plan`: atomic when the driver accepted the atomic capability and
    /// the connector's CRTC has a primary plane, else legacy.
    public static func commitInterface(_ device: any DRMDevice, for plan: DRMOutputPlan) -> any DRMCommitInterface {
        device.supportsAtomic && plan.plane != nil
            ? AtomicCommitInterface(device: device) : LegacyCommitInterface(device: device)
    }
}

/// Atomic modesetting: every state is a set of property writes committed at once (`DRMModeset`'s writes).
public struct AtomicCommitInterface: DRMCommitInterface {
    let device: any DRMDevice

    public init(device: any DRMDevice) {
        self.device = device
    }

    public static let name = "atomic"
    public var name: String { Self.name }

    public func planeCanRotate(_ plan: DRMOutputPlan) -> Bool {
        plan.rotation != .none && plan.plane?.rotations.contains(plan.rotation) == true
    }

    public func createModeBlob(_ mode: DRMMode) throws(DRMError) -> UInt32? {
        try device.createModeBlob(mode)
    }

    public func commit(_ state: DRMHeadState, flags: DRMCommitFlags) throws(DRMError) {
        let writes: [DRMPropertyWrite]
        if let framebuffer = state.framebuffer, flags.contains(.allowModeset) {
            guard let blob = state.modeBlob else {
                throw .graphics(call: "atomic modeset", detail: "no MODE_ID blob for \(state.plan.mode.mode)")
            }
            writes = try DRMModeset.modesetWrites(
                state.plan, modeBlob: blob, framebuffer: framebuffer, planeRotates: state.planeRotates)
        } else if let framebuffer = state.framebuffer {
            writes = try DRMModeset.flipWrites(state.plan, framebuffer: framebuffer)
        } else {
            writes = try DRMModeset.powerWrites(state.plan, on: state.active)
        }
        try device.atomicCommit(
            writes, testOnly: flags.contains(.testOnly), allowModeset: flags.contains(.allowModeset),
            flipEvent: flags.contains(.pageFlipEvent))
    }
}

/// Legacy modesetting: drmModeSetCrtc lights a mode, drmModePageFlip flips (always with an event), the
/// connector's DPMS property turns the display on and off; the plane never turns the picture, and there is no
/// test commit (a test passes; the real call says what the driver refuses).
public struct LegacyCommitInterface: DRMCommitInterface {
    let device: any DRMDevice

    public init(device: any DRMDevice) {
        self.device = device
    }

    public static let name = "legacy"
    public var name: String { Self.name }

    public func planeCanRotate(_ plan: DRMOutputPlan) -> Bool { false }

    public func createModeBlob(_ mode: DRMMode) throws(DRMError) -> UInt32? { nil }

    public func commit(_ state: DRMHeadState, flags: DRMCommitFlags) throws(DRMError) {
        guard !flags.contains(.testOnly) else { return }
        let plan = state.plan
        if let framebuffer = state.framebuffer, flags.contains(.allowModeset) {
            try device.setCRTC(plan.crtc.id, framebuffer: framebuffer, connector: plan.connector.id, mode: plan.mode)
        } else if let framebuffer = state.framebuffer {
            try device.pageFlip(crtc: plan.crtc.id, framebuffer: framebuffer)
        } else {
            guard let dpms = plan.connector.properties["DPMS"] else {
                throw .missingProperty(object: "connector \(plan.connector.name)", name: "DPMS")
            }
            // DRM_MODE_DPMS_ON 0, DRM_MODE_DPMS_OFF 3.
            try device.setConnectorProperty(plan.connector.id, property: dpms.id, value: state.active ? 0 : 3)
        }
    }
}
