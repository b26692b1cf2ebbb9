import AnimRender
import CDRM
import CDRMShim
import Foundation
import Glibc

/// A DRM device node opened through libdrm: the real `DRMDevice`.
public final class LibDRMDevice: DRMDevice {
    public let path: String
    public let fd: Int32
    public let supportsAtomic: Bool
    /// The CRTC states found before the output took them (the console's), put back on close.
    private var saved: [(crtc: UInt32, connector: UInt32, state: drmModeCrtc)] = []
    /// Who opened the node, and closes it.
    private let session: any SeatSession
    private let node: SeatDevice

    /// Opens `path` through `session` (a plain open(2) by default) and asks for universal planes and atomic
    /// modesetting. `allowAtomic` false forces the legacy path (`ANIMSERVER_DRM_LEGACY=1`).
    public convenience init(
        path: String, allowAtomic: Bool = true, session: any SeatSession = DirectSession(reason: "opened by path")
    ) throws(DRMError) {
        let node: SeatDevice
        do throws(SeatError) {
            node = try session.openDevice(path)
        } catch {
            throw .session(error)
        }
        self.init(node: node, session: session, allowAtomic: allowAtomic)
    }

    /// Takes a node `session` opened; closing the device gives it back to the session.
    public init(node: SeatDevice, session: any SeatSession, allowAtomic: Bool = true) {
        self.session = session
        self.node = node
        path = node.path
        fd = node.fd
        // Universal planes expose the primary plane atomic commits need; atomic implies it.
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        supportsAtomic = allowAtomic && drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
    }

    deinit {
        restoreCRTC()
        session.closeDevice(node)
    }

    /// The device to drive: `explicit` (`--drm-device`), else `ANIMSERVER_DRM_DEVICE`, else the first
    /// /dev/dri/card* with a connected connector, else the first card with a connector at all (the output
    /// waits for a display to be plugged in). Every node is opened through `session`; the candidates not
    /// chosen are closed (given back to it).
    public static func discover(
        explicit: String?, environment: [String: String],
        session: any SeatSession = DirectSession(reason: "opened by path")
    ) throws(DRMError) -> LibDRMDevice {
        let legacy = environment["ANIMSERVER_DRM_LEGACY"] == "1"
        if let path = explicit ?? environment["ANIMSERVER_DRM_DEVICE"] {
            return try LibDRMDevice(path: path, allowAtomic: !legacy, session: session)
        }
        let cards =
            ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [])
            .filter { $0.hasPrefix("card") }
            .sorted { (Int($0.dropFirst(4)) ?? 0) < (Int($1.dropFirst(4)) ?? 0) }
            .map { "/dev/dri/\($0)" }
        var waiting: LibDRMDevice?
        // What each card said, for the error when none will do.
        var tried: [String] = []
        for path in cards {
            let device: LibDRMDevice
            let resources: DRMResources
            do throws(DRMError) {
                device = try LibDRMDevice(path: path, allowAtomic: !legacy, session: session)
                resources = try device.resources()
            } catch {
                tried.append("\(path) (\(error))")
                continue
            }
            guard !resources.connectors.isEmpty else {
                tried.append("\(path) (no connectors)")
                continue
            }
            if resources.connectors.contains(where: { $0.connected && !$0.modes.isEmpty }) { return device }
            if waiting == nil { waiting = device }
        }
        guard let waiting else { throw .noDevice(tried: tried) }
        return waiting
    }

    public func resources() throws(DRMError) -> DRMResources {
        guard let res = drmModeGetResources(fd) else { throw .callFailed(call: "drmModeGetResources", errno: errno) }
        defer { drmModeFreeResources(res) }
        let crtcIDs = Array(UnsafeBufferPointer(start: res.pointee.crtcs, count: Int(res.pointee.count_crtcs)))
        let connectorIDs = Array(
            UnsafeBufferPointer(start: res.pointee.connectors, count: Int(res.pointee.count_connectors)))
        let crtcs = crtcIDs.map { DRMCRTC(id: $0, properties: properties(of: $0, type: DRM_MODE_OBJECT_CRTC)) }
        var connectors: [DRMConnector] = []
        for id in connectorIDs {
            guard let connector = try connector(id) else { continue }
            connectors.append(connector)
        }
        return DRMResources(connectors: connectors, crtcs: crtcs, planes: try planes())
    }

    private func connector(_ id: UInt32) throws(DRMError) -> DRMConnector? {
        guard let c = drmModeGetConnector(fd, id) else {
            throw .callFailed(call: "drmModeGetConnector(\(id))", errno: errno)
        }
        defer { drmModeFreeConnector(c) }
        let typeName = drmModeGetConnectorTypeName(c.pointee.connector_type).map { String(cString: $0) } ?? "Unknown"
        let modes = UnsafeBufferPointer(start: c.pointee.modes, count: Int(c.pointee.count_modes)).compactMap {
            info -> DRMMode? in
            guard
                let refresh = DisplayMode.refresh(
                    clockKHz: info.clock, htotal: info.htotal, vtotal: info.vtotal,
                    interlaced: info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0,
                    doubleScan: info.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0)
            else { return nil }
            let name = withUnsafeBytes(of: info.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let mode = DisplayMode(
                name: name, width: Int(info.hdisplay), height: Int(info.vdisplay), refresh: refresh,
                isPreferred: info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
            return DRMMode(mode: mode, info: info)
        }
        var possible: UInt32 = 0
        var current: UInt32?
        for encoderID in UnsafeBufferPointer(start: c.pointee.encoders, count: Int(c.pointee.count_encoders)) {
            guard let encoder = drmModeGetEncoder(fd, encoderID) else { continue }
            possible |= encoder.pointee.possible_crtcs
            if encoderID == c.pointee.encoder_id, encoder.pointee.crtc_id != 0 { current = encoder.pointee.crtc_id }
            drmModeFreeEncoder(encoder)
        }
        return DRMConnector(
            id: id, name: "\(typeName)-\(c.pointee.connector_type_id)",
            connected: c.pointee.connection == DRM_MODE_CONNECTED, modes: modes, possibleCRTCs: possible,
            currentCRTC: current, properties: properties(of: id, type: DRM_MODE_OBJECT_CONNECTOR))
    }

    private func planes() throws(DRMError) -> [DRMPlane] {
        guard let res = drmModeGetPlaneResources(fd) else {
            throw .callFailed(call: "drmModeGetPlaneResources", errno: errno)
        }
        defer { drmModeFreePlaneResources(res) }
        var planes: [DRMPlane] = []
        for id in UnsafeBufferPointer(start: res.pointee.planes, count: Int(res.pointee.count_planes)) {
            guard let plane = drmModeGetPlane(fd, id) else { continue }
            defer { drmModeFreePlane(plane) }
            let properties = properties(of: id, type: DRM_MODE_OBJECT_PLANE)
            let kind = properties["type"].flatMap { DRMPlane.Kind(rawValue: $0.value) } ?? .overlay
            let formats = Array(
                UnsafeBufferPointer(start: plane.pointee.formats, count: Int(plane.pointee.count_formats)))
            planes.append(
                DRMPlane(
                    id: id, kind: kind, possibleCRTCs: plane.pointee.possible_crtcs, formats: formats,
                    properties: properties))
        }
        return planes
    }

    private func properties(of object: UInt32, type: some BinaryInteger) -> [String: DRMProperty] {
        guard let props = drmModeObjectGetProperties(fd, object, UInt32(truncatingIfNeeded: type)) else { return [:] }
        defer { drmModeFreeObjectProperties(props) }
        var result: [String: DRMProperty] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            let name = withUnsafeBytes(of: property.pointee.name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            var choices: [String: UInt64] = [:]
            let enumerated = UInt32(DRM_MODE_PROP_ENUM) | UInt32(DRM_MODE_PROP_BITMASK)
            if property.pointee.flags & enumerated != 0 {
                for entry in UnsafeBufferPointer(
                    start: property.pointee.enums, count: Int(property.pointee.count_enums))
                {
                    let choice = withUnsafeBytes(of: entry.name) {
                        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    choices[choice] = entry.value
                }
            }
            result[name] = DRMProperty(
                id: property.pointee.prop_id, value: props.pointee.prop_values[i], choices: choices)
        }
        return result
    }

    public func createModeBlob(_ mode: DRMMode) throws(DRMError) -> UInt32 {
        var info = mode.info
        var id: UInt32 = 0
        let result = drmModeCreatePropertyBlob(fd, &info, MemoryLayout<drmModeModeInfo>.size, &id)
        guard result == 0 else { throw Self.failure("drmModeCreatePropertyBlob(MODE_ID \(mode.mode))", result) }
        return id
    }

    public func destroyBlob(_ id: UInt32) {
        _ = drmModeDestroyPropertyBlob(fd, id)
    }

    public func atomicCommit(
        _ writes: [DRMPropertyWrite], testOnly: Bool, allowModeset: Bool, flipEvent: Bool
    )
        throws(DRMError)
    {
        guard let request = drmModeAtomicAlloc() else { throw .callFailed(call: "drmModeAtomicAlloc", errno: ENOMEM) }
        defer { drmModeAtomicFree(request) }
        for write in writes where drmModeAtomicAddProperty(request, write.object, write.property, write.value) < 0 {
            throw .callFailed(
                call: "drmModeAtomicAddProperty(object \(write.object), property \(write.property))", errno: ENOMEM)
        }
        var flags: UInt32 = 0
        if testOnly { flags |= UInt32(DRM_MODE_ATOMIC_TEST_ONLY) }
        if allowModeset { flags |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) }
        if flipEvent { flags |= UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK) }
        let result = drmModeAtomicCommit(fd, request, flags, nil)
        guard result == 0 else {
            let kind = testOnly ? "TEST_ONLY" : allowModeset ? "ALLOW_MODESET" : "page flip"
            throw Self.failure("drmModeAtomicCommit(\(kind), DRM_IOCTL_MODE_ATOMIC)", result)
        }
    }

    public func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMMode) throws(DRMError) {
        var connectorID = connector
        var info = mode.info
        let result = drmModeSetCrtc(fd, crtc, framebuffer, 0, 0, &connectorID, 1, &info)
        guard result == 0 else { throw Self.failure("drmModeSetCrtc(CRTC \(crtc), DRM_IOCTL_MODE_SETCRTC)", result) }
    }

    /// Remembers what `crtc` shows now so closing the device puts it back (the console); once per CRTC.
    public func saveCRTC(_ crtc: UInt32, connector: UInt32) {
        guard !saved.contains(where: { $0.crtc == crtc }), let state = drmModeGetCrtc(fd, crtc) else { return }
        saved.append((crtc, connector, state.pointee))
        drmModeFreeCrtc(state)
    }

    public func restoreCRTC() {
        let found = saved
        saved = []
        for var entry in found where entry.state.mode_valid != 0 {
            _ = drmModeSetCrtc(
                fd, entry.crtc, entry.state.buffer_id, entry.state.x, entry.state.y, &entry.connector, 1,
                &entry.state.mode)
        }
    }

    public func pageFlip(crtc: UInt32, framebuffer: UInt32) throws(DRMError) {
        let result = drmModePageFlip(fd, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil)
        guard result == 0 else { throw Self.failure("drmModePageFlip(CRTC \(crtc), DRM_IOCTL_MODE_PAGE_FLIP)", result) }
    }

    public func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws(DRMError) {
        let result = drmModeConnectorSetProperty(fd, connector, property, value)
        guard result == 0 else {
            throw Self.failure("drmModeConnectorSetProperty(connector \(connector), property \(property))", result)
        }
    }

    public func readFlips() throws(DRMError) -> [DRMFlipEvent] {
        var flips = [cdrm_flip](repeating: cdrm_flip(), count: 16)
        let count = cdrm_read_flips(fd, &flips, Int32(flips.count))
        guard count >= 0 else {
            if errno == EAGAIN { return [] }
            throw .callFailed(call: "drmHandleEvent", errno: errno)
        }
        return flips.prefix(Int(count)).map {
            DRMFlipEvent(
                crtc: $0.crtc_id, sequence: UInt64($0.sequence),
                timestamp: Double($0.tv_sec) + Double($0.tv_usec) * 1e-6)
        }
    }

    public func createDumbBuffer(size: PixelSize) throws(DRMError) -> DRMDumbBuffer {
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var bytes: UInt64 = 0
        var result = drmModeCreateDumbBuffer(
            fd, UInt32(size.width), UInt32(size.height), 32, 0, &handle, &pitch, &bytes)
        guard result == 0 else {
            throw Self.failure("drmModeCreateDumbBuffer(\(size), DRM_IOCTL_MODE_CREATE_DUMB)", result)
        }
        var offset: UInt64 = 0
        result = drmModeMapDumbBuffer(fd, handle, &offset)
        guard result == 0 else {
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw Self.failure("drmModeMapDumbBuffer(DRM_IOCTL_MODE_MAP_DUMB)", result)
        }
        let mapping = mmap(nil, Int(bytes), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let mapping, mapping != MAP_FAILED else {
            let code = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw .callFailed(call: "mmap(dumb buffer, \(bytes) bytes)", errno: code)
        }
        let pixels = UnsafeMutableRawBufferPointer(start: mapping, count: Int(bytes))
        // Black, not whatever the memory held.
        pixels.initializeMemory(as: UInt8.self, repeating: 0)
        let framebuffer: UInt32
        do throws(DRMError) {
            framebuffer = try addFramebuffer(size: size, handle: handle, pitch: Int(pitch))
        } catch {
            munmap(mapping, Int(bytes))
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        return DRMDumbBuffer(handle: handle, framebuffer: framebuffer, pitch: Int(pitch), size: size, pixels: pixels)
    }

    public func destroyDumbBuffer(_ buffer: DRMDumbBuffer) {
        removeFramebuffer(buffer.framebuffer)
        munmap(buffer.pixels.baseAddress, buffer.pixels.count)
        _ = drmModeDestroyDumbBuffer(fd, buffer.handle)
    }

    public func addFramebuffer(size: PixelSize, handle: UInt32, pitch: Int) throws(DRMError) -> UInt32 {
        let handles: [UInt32] = [handle, 0, 0, 0]
        let pitches: [UInt32] = [UInt32(pitch), 0, 0, 0]
        let offsets: [UInt32] = [0, 0, 0, 0]
        var id: UInt32 = 0
        let result = drmModeAddFB2(
            fd, UInt32(size.width), UInt32(size.height), cdrm_format_xrgb8888(), handles, pitches, offsets, &id, 0)
        guard result == 0 else { throw Self.failure("drmModeAddFB2(\(size) XRGB8888, DRM_IOCTL_MODE_ADDFB2)", result) }
        return id
    }

    public func removeFramebuffer(_ id: UInt32) {
        _ = drmModeRmFB(fd, id)
    }

    /// libdrm returns -errno (and sets errno) on failure.
    private static func failure(_ call: String, _ result: Int32) -> DRMError {
        .callFailed(call: call, errno: result < 0 ? -result : errno)
    }
}
