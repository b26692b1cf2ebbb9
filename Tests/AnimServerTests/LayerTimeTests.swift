import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

@Suite("Animations in layer time and captured start values")
struct LayerTimeTests {
    @Test func anAnimationBeginsAtTheLayersLocalTimeOfTheCommit() throws {
        let h = ServerHarness()
        let s = try h.connect()
        // Speed 2: the layer's local time is twice the server time.
        h.commit([W.create(1), W.set(1, "speed", .number(2))], from: s)
        try h.clock.set(1)
        h.commit(
            [W.add(W.basic("opacity", from: .number(0), to: .number(1)), to: 1, id: 1, key: "fade")], from: s,
            transaction: 2)
        // Local 2 → 3 is server 1 → 1.5.
        #expect(try CommitTests.presented(h, s, layer: 1, "opacity", at: 1.25) == .number(0.5))
        let events = try h.frame(at: 2).map(\.message)
        #expect(
            events == [
                .animationStarted(AnimationStarted(layer: 1, animationID: 1, key: "fade", time: 1)),
                .animationStopped(AnimationStopped(layer: 1, animationID: 1, key: "fade", finished: true, time: 1.5)),
            ])
    }

    @Test func aBasicAnimationWithoutValuesStartsFromThePreviousPresentation() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1), W.set(1, "opacity", .number(0.8))], from: s)
        // As an implicit animation: the model changes and the animation names no values.
        h.commit(
            [
                W.set(1, "opacity", .number(0)),
                W.add(W.basic("opacity", from: nil, to: nil), to: 1, id: 1, key: "opacity"),
            ],
            from: s, transaction: 2)
        #expect(try CommitTests.presented(h, s, layer: 1, "opacity", at: 0.5) == .number(0.4))
        #expect(try CommitTests.presented(h, s, layer: 1, "opacity", at: 2) == .number(0))
    }

    @Test func queriesRefuseNonFiniteInput() throws {
        let h = ServerHarness()
        let s = try h.connect()
        h.commit([W.create(1)], from: s)
        let time = h.send(.presentationQuery(PresentationQuery(request: 1, layer: 1, time: .infinity)), from: s)
        #expect(time.errorReports.first?.code == WireErrorCode.invalidValue.rawValue)
        #expect(time.errorReports.first?.field == "PresentationQuery.time")
        let point = h.send(
            .hitTestQuery(HitTestQuery(request: 2, point: WirePoint(x: .nan, y: 0), root: nil, presentation: false)),
            from: s)
        #expect(point.errorReports.first?.code == WireErrorCode.invalidValue.rawValue)
        #expect(point.errorReports.first?.field == "HitTestQuery.point")
    }
}
