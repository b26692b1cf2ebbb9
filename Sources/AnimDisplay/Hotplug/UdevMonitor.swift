import CUdev
import Glibc

/// The DRM cards' device events as udev relays them (a connector plugged or unplugged arrives as a `change` of
/// its card, with `HOTPLUG=1`). Its descriptor is non-blocking; `receive()` drains what arrived.
final class UdevMonitor: @unchecked Sendable {
    /// One event of a DRM device.
    struct Event: Hashable, Sendable {
        /// `add`, `remove`, `change`…
        var action: String
        /// `/dev/dri/card0`; nil for a device without a node (a connector's own sysfs entry).
        var node: String?
        /// The kernel marked it a hotplug (connector status may have changed).
        var hotplug: Bool
    }

    let fd: Int32
    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    /// A monitor of the `drm` subsystem, receiving once udev has processed each event.
    init() throws(DRMError) {
        guard let udev = udev_new() else { throw .callFailed(call: "udev_new", errno: errno) }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            let error = errno
            udev_unref(udev)
            throw .callFailed(call: "udev_monitor_new_from_netlink(udev)", errno: error)
        }
        var result = udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        if result >= 0 { result = udev_monitor_enable_receiving(monitor) }
        guard result >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw .callFailed(call: "udev_monitor_enable_receiving(drm)", errno: -result)
        }
        self.udev = udev
        self.monitor = monitor
        fd = udev_monitor_get_fd(monitor)
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The events that arrived since the last call (none when nothing did).
    func receive() -> [Event] {
        var events: [Event] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? ""
            let node = udev_device_get_devnode(device).map { String(cString: $0) }
            let hotplug = udev_device_get_property_value(device, "HOTPLUG").map { String(cString: $0) } == "1"
            events.append(Event(action: action, node: node, hotplug: hotplug))
        }
        return events
    }

    /// Whether `events` may have changed the connectors of the card at `path`.
    static func concerns(_ events: [Event], card path: String) -> Bool {
        events.contains { $0.node == path && ($0.action == "change" || $0.action == "add") }
    }
}
