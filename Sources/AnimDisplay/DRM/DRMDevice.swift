import AnimRender

/// The DRM calls the output makes, so the decisions above them (which connector, CRTC, plane and mode; test
/// commits before real ones; what to fall back to) can be tested with a fake. `LibDRMDevice` is the real one.
public protocol DRMDevice: AnyObject {
    /// The device node (`/dev/dri/card0`).
    var path: String { get }
    /// The descriptor page-flip events arrive on.
    var fd: Int32 { get }
    /// Whether the driver accepted the atomic client capability.
    var supportsAtomic: Bool { get }

    func resources() throws(DRMError) -> DRMResources
    /// Remembers what `crtc` shows now (the console) so closing the device puts it back.
    func saveCRTC(_ crtc: UInt32, connector: UInt32)
    /// Puts back what `saveCRTC` remembered (once).
    func restoreCRTC()
    /// A MODE_ID blob holding `mode`.
    func createModeBlob(_ mode: DRMMode) throws(DRMError) -> UInt32
    func destroyBlob(_ id: UInt32)
    /// An atomic commit of `writes`; `testOnly` checks without applying, `allowModeset` permits a full modeset,
    /// `flipEvent` asks for a page-flip event and does not block.
    func atomicCommit(
        _ writes: [DRMPropertyWrite], testOnly: Bool, allowModeset: Bool, flipEvent: Bool)
        throws(DRMError)
    /// Legacy modesetting (drivers without atomic): `drmModeSetCrtc`.
    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMMode) throws(DRMError)
    /// Legacy flip with an event: `drmModePageFlip`.
    func pageFlip(crtc: UInt32, framebuffer: UInt32) throws(DRMError)
    /// Legacy property write (DPMS): `drmModeConnectorSetProperty`.
    func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws(DRMError)
    /// The page flips completed since the last read (the descriptor was readable).
    func readFlips() throws(DRMError) -> [DRMFlipEvent]
    /// A mapped XRGB8888 dumb buffer of `size` with a framebuffer for it.
    func createDumbBuffer(size: PixelSize) throws(DRMError) -> DRMDumbBuffer
    func destroyDumbBuffer(_ buffer: DRMDumbBuffer)
    /// A framebuffer for a buffer object another allocator made (GBM): XRGB8888, one plane.
    func addFramebuffer(size: PixelSize, handle: UInt32, pitch: Int) throws(DRMError) -> UInt32
    func removeFramebuffer(_ id: UInt32)
}
