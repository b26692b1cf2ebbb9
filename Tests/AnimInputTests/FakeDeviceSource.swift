import AnimCore

@testable import AnimInput

/// A device source driven by the test: what `queue` holds is read at the next `read()`; suspend and resume are
/// recorded. There is no /dev/input where the tests run, so libinput itself cannot.
final class FakeDeviceSource: DeviceEventSource {
    var queue: [DeviceEvent] = []
    private(set) var calls: [String] = []
    var descriptor: Int32? { nil }

    func read() -> [DeviceEvent] {
        defer { queue.removeAll() }
        return queue
    }

    func suspend() { calls.append("suspend") }
    func resume() { calls.append("resume") }
}

extension DeviceInfo {
    static let touchscreen = DeviceInfo(name: "Touch", sysname: "event1", capabilities: [.touch])
    static let tablet = DeviceInfo(name: "Tablet", sysname: "event2", capabilities: [.pointer])
    static let keyboard = DeviceInfo(name: "Keys", sysname: "event3", capabilities: [.keyboard])
}

extension DeviceHandle {
    static let touch = DeviceHandle(101)
    static let tablet = DeviceHandle(102)
    static let keys = DeviceHandle(103)
}
