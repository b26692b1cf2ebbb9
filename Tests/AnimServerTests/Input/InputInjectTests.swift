import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

/// InputInject, InputSubscribe and watching: permissions, checks, times on the manual clock.
@Suite struct InputInjectTests {
    static func touch(_ slot: UInt32, _ x: Double, _ y: Double) -> WireInjectedTouch {
        WireInjectedTouch(slot: slot, point: WirePoint(x: x, y: y))
    }

    @Test func injectedEventsAreStampedAndRoutedWhenTheClockReachesThem() throws {
        let h = ServerHarness(start: 5)
        let a = try h.inputClient(root: rect(0, 0, 100, 100))
        let tool = try h.connect(version: 4)
        let first = h.core.receive(
            .inputInject(
                InputInject(
                    request: 7,
                    events: [
                        WireInjectedInput(offset: 0, action: .touchDown(Self.touch(0, 10, 10))),
                        WireInjectedInput(offset: 0.1, action: .touchMotion(Self.touch(0, 20, 10))),
                        WireInjectedInput(offset: 0.2, action: .touchUp(0)),
                    ])), fds: [], from: tool)
        #expect(first.to(a).compactMap(\.touch).map(\.time) == [5])
        #expect(first.to(tool).isEmpty, "no answer before the last event")
        try h.clock.set(5.15)
        let second = h.core.runDueInput()
        #expect(second.to(a).compactMap(\.touch).map(\.time) == [5.1])
        #expect(second.to(tool).isEmpty)
        try h.clock.set(6)
        let third = h.core.runDueInput()
        #expect(third.to(a).compactMap(\.touch).map(\.phase) == [.up])
        #expect(third.to(a).compactMap(\.touch).map(\.time) == [5.2])
        guard case .inputInjected(let done)? = third.to(tool).first else {
            Issue.record("expected InputInjected, got \(third.to(tool))")
            return
        }
        #expect(done.request == 7)
        #expect(done.time == 5.2)
    }

    @Test func injectedTextAndKeyNamesGoThroughTheKeymap() throws {
        let h = ServerHarness()
        let a = try h.inputClient()
        _ = h.core.receive(.focusRequest(FocusRequest()), fds: [], from: a)
        let routed = h.core.receive(
            .inputInject(
                InputInject(
                    request: 1,
                    events: [
                        WireInjectedInput(offset: 0, action: .text("Hi!")),
                        WireInjectedInput(
                            offset: 0, action: .keyName(WireInjectedKeyName(name: "Return", pressed: true))),
                        WireInjectedInput(
                            offset: 0, action: .keyName(WireInjectedKeyName(name: "Return", pressed: false))),
                    ])), fds: [], from: a)
        let typed = routed.to(a).compactMap(\.key).filter(\.pressed).map(\.text).joined()
        #expect(typed == "Hi!\r")
        let codes = routed.to(a).compactMap(\.key).map { ($0.pressed ? "+" : "-") + String($0.keycode) }
        // H is Shift + h (35), i is 23, ! is Shift + 1 (2), Return is 28.
        #expect(codes == ["+42", "+35", "-35", "-42", "+23", "-23", "+42", "+2", "-2", "-42", "+28", "-28"])
    }

    @Test func badInjectionsAreRefusedNamingTheField() throws {
        let h = ServerHarness()
        let tool = try h.connect(version: 4)
        func refusal(_ events: [WireInjectedInput]) -> ErrorReport? {
            h.send(.inputInject(InputInject(request: 3, events: events)), from: tool).errorReports.first
        }
        let decreasing = refusal([
            WireInjectedInput(offset: 0.5, action: .touchUp(0)), WireInjectedInput(offset: 0.25, action: .touchUp(0)),
        ])
        #expect(decreasing?.code == WireErrorCode.invalidValue.rawValue)
        #expect(decreasing?.field == "InputInject.events[1].offset")
        #expect(decreasing?.value == "0.25")
        #expect(decreasing?.request == 3)
        #expect(decreasing?.fatal == false)
        let slot = refusal([WireInjectedInput(offset: 0, action: .touchDown(Self.touch(10, 0, 0)))])
        #expect(slot?.field == "InputInject.events[0].action.touchDown.slot")
        let nan = refusal([WireInjectedInput(offset: 0, action: .pointerMotion(WirePoint(x: .nan, y: 0)))])
        #expect(nan?.field == "InputInject.events[0].action.pointerMotion")
        let name = refusal([
            WireInjectedInput(offset: 0, action: .keyName(WireInjectedKeyName(name: "NoSuchKey", pressed: true)))
        ])
        #expect(name?.field == "InputInject.events[0].action.keyName.name")
        #expect(name?.value == "NoSuchKey")
        let text = refusal([WireInjectedInput(offset: 0, action: .text("ok✓"))])
        #expect(text?.field == "InputInject.events[0].action.text")
        let infinite = refusal([WireInjectedInput(offset: .infinity, action: .touchUp(0))])
        #expect(infinite?.field == "InputInject.events[0].offset")
    }

    @Test func injectingAndWatchingAreForTheServersUserAndRootOnly() throws {
        let h = ServerHarness()
        let stranger = try h.connect(uid: 4321, version: 4)
        let inject = h.send(.inputInject(InputInject(request: 9, events: [])), from: stranger).errorReports.first
        #expect(inject?.code == WireErrorCode.permissionDenied.rawValue)
        #expect(inject?.request == 9)
        #expect(inject?.fatal == false)
        let watch = h.send(.inputSubscribe(InputSubscribe(kinds: 0, watchAll: true)), from: stranger).errorReports.first
        #expect(watch?.code == WireErrorCode.permissionDenied.rawValue)
        // Its own input it may have.
        #expect(h.send(.inputSubscribe(InputSubscribe(kinds: 15, watchAll: false)), from: stranger).isEmpty)
        let bits = h.send(.inputSubscribe(InputSubscribe(kinds: 16, watchAll: false)), from: stranger).errorReports
            .first
        #expect(bits?.code == WireErrorCode.invalidValue.rawValue)
        #expect(bits?.field == "InputSubscribe.kinds")
        let root = try h.connect(uid: 0, version: 4)
        guard
            case .inputInjected(let done)? = h.send(.inputInject(InputInject(request: 2, events: [])), from: root).first
        else {
            Issue.record("root may inject")
            return
        }
        #expect(done.request == 2)
    }

    @Test func aWatcherGetsACopyOfEveryRoutedEventNamingTheClient() throws {
        let h = ServerHarness()
        let a = try h.inputClient(root: rect(0, 0, 100, 100))
        let watcher = try h.connect(version: 4)
        #expect(h.send(.inputSubscribe(InputSubscribe(kinds: 0, watchAll: true)), from: watcher).isEmpty)
        let routed = h.input(.touchDown(slot: 0, at: pt(10, 10)), at: 0)
        let copies = routed.to(watcher).compactMap { message -> InputWatched? in
            if case .inputWatched(let w) = message { return w }
            return nil
        }
        #expect(copies.map(\.client) == [a.rawValue, a.rawValue])
        #expect(copies.map(\.event.caseName) == ["touch", "focus"])
    }

    @Test func aVersion3ClientCannotSendInputMessages() throws {
        let h = ServerHarness()
        let old = try h.connect(version: 3)
        let report = h.send(.focusRequest(FocusRequest()), from: old).errorReports.first
        #expect(report?.code == WireErrorCode.unknownOpcode.rawValue)
        #expect(report?.fatal == true)
    }
}
