import AnimDisplay
import AnimRender

/// A DRM device that keeps what each CRTC shows, as the kernel would after each call — atomic commits read
/// by property name, or the legacy calls — so the two commit interfaces can be compared by what they leave on
/// the display rather than by the calls they make.
final class KMSModelDevice: DRMDevice {
    /// What one CRTC shows.
    struct Shown: Hashable, CustomStringConvertible {
        var connector: UInt32?
        var mode: String?
        /// On: CRTC ACTIVE (atomic), or the connector's DPMS on (legacy).
        var on = false
        var framebuffer: UInt32?
        /// The shown buffer's red channel, row by row (dumb buffers).
        var reds: [UInt8] = []

        var description: String {
            "connector \(connector ?? 0) \(mode ?? "-") \(on ? "on" : "off") fb \(framebuffer ?? 0) \(reds)"
        }
    }

    let path = "/dev/dri/model0"
    let fd: Int32 = -1
    let supportsAtomic: Bool
    let fakeResources: DRMResources
    private var crtcs: [UInt32: Shown] = [:]
    /// The CRTC each plane was last put on (a flip names only the plane's FB_ID).
    private var planeCRTC: [UInt32: UInt32] = [:]
    private var modeBlobs: [UInt32: String] = [:]
    private var nextBlob: UInt32 = 900
    private var nextBuffer: UInt32 = 500
    private var buffers: [UInt32: DRMDumbBuffer] = [:]
    /// The CRTCs a flip event was asked for on, in order.
    private(set) var flipEvents: [UInt32] = []
    /// The flips `readFlips` has not reported yet: each completes at the next read.
    private var unread: [UInt32] = []

    init(resources: DRMResources, atomic: Bool) {
        fakeResources = resources
        supportsAtomic = atomic
    }

    /// What each CRTC shows now, its buffer's pixels read at this moment.
    var shown: [UInt32: Shown] {
        crtcs.mapValues { crtc in
            var crtc = crtc
            if let buffer = crtc.framebuffer.flatMap({ buffers[$0] }) {
                crtc.reds = (0..<buffer.size.height).flatMap { y in
                    (0..<buffer.size.width).map { x in buffer.pixels[y * buffer.pitch + x * 4 + 2] }
                }
            }
            return crtc
        }
    }

    func resources() throws(DRMError) -> DRMResources { fakeResources }
    func saveCRTC(_ crtc: UInt32, connector: UInt32) {}
    func restoreCRTC() {}

    func createModeBlob(_ mode: DRMMode) throws(DRMError) -> UInt32 {
        nextBlob += 1
        modeBlobs[nextBlob] = mode.mode.description
        return nextBlob
    }

    func destroyBlob(_ id: UInt32) { modeBlobs[id] = nil }

    private func name(of property: UInt32, in properties: [String: DRMProperty]) -> String? {
        properties.first { $0.value.id == property }?.key
    }

    func atomicCommit(
        _ writes: [DRMPropertyWrite], testOnly: Bool, allowModeset: Bool, flipEvent: Bool
    ) throws(DRMError) {
        guard !testOnly else { return }
        var planeFramebuffers: [UInt32: UInt32] = [:]
        for write in writes {
            if let connector = fakeResources.connectors.first(where: { $0.id == write.object }) {
                guard name(of: write.property, in: connector.properties) == "CRTC_ID" else { continue }
                crtcs[UInt32(write.value), default: Shown()].connector = connector.id
            } else if let crtc = fakeResources.crtcs.first(where: { $0.id == write.object }) {
                switch name(of: write.property, in: crtc.properties) {
                case "MODE_ID"?: crtcs[crtc.id, default: Shown()].mode = modeBlobs[UInt32(write.value)]
                case "ACTIVE"?: crtcs[crtc.id, default: Shown()].on = write.value != 0
                default: break
                }
            } else if let plane = fakeResources.planes.first(where: { $0.id == write.object }) {
                switch name(of: write.property, in: plane.properties) {
                case "CRTC_ID"?: planeCRTC[plane.id] = UInt32(write.value)
                // The plane's CRTC may be set later in the same commit: applied after the loop.
                case "FB_ID"?: planeFramebuffers[plane.id] = UInt32(write.value)
                default: break
                }
            }
        }
        for (plane, framebuffer) in planeFramebuffers {
            guard let crtc = planeCRTC[plane] else { continue }
            crtcs[crtc, default: Shown()].framebuffer = framebuffer
            if flipEvent {
                flipEvents.append(crtc)
                unread.append(crtc)
            }
        }
    }

    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMMode) throws(DRMError) {
        crtcs[crtc] = Shown(connector: connector, mode: mode.mode.description, on: true, framebuffer: framebuffer)
    }

    func pageFlip(crtc: UInt32, framebuffer: UInt32) throws(DRMError) {
        crtcs[crtc, default: Shown()].framebuffer = framebuffer
        flipEvents.append(crtc)
        unread.append(crtc)
    }

    func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws(DRMError) {
        guard let properties = fakeResources.connectors.first(where: { $0.id == connector })?.properties,
            name(of: property, in: properties) == "DPMS"
        else { return }
        for (id, crtc) in crtcs where crtc.connector == connector { crtcs[id]?.on = value == 0 }
    }

    func readFlips() throws(DRMError) -> [DRMFlipEvent] {
        defer { unread = [] }
        return unread.map { crtc in
            DRMFlipEvent(crtc: crtc, sequence: UInt64(flipEvents.count), timestamp: Double(flipEvents.count) / 60)
        }
    }

    func createDumbBuffer(size: PixelSize) throws(DRMError) -> DRMDumbBuffer {
        nextBuffer += 1
        let pitch = size.width * 4
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: pitch * size.height, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0)
        let buffer = DRMDumbBuffer(
            handle: nextBuffer, framebuffer: nextBuffer + 1000, pitch: pitch, size: size, pixels: memory)
        buffers[buffer.framebuffer] = buffer
        return buffer
    }

    func destroyDumbBuffer(_ buffer: DRMDumbBuffer) {
        buffers[buffer.framebuffer] = nil
        buffer.pixels.deallocate()
    }

    func addFramebuffer(size: PixelSize, handle: UInt32, pitch: Int) throws(DRMError) -> UInt32 { 0 }
    func removeFramebuffer(_ id: UInt32) {}
}
