import Testing

@testable import AnimCore

@Suite("The numeric fast path agrees with the general evaluator")
struct LaneProgramTests {
    @Test(arguments: [
        ("opacity", PropertyValue.number(0.25), PropertyValue.number(0.75)),
        ("position", .point(Point(x: 1, y: 2)), .point(Point(x: 30, y: -40))),
        ("position.y", .number(5), .number(-5)),
        ("bounds", .rect(Rect(x: 0, y: 0, width: 10, height: 20)), .rect(Rect(x: 5, y: 5, width: 40, height: 10))),
        ("bounds.size", .size(Size(width: 1, height: 2)), .size(Size(width: 3, height: 9))),
        ("bounds.origin.y", .number(2), .number(12)),
        ("shadowOffset.height", .number(-3), .number(6)),
    ])
    func sameValues(path: String, from: PropertyValue, to: PropertyValue) throws {
        var model = LayerState()
        model.position = Point(x: 7, y: 8)
        model.bounds = Rect(x: 1, y: 1, width: 50, height: 60)
        let timing = MediaTiming(duration: 1, repeatCount: 3)
        let cases: [(PropertyValue?, PropertyValue?, PropertyValue?, Bool, Bool)] = [
            (from, to, nil, false, false), (from, nil, nil, false, false), (nil, to, nil, true, false),
            (nil, nil, to, false, true), (from, nil, to, false, true), (nil, to, from, false, false),
            (nil, nil, nil, false, false),
        ]
        for (f, t, b, additive, cumulative) in cases {
            let basic = BasicAnimation(
                keyPath: try AnimKeyPath(path, on: .layer), fromValue: f, toValue: t, byValue: b, isAdditive: additive,
                isCumulative: cumulative)
            let general = BasicProgram(basic, capturedValue: from, timing: timing, timingFunction: .easeOut)
            let lane = try #require(LaneBasicProgram(general))
            for time in stride(from: -0.5, through: 3.5, by: 0.3) {
                var a = model
                var b = model
                var none: TransitionProgress?
                general.apply(parentTime: time, model: model, to: &a, transition: &none, key: nil)
                lane.apply(parentTime: time, model: model, to: &b, transition: &none, key: nil)
                #expect(
                    a.position == b.position && a.bounds == b.bounds && a.opacity == b.opacity, "\(path) at \(time)")
                #expect(a.shadowOffset == b.shadowOffset)
            }
        }
    }

    @Test func transformsAndColoursTakeTheGeneralPath() throws {
        let t = BasicProgram(
            BasicAnimation(keyPath: try AnimKeyPath("transform", on: .layer), toValue: .transform(.identity)),
            capturedValue: nil, timing: MediaTiming(duration: 1), timingFunction: nil)
        #expect(LaneBasicProgram(t) == nil)
        let c = BasicProgram(
            BasicAnimation(keyPath: try AnimKeyPath("backgroundColor", on: .layer), toValue: .color(.white)),
            capturedValue: nil, timing: MediaTiming(duration: 1), timingFunction: nil)
        #expect(LaneBasicProgram(c) == nil)
    }
}
