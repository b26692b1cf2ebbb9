import AnimCore
import AnimDisplay
import Testing

@testable import AnimInput

@Suite("Input devices' bookkeeping: numbers, touches, the pointer, device gone, the cursor's visibility")
struct InputDeviceTrackerTests {
    static let left = TouchMappingTests.output("HDMI-A-1")
    static let right = TouchMappingTests.output("DP-1", rotation: .clockwise90, at: 640, 0)

    static func tracker(touchOutput: String? = nil, cursor: CursorMode = .auto) -> InputDeviceTracker {
        InputDeviceTracker(
            touchOutput: touchOutput, cursorMode: cursor, layout: SceneLayout(outputs: [left, right]))
    }

    static func event(_ device: DeviceHandle, _ kind: DeviceEvent.Kind, at time: Double = 10) -> DeviceEvent {
        DeviceEvent(time: time, device: device, kind: kind)
    }

    /// Plugs in the touchscreen, the tablet and the keyboard, in that order.
    static func plugged(_ tracker: inout InputDeviceTracker) {
        for (handle, info) in [(DeviceHandle.touch, DeviceInfo.touchscreen), (.tablet, .tablet), (.keys, .keyboard)] {
            #expect(tracker.handle(event(handle, .added(info)), mediaTime: 1).isEmpty)
        }
    }

    @Test func devicesAreNumberedInTheOrderTheyArriveAndKeysKeepTheirCodes() {
        var tracker = Self.tracker()
        Self.plugged(&tracker)
        #expect(tracker.connected.map(\.id) == [InputDeviceID(1), InputDeviceID(2), InputDeviceID(3)])
        #expect(tracker.connected.map(\.info.name) == ["Touch", "Tablet", "Keys"])
        let key = tracker.handle(Self.event(.keys, .key(code: 30, pressed: true)), mediaTime: 4.5)
        #expect(key == [RawInputEvent(time: 4.5, device: InputDeviceID(3), kind: .key(code: 30, pressed: true))])
        // A device never added sends nothing.
        #expect(tracker.handle(Self.event(DeviceHandle(999), .key(code: 30, pressed: true)), mediaTime: 5).isEmpty)
    }

    @Test func touchesMapOntoTheTouchOutputSlotBySlot() {
        var tracker = Self.tracker(touchOutput: "DP-1")
        Self.plugged(&tracker)
        let down = tracker.handle(Self.event(.touch, .touchDown(slot: 3, at: Point(x: 0.25, y: 0.5))), mediaTime: 2)
        #expect(
            down == [
                RawInputEvent(time: 2, device: InputDeviceID(1), kind: .touchDown(slot: 3, at: Point(x: 880, y: 480)))
            ])
        let moved = tracker.handle(Self.event(.touch, .touchMotion(slot: 3, to: Point(x: 1, y: 0))), mediaTime: 2.5)
        #expect(
            moved == [
                RawInputEvent(time: 2.5, device: InputDeviceID(1), kind: .touchMotion(slot: 3, to: Point(x: 640, y: 0)))
            ])
        // A slot that is not down moves nothing and lifts nothing.
        #expect(tracker.handle(Self.event(.touch, .touchMotion(slot: 4, to: Point(x: 0, y: 0))), mediaTime: 3).isEmpty)
        #expect(tracker.handle(Self.event(.touch, .touchUp(slot: 4)), mediaTime: 3).isEmpty)
        let up = tracker.handle(Self.event(.touch, .touchUp(slot: 3)), mediaTime: 3)
        #expect(up == [RawInputEvent(time: 3, device: InputDeviceID(1), kind: .touchUp(slot: 3))])
        #expect(tracker.handle(Self.event(.touch, .touchUp(slot: 3)), mediaTime: 3).isEmpty)
    }

    @Test func tenFingersAtOnceKeepTheirSlots() {
        var tracker = Self.tracker()
        Self.plugged(&tracker)
        for slot in 0..<10 {
            let down = tracker.handle(
                Self.event(.touch, .touchDown(slot: slot, at: Point(x: Double(slot) / 16, y: 0))), mediaTime: 1)
            #expect(down.first?.kind == .touchDown(slot: slot, at: Point(x: Double(slot) * 40, y: 0)))
        }
        let cancelled = tracker.handle(Self.event(.touch, .touchCancel(slot: 7)), mediaTime: 2)
        #expect(cancelled.map(\.kind) == [.touchCancel(slot: 7)])
    }

    @Test func aDeviceRemovedMidTouchIsGoneAndSaysNothingMore() {
        var tracker = Self.tracker()
        Self.plugged(&tracker)
        _ = tracker.handle(Self.event(.touch, .touchDown(slot: 0, at: Point(x: 0.5, y: 0.5))), mediaTime: 1)
        let removed = tracker.handle(Self.event(.touch, .removed), mediaTime: 1.5)
        #expect(removed == [RawInputEvent(time: 1.5, device: InputDeviceID(1), kind: .deviceGone)])
        #expect(tracker.handle(Self.event(.touch, .touchUp(slot: 0)), mediaTime: 2).isEmpty)
        #expect(tracker.connected.map(\.id) == [InputDeviceID(2), InputDeviceID(3)])
        // Another device plugged in later gets the next number.
        let other = DeviceInfo(name: "Other", sysname: "event9", capabilities: [.keyboard])
        _ = tracker.handle(Self.event(DeviceHandle(7), .added(other)), mediaTime: 3)
        #expect(tracker.number(of: DeviceHandle(7)) == InputDeviceID(4))
    }

    @Test func suspendingEndsEveryDeviceAndTheyComeBackWithTheirNumbers() {
        var tracker = Self.tracker()
        Self.plugged(&tracker)
        let gone = tracker.suspend(mediaTime: 8)
        #expect(gone == (1...3).map { RawInputEvent(time: 8, device: InputDeviceID($0), kind: .deviceGone) })
        #expect(tracker.connected.isEmpty)
        // libinput reports the old devices removed after the suspend: nothing more for the router.
        #expect(tracker.handle(Self.event(.touch, .removed), mediaTime: 8.1).isEmpty)
        // Resumed: new handles, the same nodes, the same numbers.
        _ = tracker.handle(Self.event(DeviceHandle(201), .added(.keyboard)), mediaTime: 9)
        _ = tracker.handle(Self.event(DeviceHandle(202), .added(.touchscreen)), mediaTime: 9)
        #expect(tracker.number(of: DeviceHandle(201)) == InputDeviceID(3))
        #expect(tracker.number(of: DeviceHandle(202)) == InputDeviceID(1))
    }

    @Test func relativeMotionIsClampedToTheLayoutAndAbsoluteMotionMapsLikeTouch() {
        var tracker = Self.tracker()
        Self.plugged(&tracker)
        #expect(tracker.pointer == Point(x: 320, y: 240))
        let moved = tracker.handle(Self.event(.tablet, .pointerMotion(dx: 10, dy: 500)), mediaTime: 1)
        #expect(moved.map(\.kind) == [.pointerMotion(to: Point(x: 330, y: 479))])
        // Against the edge already: no motion to report.
        #expect(tracker.handle(Self.event(.tablet, .pointerMotion(dx: 0, dy: 20)), mediaTime: 1).isEmpty)
        let across = tracker.handle(Self.event(.tablet, .pointerMotion(dx: 400, dy: 0)), mediaTime: 1)
        #expect(across.map(\.kind) == [.pointerMotion(to: Point(x: 730, y: 479))])
        let absolute = tracker.handle(
            Self.event(.tablet, .pointerMotionAbsolute(to: Point(x: 0.5, y: 0.25))), mediaTime: 1)
        #expect(absolute.map(\.kind) == [.pointerMotion(to: Point(x: 320, y: 120))])
        let click = tracker.handle(Self.event(.tablet, .pointerButton(button: 0x110, pressed: true)), mediaTime: 1)
        #expect(click.map(\.kind) == [.pointerButton(button: 0x110, pressed: true)])
        let scroll = tracker.handle(
            Self.event(.tablet, .pointerAxis(horizontal: 0, vertical: 40)), mediaTime: 1)
        #expect(scroll.map(\.kind) == [.pointerAxis(horizontal: 0, vertical: 40)])
        // Outputs changing keep the pointer on one.
        tracker.layout = SceneLayout(outputs: [Self.left])
        #expect(tracker.pointer == Point(x: 320, y: 120))
        tracker.layout = SceneLayout(outputs: [TouchMappingTests.output("HDMI-A-1", rotation: .clockwise90)])
        #expect(tracker.pointer == Point(x: 320, y: 120))
    }

    @Test func autoShowsTheCursorOnceAPointerIsUsedUntilATouchOrFiveIdleSeconds() {
        var tracker = Self.tracker()
        #expect(!tracker.cursorVisible(now: 0))
        _ = tracker.handle(Self.event(.touch, .added(.touchscreen), at: 1), mediaTime: 1)
        _ = tracker.handle(Self.event(.touch, .touchDown(slot: 0, at: Point(x: 0, y: 0)), at: 1), mediaTime: 1)
        #expect(!tracker.cursorVisible(now: 1), "a touch-only kiosk shows no cursor")
        _ = tracker.handle(Self.event(.tablet, .added(.tablet), at: 2), mediaTime: 2)
        #expect(!tracker.cursorVisible(now: 2), "a pointer plugged in shows nothing until it is used")
        _ = tracker.handle(Self.event(.tablet, .pointerMotion(dx: 1, dy: 0), at: 3), mediaTime: 3)
        #expect(tracker.cursorVisible(now: 3))
        #expect(tracker.cursorHideDeadline(now: 3) == 3 + CursorMode.idleSeconds)
        #expect(tracker.cursorVisible(now: 7.9))
        #expect(!tracker.cursorVisible(now: 8))
        #expect(tracker.cursorHideDeadline(now: 8) == nil)
        _ = tracker.handle(Self.event(.tablet, .pointerAxis(horizontal: 0, vertical: 1), at: 9), mediaTime: 9)
        #expect(tracker.cursorVisible(now: 9))
        _ = tracker.handle(
            Self.event(.touch, .touchDown(slot: 1, at: Point(x: 0.5, y: 0.5)), at: 10), mediaTime: 10)
        #expect(!tracker.cursorVisible(now: 10), "a touch hides it")
        _ = tracker.handle(Self.event(.tablet, .pointerButton(button: 0x110, pressed: true), at: 11), mediaTime: 11)
        #expect(tracker.cursorVisible(now: 11))
        _ = tracker.handle(Self.event(.tablet, .removed, at: 12), mediaTime: 12)
        #expect(!tracker.cursorVisible(now: 12), "no pointer device, no cursor")
    }

    @Test func alwaysAndNeverIgnoreTheDevices() {
        var always = Self.tracker(cursor: .always)
        var never = Self.tracker(cursor: .never)
        #expect(always.cursorVisible(now: 0) && always.cursorHideDeadline(now: 0) == nil)
        Self.plugged(&always)
        Self.plugged(&never)
        _ = always.handle(Self.event(.touch, .touchDown(slot: 0, at: Point(x: 0, y: 0))), mediaTime: 1)
        #expect(always.cursorVisible(now: 100))
        #expect(!never.cursorVisible(now: 10))
    }

    @Test func anAbsolutePointerTakenAsTouchIsOneFingerOnItsLeftButton() {
        var tracker = InputDeviceTracker(
            touchOutput: "DP-1", absolutePointerAsTouch: true, layout: SceneLayout(outputs: [Self.left, Self.right]))
        Self.plugged(&tracker)
        let tablet = { (kind: DeviceEvent.Kind) in tracker.handle(Self.event(.tablet, kind), mediaTime: 1).map(\.kind) }
        // Hovering moves nothing; a click before any point is a plain button.
        #expect(tablet(.pointerMotionAbsolute(to: Point(x: 0.25, y: 0.5))).isEmpty)
        #expect(
            tablet(.pointerButton(button: 0x110, pressed: true)) == [.touchDown(slot: 0, at: Point(x: 880, y: 480))])
        #expect(tablet(.pointerButton(button: 0x110, pressed: true)).isEmpty)
        #expect(
            tablet(.pointerMotionAbsolute(to: Point(x: 1, y: 0))) == [.touchMotion(slot: 0, to: Point(x: 640, y: 0))])
        #expect(tablet(.pointerButton(button: 0x111, pressed: true)).isEmpty, "other buttons are dropped")
        #expect(tablet(.pointerButton(button: 0x110, pressed: false)) == [.touchUp(slot: 0)])
        #expect(tablet(.pointerButton(button: 0x110, pressed: false)).isEmpty)
        #expect(tablet(.pointerMotionAbsolute(to: Point(x: 0.5, y: 0.5))).isEmpty)
        #expect(!tracker.cursorVisible(now: 10), "a touchscreen shows no cursor")
        // Relative pointers are pointers still.
        let mouse = DeviceInfo(name: "Mouse", sysname: "event7", capabilities: [.pointer])
        _ = tracker.handle(Self.event(DeviceHandle(7), .added(mouse)), mediaTime: 1)
        let click = tracker.handle(
            Self.event(DeviceHandle(7), .pointerButton(button: 0x110, pressed: true)), mediaTime: 1)
        #expect(click.map(\.kind) == [.pointerButton(button: 0x110, pressed: true)])
    }
}
