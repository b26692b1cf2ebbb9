import CDRM
import AnimRender

/// One property of a DRM object: its id (what commits name), its current value and, for enum and bitmask
/// properties, the value of each named choice (for a bitmask, the bit's index).
public struct DRMProperty: Hashable, Sendable {
    public var id: UInt32
    public var value: UInt64
    public var choices: [String: UInt64]

    public init(id: UInt32, value: UInt64, choices: [String: UInt64] = [:]) {
        self.id = id
        self.value = value
        self.choices = choices
    }
}

/// A mode with the kernel's record of it (what MODE_ID blobs and drmModeSetCrtc take).
public struct DRMMode: Sendable {
    public var mode: DisplayMode
    public var info: drmModeModeInfo

    public init(mode: DisplayMode, info: drmModeModeInfo = drmModeModeInfo()) {
        self.mode = mode
        self.info = info
    }
}

public struct DRMConnector: Sendable {
    public var id: UInt32
    /// `HDMI-A-1`, `Virtual-1`: the type's name and its number, as the kernel and other compositors name it.
    public var name: String
    public var connected: Bool
    public var modes: [DRMMode]
    /// Indexes (into `DRMResources.crtcs`) of the CRTCs its encoders can use, as a bit mask.
    public var possibleCRTCs: UInt32
    /// The CRTC driving it now (the console's), if any.
    public var currentCRTC: UInt32?
    public var properties: [String: DRMProperty]

    public init(
        id: UInt32, name: String, connected: Bool, modes: [DRMMode], possibleCRTCs: UInt32, currentCRTC: UInt32? = nil,
        properties: [String: DRMProperty] = [:]
    ) {
        self.id = id
        self.name = name
        self.connected = connected
        self.modes = modes
        self.possibleCRTCs = possibleCRTCs
        self.currentCRTC = currentCRTC
        self.properties = properties
    }
}

public struct DRMCRTC: Hashable, Sendable {
    public var id: UInt32
    public var properties: [String: DRMProperty]

    public init(id: UInt32, properties: [String: DRMProperty] = [:]) {
        self.id = id
        self.properties = properties
    }
}

public struct DRMPlane: Hashable, Sendable {
    public enum Kind: UInt64, Hashable, Sendable {
        case overlay = 0
        case primary = 1
        case cursor = 2
    }

    public var id: UInt32
    public var kind: Kind
    /// Indexes of the CRTCs it can be shown on, as a bit mask.
    public var possibleCRTCs: UInt32
    public var formats: [UInt32]
    public var properties: [String: DRMProperty]

    public init(
        id: UInt32, kind: Kind, possibleCRTCs: UInt32, formats: [UInt32], properties: [String: DRMProperty] = [:]
    ) {
        self.id = id
        self.kind = kind
        self.possibleCRTCs = possibleCRTCs
        self.formats = formats
        self.properties = properties
    }

    /// The rotations its `rotation` property offers (none without one).
    public var rotations: Set<OutputRotation> {
        guard let property = properties["rotation"] else { return [] }
        let names: [(String, OutputRotation)] = [
            ("rotate-0", .none), ("rotate-270", .clockwise90), ("rotate-180", .upsideDown),
            ("rotate-90", .clockwise270),
        ]
        var offered = Set<OutputRotation>()
        for (name, rotation) in names {
            if let bit = property.choices[name], 1 << bit == rotation.drmPlaneRotation { offered.insert(rotation) }
        }
        return offered
    }
}

/// What the device offers: connectors, CRTCs (in the kernel's order: possible-CRTC masks index into it), planes.
public struct DRMResources: Sendable {
    public var connectors: [DRMConnector]
    public var crtcs: [DRMCRTC]
    public var planes: [DRMPlane]

    public init(connectors: [DRMConnector], crtcs: [DRMCRTC], planes: [DRMPlane]) {
        self.connectors = connectors
        self.crtcs = crtcs
        self.planes = planes
    }
}

/// One property set in an atomic commit.
public struct DRMPropertyWrite: Hashable, Sendable {
    public var object: UInt32
    public var property: UInt32
    public var value: UInt64

    public init(object: UInt32, property: UInt32, value: UInt64) {
        self.object = object
        self.property = property
        self.value = value
    }
}

/// A completed page flip: the kernel's CLOCK_MONOTONIC timestamp of the vblank it showed at.
public struct DRMFlipEvent: Hashable, Sendable {
    public var crtc: UInt32
    public var sequence: UInt64
    public var timestamp: Double

    public init(crtc: UInt32, sequence: UInt64, timestamp: Double) {
        self.crtc = crtc
        self.sequence = sequence
        self.timestamp = timestamp
    }
}

/// A buffer the CPU draws into and the display scans out (`DRM_IOCTL_MODE_CREATE_DUMB`), mapped.
public struct DRMDumbBuffer: @unchecked Sendable {
    public var handle: UInt32
    public var framebuffer: UInt32
    public var pitch: Int
    public var size: PixelSize
    /// The mapping; valid until the buffer is destroyed.
    public var pixels: UnsafeMutableRawBufferPointer

    public init(handle: UInt32, framebuffer: UInt32, pitch: Int, size: PixelSize, pixels: UnsafeMutableRawBufferPointer)
    {
        self.handle = handle
        self.framebuffer = framebuffer
        self.pitch = pitch
        self.size = size
        self.pixels = pixels
    }
}
