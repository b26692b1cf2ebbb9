import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

/// Keyboard focus, key events through the keymap, key repeat on the media clock, the pointer.
@Suite struct InputFocusAndKeyTests {
    @Test func focusFollowsTheLastTouchOrClickAndFocusRequest() throws {
        let h = ServerHarness()
        let a = try h.inputClient(root: rect(0, 0, 100, 100))
        let b = try h.inputClient(root: rect(200, 0, 100, 100))
        var routed = h.input(.touchDown(slot: 0, at: pt(50, 50)), at: 0)
        #expect(routed.to(a).compactMap(\.focus) == [true])
        _ = h.input(.touchUp(slot: 0), at: 0)
        routed =
            h.input(.pointerMotion(to: pt(250, 50)), at: 0.1)
            + h.input(.pointerButton(button: 0x110, pressed: true), at: 0.1)
        #expect(routed.to(a).compactMap(\.focus) == [false])
        #expect(routed.to(b).compactMap(\.focus) == [true])
        let requested = h.core.receive(.focusRequest(FocusRequest()), fds: [], from: a)
        #expect(requested.to(a).compactMap(\.focus) == [true])
        #expect(requested.to(b).compactMap(\.focus) == [false])
        // Keys go to the focused client only.
        let key = h.input(.key(code: 30, pressed: true), at: 0.2)
        #expect(key.to(b).isEmpty)
        let event = try #require(key.to(a).compactMap(\.key).first)
        #expect(event.keysym == 0x61)
        #expect(event.text == "a")
        #expect(event.pressed && !event.repeated)
    }

    @Test func keysGoThroughTheKeymapWithModifiers() throws {
        let h = ServerHarness()
        let a = try h.inputClient()
        _ = h.core.receive(.focusRequest(FocusRequest()), fds: [], from: a)
        let shift = h.input(.key(code: 42, pressed: true), at: 0).to(a).compactMap(\.key)
        #expect(shift.first?.keysym == 0xffe1)  // Shift_L
        #expect(shift.first?.modifiers == 1)
        #expect(shift.first?.text == "")
        let a1 = h.input(.key(code: 30, pressed: true), at: 0.01).to(a).compactMap(\.key)
        #expect(a1.first?.keysym == 0x41)
        #expect(a1.first?.text == "A")
        #expect(a1.first?.modifiers == 1)
        _ = h.input(.key(code: 30, pressed: false), at: 0.02)
        let up = h.input(.key(code: 42, pressed: false), at: 0.03).to(a).compactMap(\.key)
        #expect(up.first?.pressed == false)
        #expect(up.first?.modifiers == 0)
        // A release of a key that is not down is dropped.
        #expect(h.input(.key(code: 30, pressed: false), at: 0.04).isEmpty)
    }

    @Test func aHeldKeyRepeatsAtTheMediaTimesOfDelayAndRate() throws {
        var configuration = ServerConfiguration()
        configuration.keyboard.repeatDelay = 0.5
        configuration.keyboard.repeatRate = 20
        let h = ServerHarness(configuration: configuration, start: 10)
        let a = try h.inputClient()
        _ = h.core.receive(.focusRequest(FocusRequest()), fds: [], from: a)
        _ = h.input(.key(code: 30, pressed: true), at: 10)
        #expect(h.core.nextInputTime == 10.5)
        try h.clock.set(10.62)
        let repeats = h.core.runDueInput().to(a).compactMap(\.key)
        #expect(repeats.map(\.time) == [10.5, 10.55, 10.6])
        #expect(repeats.allSatisfy { $0.repeated && $0.pressed && $0.text == "a" })
        _ = h.input(.key(code: 30, pressed: false), at: 10.63)
        #expect(h.core.nextInputTime == nil)
        // A modifier does not repeat.
        _ = h.input(.key(code: 42, pressed: true), at: 11)
        #expect(h.core.nextInputTime == nil)
    }

    @Test func thePointerEntersLeavesAndItsButtonGrabsTheLayer() throws {
        let h = ServerHarness()
        let a = try h.inputClient(root: rect(0, 0, 100, 100), sublayers: [(2, rect(50, 50, 20, 20))])
        let b = try h.inputClient(root: rect(200, 0, 100, 100))
        var routed = h.input(.pointerMotion(to: pt(10, 10)), at: 0)
        #expect(routed.to(a).compactMap(\.pointer).map(\.phase) == [.enter])
        routed = h.input(.pointerMotion(to: pt(20, 10)), at: 0.1)
        #expect(routed.to(a).compactMap(\.pointer).map(\.phase) == [.motion])
        routed = h.input(.pointerMotion(to: pt(55, 55)), at: 0.2)
        let crossing = routed.to(a).compactMap(\.pointer)
        #expect(crossing.map(\.phase) == [.leave, .enter])
        #expect(crossing.map(\.layer) == [1, 2])
        #expect(crossing.last?.layerPoint == WirePoint(x: 5, y: 5))
        routed = h.input(.pointerButton(button: 0x110, pressed: true), at: 0.3)
        let press = try #require(routed.to(a).compactMap(\.pointer).first { $0.phase == .button })
        #expect(press.button == 0x110 && press.pressed && press.layer == 2)
        // Dragged over b: still a's layer 2 until the button is up.
        routed = h.input(.pointerMotion(to: pt(250, 50)), at: 0.4)
        #expect(routed.to(b).isEmpty)
        #expect(routed.to(a).compactMap(\.pointer).map(\.layerPoint) == [WirePoint(x: 200, y: 0)])
        routed = h.input(.pointerButton(button: 0x110, pressed: false), at: 0.5)
        #expect(routed.to(a).compactMap(\.pointer).map(\.phase) == [.button])
        routed = h.input(.pointerMotion(to: pt(251, 50)), at: 0.6)
        #expect(routed.to(a).compactMap(\.pointer).map(\.phase) == [.leave])
        #expect(routed.to(b).compactMap(\.pointer).map(\.phase) == [.enter])
        routed = h.input(.pointerAxis(horizontal: 0, vertical: -15), at: 0.7)
        #expect(routed.to(b).compactMap(\.pointer).map(\.axis) == [WirePoint(x: 0, y: -15)])
    }
}
