/// Where device events come from: libinput (`LibinputSource`), or a test's fake. Used on the server's loop thread.
public protocol DeviceEventSource: AnyObject {
    /// The descriptor the loop watches (`read()` when readable); nil: none.
    var descriptor: Int32? { get }
    /// The events ready now, in order.
    func read() -> [DeviceEvent]
    /// The seat is going away: close every device now (libinput_suspend). Their removals may still be reported.
    func suspend()
    /// The seat is back: open the devices again; they are reported added (libinput_resume).
    func resume()
}
