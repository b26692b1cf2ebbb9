import AnimDisplay
import AnimRender
import CDRMShim

/// A DRM device in memory for the modeset tests: it records every call and refuses commits as told.
final class DRMFakeDevice: DRMDevice {
    let path = "/dev/dri/fake0"
    /// -1, or a real descriptor for GBM to open (tests of the GLES path give it /dev/null).
    var fd: Int32 = -1
    var supportsAtomic = true
    var fakeResources: DRMResources
    /// Refuses TEST_ONLY commits whose writes satisfy this (EINVAL).
    var refuseTest: ([DRMPropertyWrite]) -> Bool = { _ in false }
    private(set) var commits: [(writes: [DRMPropertyWrite], testOnly: Bool)] = []
    private(set) var legacyModesets: [(crtc: UInt32, framebuffer: UInt32, connector: UInt32)] = []
    private(set) var blobs: Set<UInt32> = []
    private var nextID: UInt32 = 500

    init(resources: DRMResources) {
        fakeResources = resources
    }

    func resources() throws(DRMError) -> DRMResources { fakeResources }

    private(set) var saved: [UInt32] = []
    private(set) var restored = 0
    func saveCRTC(_ crtc: UInt32, connector: UInt32) { saved.append(crtc) }
    func restoreCRTC() { restored += 1 }

    func createModeBlob(_ mode: DRMMode) throws(DRMError) -> UInt32 {
        nextID += 1
        blobs.insert(nextID)
        return nextID
    }

    func destroyBlob(_ id: UInt32) { blobs.remove(id) }

    /// Refuses non-modeset commits (flips) with EBUSY while set.
    var refuseFlips = false
    /// Runs inside a flip's commit or page-flip call, before it returns: what another thread may do meanwhile.
    var duringFlip: (() -> Void)?
    private(set) var flipEvents: [Bool] = []

    func atomicCommit(
        _ writes: [DRMPropertyWrite], testOnly: Bool, allowModeset: Bool, flipEvent: Bool
    )
        throws(DRMError)
    {
        if refuseFlips, !allowModeset { throw .callFailed(call: "drmModeAtomicCommit(page flip)", errno: 16) }
        commits.append((writes, testOnly))
        flipEvents.append(flipEvent)
        if flipEvent, !testOnly, !allowModeset { duringFlip?() }
        if testOnly, refuseTest(writes) { throw .callFailed(call: "drmModeAtomicCommit(TEST_ONLY)", errno: 22) }
    }

    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMMode) throws(DRMError) {
        legacyModesets.append((crtc, framebuffer, connector))
    }

    private(set) var legacyFlips: [UInt32] = []
    func pageFlip(crtc: UInt32, framebuffer: UInt32) throws(DRMError) {
        legacyFlips.append(framebuffer)
        duringFlip?()
    }
    private(set) var connectorWrites: [DRMPropertyWrite] = []
    func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws(DRMError) {
        connectorWrites.append(DRMPropertyWrite(object: connector, property: property, value: value))
    }

    /// What the next `readFlips` returns.
    var pendingFlips: [DRMFlipEvent] = []
    func readFlips() throws(DRMError) -> [DRMFlipEvent] {
        defer { pendingFlips = [] }
        return pendingFlips
    }

    /// Dumb buffers made and not destroyed, by framebuffer id; rows are 16 bytes longer than the pixels.
    private(set) var dumbBuffers: [UInt32: DRMDumbBuffer] = [:]
    func createDumbBuffer(size: PixelSize) throws(DRMError) -> DRMDumbBuffer {
        nextID += 1
        let pitch = size.width * 4 + 16
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: pitch * size.height, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0)
        let buffer = DRMDumbBuffer(handle: nextID, framebuffer: nextID + 1000, pitch: pitch, size: size, pixels: memory)
        dumbBuffers[buffer.framebuffer] = buffer
        return buffer
    }

    func destroyDumbBuffer(_ buffer: DRMDumbBuffer) {
        dumbBuffers[buffer.framebuffer] = nil
        buffer.pixels.deallocate()
    }
    func addFramebuffer(size: PixelSize, handle: UInt32, pitch: Int) throws(DRMError) -> UInt32 { 0 }
    func removeFramebuffer(_ id: UInt32) {}

    /// Property ids: object id × 100 + the index of the name in `names`.
    static func properties(
        _ object: UInt32, _ names: [String], rotation: [String: UInt64]? = nil
    ) -> [String: DRMProperty] {
        var result: [String: DRMProperty] = [:]
        for (i, name) in names.enumerated() { result[name] = DRMProperty(id: object * 100 + UInt32(i), value: 0) }
        if let rotation {
            result["rotation"] = DRMProperty(id: object * 100 + 99, value: 1, choices: rotation)
        }
        return result
    }

    static let planeProperties = [
        "FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H",
    ]
    static let allRotations: [String: UInt64] = ["rotate-0": 0, "rotate-90": 1, "rotate-180": 2, "rotate-270": 3]

    /// Two CRTCs (31, 32), a disconnected HDMI-A-1 and a connected Virtual-1 on CRTC 32, a primary plane per CRTC.
    static func standard(rotation: [String: UInt64]? = nil) -> DRMResources {
        let modes = [
            DRMMode(mode: DisplayMode(name: "1024x768", width: 1024, height: 768, refresh: 60, isPreferred: true)),
            DRMMode(mode: DisplayMode(name: "800x600", width: 800, height: 600, refresh: 60)),
        ]
        return DRMResources(
            connectors: [
                DRMConnector(id: 11, name: "HDMI-A-1", connected: false, modes: [], possibleCRTCs: 0b11),
                DRMConnector(
                    id: 12, name: "Virtual-1", connected: true, modes: modes, possibleCRTCs: 0b10,
                    properties: properties(12, ["CRTC_ID", "DPMS"])),
            ],
            crtcs: [
                DRMCRTC(id: 31, properties: properties(31, ["MODE_ID", "ACTIVE"])),
                DRMCRTC(id: 32, properties: properties(32, ["MODE_ID", "ACTIVE"])),
            ],
            planes: [
                DRMPlane(
                    id: 41, kind: .primary, possibleCRTCs: 0b01, formats: [cdrm_format_xrgb8888()],
                    properties: properties(41, planeProperties)),
                DRMPlane(
                    id: 42, kind: .overlay, possibleCRTCs: 0b10, formats: [cdrm_format_xrgb8888()],
                    properties: properties(42, planeProperties)),
                DRMPlane(
                    id: 43, kind: .primary, possibleCRTCs: 0b10, formats: [cdrm_format_xrgb8888()],
                    properties: properties(43, planeProperties, rotation: rotation)),
            ])
    }

    /// One connector per entry of `connectors` (ids 11, 12…, named as given, connected with one mode of the
    /// given size at 60 Hz, or disconnected when nil), able to use the CRTCs of its mask; `crtcs` CRTCs (ids 31,
    /// 32…) each with its own primary plane (ids 41, 42…; plane 4n's FB_ID property is 4n00).
    static func multi(
        _ connectors: [(name: String, size: PixelSize?, possibleCRTCs: UInt32)], crtcs: Int
    ) -> DRMResources {
        DRMResources(
            connectors: connectors.enumerated().map { i, c in
                let id = 11 + UInt32(i)
                let modes =
                    c.size.map {
                        [
                            DRMMode(
                                mode: DisplayMode(
                                    name: "\($0)", width: $0.width, height: $0.height, refresh: 60, isPreferred: true))
                        ]
                    } ?? []
                return DRMConnector(
                    id: id, name: c.name, connected: c.size != nil, modes: modes, possibleCRTCs: c.possibleCRTCs,
                    properties: properties(id, ["CRTC_ID", "DPMS"]))
            },
            crtcs: (0..<crtcs).map {
                DRMCRTC(id: 31 + UInt32($0), properties: properties(31 + UInt32($0), ["MODE_ID", "ACTIVE"]))
            },
            planes: (0..<crtcs).map {
                DRMPlane(
                    id: 41 + UInt32($0), kind: .primary, possibleCRTCs: 1 << UInt32($0),
                    formats: [cdrm_format_xrgb8888()],
                    properties: properties(41 + UInt32($0), planeProperties))
            })
    }

    /// Sets whether connector `name` is connected (with `size` as its one mode when it is).
    func plug(_ name: String, _ size: PixelSize?) {
        guard let i = fakeResources.connectors.firstIndex(where: { $0.name == name }) else { return }
        fakeResources.connectors[i].connected = size != nil
        fakeResources.connectors[i].modes =
            size.map {
                [
                    DRMMode(
                        mode: DisplayMode(
                            name: "\($0)", width: $0.width, height: $0.height, refresh: 60, isPreferred: true))
                ]
            } ?? []
    }

    /// The framebuffers flipped to (non-modeset commits) on plane `plane`, in order.
    func flips(onPlane plane: UInt32) -> [UInt32] {
        commits.filter { !$0.testOnly && $0.writes.count == 1 && $0.writes[0].object == plane }.map {
            UInt32($0.writes[0].value)
        }
    }
}
