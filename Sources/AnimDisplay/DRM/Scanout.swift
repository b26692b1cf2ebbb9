import AnimRender

/// Where the render thread shows each frame it drew, besides the renderer's own buffer (which screenshots
/// read): the DRM output's buffers. Every method but `pacing` runs on the render thread.
protocol Scanout: AnyObject, Sendable {
    /// Once, with the renderer the output chose: makes the buffers and lights the display.
    func start(renderer: any Renderer) throws(DRMError)
    /// After a frame of the loop: `damage` holds the scene pixels the renderer redrew since the last frame
    /// shown (nil: none).
    func present(_ renderer: any Renderer, damage: Damage?)
    /// The render thread is ending: turns the display back to what it showed before.
    func stop()
    /// Makes `change` (a new mode or rotation relights the display) and returns the scene's size after it.
    func apply(_ change: OutputChange) throws(DRMError) -> PixelSize
    /// udev reported a change of the card: re-probes its connectors, darkening the display when its connector
    /// went away and lighting one that appeared. The scene's size when the display was lit again, else nil.
    func connectorsChanged() throws(DRMError) -> PixelSize?
    /// Wakes the server's loop to plan a frame.
    func wantFrame()
    /// The seat was disabled (VT switched away): returns once no ioctl of the scan-out is in progress, and none
    /// is made until `seatResumed`. Runs on the server's loop thread, before the disable is acknowledged.
    func seatPaused()
    /// The seat is back: re-probes the connectors and relights the display with a full modeset (the render
    /// thread then redraws everything). Nothing when the seat was disabled again meanwhile.
    func seatResumed() throws(DRMError)
    /// The session the device was opened through; any thread.
    var session: SeatSessionDescription? { get }
    /// Pacing measured from the flips; any thread.
    var pacing: PacingStatistics { get }
    /// The output as `animctl output` lists it; any thread.
    var outputDescription: OutputDescription { get }
}
