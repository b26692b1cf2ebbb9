import AnimRender
import CDRMShim

/// Where the output goes on a device: a connector, the CRTC driving it, its primary plane and the mode.
public struct DRMOutputPlan: Sendable {
    public var connector: DRMConnector
    public var crtc: DRMCRTC
    public var plane: DRMPlane?
    public var mode: DRMMode
    public var rotation: OutputRotation

    /// The panel's size (the mode's) and the scene's (turned by the rotation).
    public var panelSize: PixelSize { PixelSize(width: mode.mode.width, height: mode.mode.height) }
    public var sceneSize: PixelSize { rotation.sceneSize(panel: panelSize) }
}

/// How the modeset that lit the output turned out.
public struct DRMModesetResult: Hashable, Sendable {
    /// The plane turns the picture (its `rotation` property); false: the renderer's scan-out copy does.
    public var planeRotates: Bool
    /// The commit interface that lit it (`DRMCommitInterface.name`): `atomic` or `legacy`.
    public var modesetting: String
    /// The MODE_ID blob (atomic), destroyed when the output stops.
    public var modeBlob: UInt32?

    /// Atomic modesetting; false: legacy drmModeSetCrtc and drmModePageFlip.
    public var atomic: Bool { modesetting == AtomicCommitInterface.name }
}

/// The decisions of the DRM output that need no device: choosing the connector, CRTC, plane and mode, the
/// property writes of the modeset and of each flip, and the TEST_ONLY sequence before the real modeset.
public enum DRMModeset {
    /// Plans every connector to light: `connectorNames` in that order, else every connected one in the card's
    /// order, each on its own CRTC (as many lit as the possible-CRTC masks allow: `CRTCAssignment`) and plane. A connector that cannot be lit (no free CRTC, no
    /// mode) is left out with the reason, in `dark`; none connected at all is `noConnector`.
    public static func plans(
        _ resources: DRMResources, device: String, connectorNames: [String]? = nil, mode request: ModeRequest?,
        rotation: OutputRotation
    ) throws(DRMError) -> (plans: [DRMOutputPlan], dark: [(connector: String, reason: DRMError)]) {
        let connected = resources.connectors.filter { $0.connected && !$0.modes.isEmpty }.map(\.name)
        let names = connectorNames.map { wanted in wanted.filter { connected.contains($0) } } ?? connected
        guard !names.isEmpty else {
            throw .noConnector(device: device, wanted: connectorNames?.joined(separator: ","), available: connected)
        }
        let chosen = names.compactMap { name in resources.connectors.first { $0.name == name } }
        let crtcs = CRTCAssignment.assign(
            chosen.map { connector in
                (connector.possibleCRTCs, resources.crtcs.firstIndex { $0.id == connector.currentCRTC })
            }, crtcCount: resources.crtcs.count)
        var plans: [DRMOutputPlan] = []
        var dark: [(connector: String, reason: DRMError)] = []
        for (connector, crtc) in zip(chosen, crtcs) {
            guard let crtc else {
                dark.append((connector.name, .noCRTC(connector: connector.name)))
                continue
            }
            do throws(DRMError) {
                plans.append(
                    try plan(
                        resources, device: device, connectorName: connector.name, mode: request, rotation: rotation,
                        excluding: plans, crtcIndex: crtc))
            } catch {
                dark.append((connector.name, error))
            }
        }
        return (plans, dark)
    }

    /// Picks the connected connector (`connectorName` when given, else the first connected one with modes), a
    /// CRTC it can use (the one it has now first) that none of `excluding` drives, that CRTC's primary plane
    /// (one `excluding` does not use), and the mode. `crtcIndex`: that CRTC (an index into the resources'),
    /// when the connector can use it.
    public static func plan(
        _ resources: DRMResources, device: String, connectorName: String? = nil, mode request: ModeRequest?,
        rotation: OutputRotation, excluding taken: [DRMOutputPlan] = [], crtcIndex: Int? = nil
    ) throws(DRMError) -> DRMOutputPlan {
        let connected = resources.connectors.filter { $0.connected && !$0.modes.isEmpty }
        let connector =
            connectorName.map { name in connected.first { $0.name == name } } ?? connected.first
        guard let connector else {
            throw .noConnector(device: device, wanted: connectorName, available: connected.map(\.name))
        }
        let (crtc, plane) = try route(connector, resources, excluding: taken, preferring: crtcIndex)
        let chosen: DisplayMode
        do throws(DisplayModeError) {
            chosen = try ModeRequest.choose(request, from: connector.modes.map(\.mode))
        } catch {
            throw .mode(error)
        }
        guard let mode = connector.modes.first(where: { $0.mode == chosen }) else {
            throw .mode(.noModes)
        }
        return DRMOutputPlan(connector: connector, crtc: crtc, plane: plane, mode: mode, rotation: rotation)
    }

    /// The plan of an output waiting for its display (no connector connected at start): `connectorName` or the
    /// first connector, whatever its state, in a mode that is only a size for the scene until a display
    /// appears — `request`'s, else 1280x720 at 60 Hz. Never lit as it is: `plan` is made again on hotplug.
    public static func waitingPlan(
        _ resources: DRMResources, device: String, connectorName: String? = nil, mode request: ModeRequest?,
        rotation: OutputRotation
    ) throws(DRMError) -> DRMOutputPlan {
        let connector =
            connectorName.map { name in resources.connectors.first { $0.name == name } }
            ?? resources.connectors.first
        guard let connector else {
            throw .noConnector(device: device, wanted: connectorName, available: resources.connectors.map(\.name))
        }
        let (crtc, plane) = try route(connector, resources)
        let size = DisplayMode(
            name: "waiting", width: request?.width ?? 1280, height: request?.height ?? 720,
            refresh: request?.refresh ?? 60)
        return DRMOutputPlan(
            connector: connector, crtc: crtc, plane: plane, mode: DRMMode(mode: size), rotation: rotation)
    }

    /// A CRTC `connector` can use and `taken` does not (the one it has now first) and that CRTC's XRGB8888
    /// primary plane.
    private static func route(
        _ connector: DRMConnector, _ resources: DRMResources, excluding taken: [DRMOutputPlan] = [],
        preferring preferred: Int? = nil
    ) throws(DRMError) -> (DRMCRTC, DRMPlane?) {
        let takenCRTCs = Set(taken.map(\.crtc.id))
        let takenPlanes = Set(taken.compactMap(\.plane?.id))
        let usable = resources.crtcs.indices.filter {
            connector.possibleCRTCs & (1 << UInt32($0)) != 0 && !takenCRTCs.contains(resources.crtcs[$0].id)
        }
        let index =
            usable.first { $0 == preferred } ?? usable.first { resources.crtcs[$0].id == connector.currentCRTC }
            ?? usable.first
        guard let index else { throw .noCRTC(connector: connector.name) }
        let plane = resources.planes.first {
            $0.kind == .primary && $0.possibleCRTCs & (1 << UInt32(index)) != 0
                && $0.formats.contains(cdrm_format_xrgb8888()) && !takenPlanes.contains($0.id)
        }
        return (resources.crtcs[index], plane)
    }

    /// The writes of an atomic modeset showing `framebuffer` (a buffer of the panel's size, or of the scene's
    /// size when the plane rotates it) on the whole panel.
    public static func modesetWrites(
        _ plan: DRMOutputPlan, modeBlob: UInt32, framebuffer: UInt32, planeRotates: Bool
    ) throws(DRMError) -> [DRMPropertyWrite] {
        guard let plane = plan.plane else { throw .noPrimaryPlane(crtc: plan.crtc.id) }
        var writes = [
            try write(
                plan.connector.id, "connector \(plan.connector.name)", plan.connector.properties, "CRTC_ID",
                UInt64(plan.crtc.id)),
            try write(plan.crtc.id, "CRTC \(plan.crtc.id)", plan.crtc.properties, "MODE_ID", UInt64(modeBlob)),
            try write(plan.crtc.id, "CRTC \(plan.crtc.id)", plan.crtc.properties, "ACTIVE", 1),
        ]
        writes += try planeWrites(plan, plane: plane, framebuffer: framebuffer, planeRotates: planeRotates)
        return writes
    }

    /// The writes of a flip to `framebuffer` (the plane's source and position stay).
    public static func flipWrites(_ plan: DRMOutputPlan, framebuffer: UInt32) throws(DRMError) -> [DRMPropertyWrite] {
        guard let plane = plan.plane else { throw .noPrimaryPlane(crtc: plan.crtc.id) }
        return [try write(plane.id, "plane \(plane.id)", plane.properties, "FB_ID", UInt64(framebuffer))]
    }

    /// The write turning the display on or off: CRTC ACTIVE (atomic) — the connector's DPMS is the legacy way.
    public static func powerWrites(_ plan: DRMOutputPlan, on: Bool) throws(DRMError) -> [DRMPropertyWrite] {
        [try write(plan.crtc.id, "CRTC \(plan.crtc.id)", plan.crtc.properties, "ACTIVE", on ? 1 : 0)]
    }

    private static func planeWrites(
        _ plan: DRMOutputPlan, plane: DRMPlane, framebuffer: UInt32, planeRotates: Bool
    ) throws(DRMError) -> [DRMPropertyWrite] {
        let name = "plane \(plane.id)"
        let panel = plan.panelSize
        // The buffer is the scene's size when the plane turns it, the panel's otherwise; SRC_* are 16.16 fixed.
        let source = planeRotates ? plan.sceneSize : panel
        var writes = [
            try write(plane.id, name, plane.properties, "FB_ID", UInt64(framebuffer)),
            try write(plane.id, name, plane.properties, "CRTC_ID", UInt64(plan.crtc.id)),
            try write(plane.id, name, plane.properties, "SRC_X", 0),
            try write(plane.id, name, plane.properties, "SRC_Y", 0),
            try write(plane.id, name, plane.properties, "SRC_W", UInt64(source.width) << 16),
            try write(plane.id, name, plane.properties, "SRC_H", UInt64(source.height) << 16),
            try write(plane.id, name, plane.properties, "CRTC_X", 0),
            try write(plane.id, name, plane.properties, "CRTC_Y", 0),
            try write(plane.id, name, plane.properties, "CRTC_W", UInt64(panel.width)),
            try write(plane.id, name, plane.properties, "CRTC_H", UInt64(panel.height)),
        ]
        // A plane left turned by an earlier user is set straight when the renderer turns the picture.
        if planeRotates || plane.properties["rotation"] != nil {
            let value = planeRotates ? plan.rotation.drmPlaneRotation : OutputRotation.none.drmPlaneRotation
            writes.append(try write(plane.id, name, plane.properties, "rotation", value))
        }
        return writes
    }

    private static func write(
        _ object: UInt32, _ name: String, _ properties: [String: DRMProperty], _ property: String, _ value: UInt64
    ) throws(DRMError) -> DRMPropertyWrite {
        guard let id = properties[property]?.id else { throw .missingProperty(object: name, name: property) }
        return DRMPropertyWrite(object: object, property: id, value: value)
    }

    /// Lights the output through the device's commit interface (`commitInterface`): a TEST_ONLY commit with the
    /// plane turning the picture (when the rotation needs it and the plane offers it), then one with the
    /// renderer turning it, then the real commit of the first the driver accepted; a real commit refused after
    /// its test passed tries the next layout too. Legacy has no test and no plane rotation: one drmModeSetCrtc.
    /// `framebuffer(planeRotates)` makes the first buffer for the chosen layout (scene- or panel-sized).
    public static func lightUp(
        _ device: any DRMDevice, plan: DRMOutputPlan, framebuffer: (_ planeRotates: Bool) throws(DRMError) -> UInt32
    ) throws(DRMError) -> DRMModesetResult {
        try lightUp(commitInterface(device, for: plan), device: device, plan: plan, framebuffer: framebuffer)
    }

    /// `lightUp` through `interface`.
    static func lightUp(
        _ interface: any DRMCommitInterface, device: any DRMDevice, plan: DRMOutputPlan,
        framebuffer: (_ planeRotates: Bool) throws(DRMError) -> UInt32
    ) throws(DRMError) -> DRMModesetResult {
        device.saveCRTC(plan.crtc.id, connector: plan.connector.id)
        let blob = try interface.createModeBlob(plan.mode)
        let release = { if let blob { device.destroyBlob(blob) } }
        let candidates = interface.planeCanRotate(plan) ? [true, false] : [false]
        var refusal: DRMError?
        var testRefused: Int32?
        for planeRotates in candidates {
            // The test commits name a buffer of the right size: drivers check the plane's source against it.
            let fb: UInt32
            do throws(DRMError) {
                fb = try framebuffer(planeRotates)
            } catch {
                release()
                throw error
            }
            let state = DRMHeadState(
                plan: plan, active: true, framebuffer: fb, modeBlob: blob, planeRotates: planeRotates)
            do throws(DRMError) {
                try interface.commit(state, flags: [.allowModeset, .testOnly])
            } catch {
                guard case .callFailed(_, let errno) = error else {
                    release()
                    throw error
                }
                testRefused = errno
                refusal = nil
                continue
            }
            do throws(DRMError) {
                try interface.commit(state, flags: .allowModeset)
                return DRMModesetResult(planeRotates: planeRotates, modesetting: interface.name, modeBlob: blob)
            } catch {
                guard case .callFailed = error else {
                    release()
                    throw error
                }
                refusal = error
                testRefused = nil
            }
        }
        release()
        if let refusal { throw refusal }
        throw .modesetRefused(connector: plan.connector.name, mode: plan.mode.mode.description, errno: testRefused ?? 0)
    }
}
