import AnimRender

/// Where the render thread shows each frame it drew, besides the renderer's own buffer (which screenshots
/// read): the DRM output's buffers. Every method but `pacing` runs on the render thread.
protocol Scanout: AnyObject, Sendable {
    /// Once, with the renderer the output chose: makes the buffers and lights the display.
    /// Returns the scene's size then (smaller than planned when a connector could not be lit and left the
    /// layout; a display's own when one appeared while the output was waiting for one).
    func start(renderer: any Renderer) throws(DRMError) -> PixelSize
    /// After a frame of the loop: `damage` holds the scene pixels the renderer redrew since the last frame
    /// shown (nil: none).
    func present(_ renderer: any Renderer, damage: Damage?)
    /// The render thread is ending: turns the display back to what it showed before.
    func stop()
    /// Makes `change` on the output named `output` (`""`: the first; a new mode or rotation relights it and
    /// lays the outputs out again) and returns the scene's size after it.
    func apply(_ change: OutputChange, output: String) throws(DRMError) -> PixelSize
    /// udev reported a change of the card: re-probes its connectors, darkening those that went away and
    /// lighting those that appeared. The scene's size when the layout changed, else nil.
    func connectorsChanged() throws(DRMError) -> PixelSize?
    /// Wakes the server's loop to plan a frame.
    func wantFrame()
    /// The seat was disabled (VT switched away): returns once no ioctl of the scan-out is in progress, and none
    /// is made until `seatResumed`. Runs on the server's loop thread, before the disable is acknowledged.
    func seatPaused()
    /// The seat is back: re-probes the connectors and relights the display with a full modeset (the render
    /// thread then redraws everything); returns the scene's size after it. Nothing when the seat was disabled
    /// again meanwhile.
    func seatResumed() throws(DRMError) -> PixelSize
    /// The session the device was opened through; any thread.
    var session: SeatSessionDescription? { get }
    /// Pacing measured from the flips; any thread.
    var pacing: PacingStatistics { get }
    /// The outputs (one per connector) as `animctl output` lists them; any thread.
    var outputDescriptions: [OutputDescription] { get }
}
