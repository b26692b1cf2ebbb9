import AnimCore
import AnimDisplay
import AnimTransport
import Logging
import Testing

@testable import AnimInput

@Suite("Input devices on the loop: media-time stamps, the seat paused and resumed, the cursor")
struct InputDevicesTests {
    final class Received {
        var events: [RawInputEvent] = []
    }

    static func devices(
        _ source: FakeDeviceSource, cursor: CursorOverlay, received: Received
    ) throws -> InputDevices {
        let devices = try InputDevices(
            source: source, touchOutput: nil, cursorMode: .auto, cursor: cursor,
            outputs: { [TouchMappingTests.output("HDMI-A-1")] },
            // A media clock half as fast as CLOCK_MONOTONIC, 100 s ahead.
            mediaTime: { 100 + $0 / 2 },
            logger: Logger(label: "input-tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        devices.sink = { received.events.append($0) }
        return devices
    }

    @Test func eventsAreStampedWithTheMediaTimeOfTheirDeviceTime() throws {
        let source = FakeDeviceSource()
        let received = Received()
        let devices = try Self.devices(source, cursor: CursorOverlay(), received: received)
        source.queue = [
            DeviceEvent(time: 4, device: .touch, kind: .added(.touchscreen)),
            DeviceEvent(time: 6, device: .touch, kind: .touchDown(slot: 0, at: Point(x: 0.5, y: 0.5))),
            DeviceEvent(time: 7, device: .touch, kind: .touchUp(slot: 0)),
        ]
        devices.readEvents()
        #expect(
            received.events == [
                RawInputEvent(
                    time: 103, device: InputDeviceID(1), kind: .touchDown(slot: 0, at: Point(x: 320, y: 240))),
                RawInputEvent(time: 103.5, device: InputDeviceID(1), kind: .touchUp(slot: 0)),
            ])
        #expect(devices.delivered == 2)
    }

    @Test func aPausedSeatEndsEveryDevicesSequencesThenClosesThem() throws {
        let source = FakeDeviceSource()
        let received = Received()
        let devices = try Self.devices(source, cursor: CursorOverlay(), received: received)
        source.queue = [
            DeviceEvent(time: 1, device: .touch, kind: .added(.touchscreen)),
            DeviceEvent(time: 1, device: .keys, kind: .added(.keyboard)),
            DeviceEvent(time: 2, device: .touch, kind: .touchDown(slot: 2, at: Point(x: 0, y: 0))),
            DeviceEvent(time: 2, device: .keys, kind: .key(code: 42, pressed: true)),
        ]
        devices.readEvents()
        received.events.removeAll()
        devices.seatPaused()
        #expect(received.events.map(\.kind) == [.deviceGone, .deviceGone])
        #expect(received.events.map(\.device) == [InputDeviceID(1), InputDeviceID(2)])
        #expect(source.calls == ["suspend"])
        // libinput's removals after the suspend reach no one; the devices come back with their numbers.
        received.events.removeAll()
        source.queue = [
            DeviceEvent(time: 3, device: .touch, kind: .removed), DeviceEvent(time: 3, device: .keys, kind: .removed),
        ]
        devices.readEvents()
        #expect(received.events.isEmpty)
        devices.seatResumed()
        #expect(source.calls == ["suspend", "resume"])
        source.queue = [
            DeviceEvent(time: 4, device: DeviceHandle(301), kind: .added(.keyboard)),
            DeviceEvent(time: 5, device: DeviceHandle(301), kind: .key(code: 30, pressed: true)),
        ]
        devices.readEvents()
        #expect(
            received.events == [
                RawInputEvent(time: 102.5, device: InputDeviceID(2), kind: .key(code: 30, pressed: true))
            ])
    }

    /// libinput queues the devices it finds when the seat is assigned or resumed without waking the loop: they are
    /// read at once.
    @Test func devicesFoundAtTheStartAndAfterAResumeAreReadWithoutWaitingForTheLoop() throws {
        let source = FakeDeviceSource()
        source.queue = [DeviceEvent(time: 1, device: .touch, kind: .added(.touchscreen))]
        let received = Received()
        let devices = try Self.devices(source, cursor: CursorOverlay(), received: received)
        #expect(devices.connected.map(\.info.name) == ["Touch"])
        devices.seatPaused()
        #expect(devices.connected.isEmpty)
        source.queue = [DeviceEvent(time: 2, device: DeviceHandle(9), kind: .added(.touchscreen))]
        devices.seatResumed()
        #expect(devices.connected.map(\.id) == [InputDeviceID(1)])
    }

    @Test func thePointerMovesTheCursorTheOutputDraws() throws {
        let source = FakeDeviceSource()
        let cursor = CursorOverlay()
        let devices = try Self.devices(source, cursor: cursor, received: Received())
        #expect(!cursor.isVisible && !cursor.needsFrame)
        // A tablet plugged in just now (its add is stamped with the real clock, so auto shows the cursor).
        source.queue = [
            DeviceEvent(time: MonotonicClock.now(), device: .tablet, kind: .added(.tablet)),
            DeviceEvent(time: MonotonicClock.now(), device: .tablet, kind: .pointerMotion(dx: -20, dy: 10)),
        ]
        #expect(devices.readEvents(), "the cursor's change asks for a frame")
        #expect(cursor.isVisible)
        #expect(cursor.position == Point(x: 300, y: 250))
        devices.seatPaused()
        #expect(!cursor.isVisible, "no pointer device while the seat is away")
    }

    /// The real libinput on the test machine, which has no /dev/input: the udev backend starts on seat0 through a
    /// direct session, gives the loop a descriptor, and reports no device.
    @Test func libinputStartsOnASeatWithoutDevices() throws {
        let source = try LibinputSource(
            session: DirectSession(reason: "test"),
            logger: Logger(label: "input-tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        #expect((source.descriptor ?? -1) >= 0)
        #expect(source.read().filter { if case .added = $0.kind { false } else { true } }.isEmpty)
        source.suspend()
        source.resume()
    }
}
