import Foundation
import Testing

@testable import AnimCore

/// Scene documents decoded from JSON and evaluated through the decoded model, with the reference scenes' vectors.
@Suite("Scene documents")
struct SceneDocumentTests {
    /// A scene with one animation (the JSON object `animation`) under key "a" on a CALayer whose model has
    /// `properties` (a JSON object's inside).
    static func scene(_ animation: String, properties: String = "", transaction: String = "") -> String {
        #"{"layer": {"properties": {\#(properties)}}, "animations": [{"key": "a", "animation": \#(animation)}]"#
            + (transaction.isEmpty ? "" : #", "transaction": \#(transaction)"#) + "}"
    }

    /// The number at `keyPath` at each time, visiting the times in order.
    static func numbers(_ json: String, _ keyPath: String, at times: [Double]) throws -> [Double] {
        let document = try JSONTest.decode(SceneDocument.self, json)
        var timeline = try SceneTimeline(document)
        let path = try AnimKeyPath(keyPath, on: document.layer.layerClass)
        return times.map { path.value(in: timeline.advance(to: $0).presentation).numberValue ?? .nan }
    }

    static func expectClose(
        _ actual: [Double], _ expected: [Double], _ tolerance: Double = 1e-9,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) <= tolerance, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func vector4BeforeBeginShowsTheModelUnlessFilledBackwards() throws {
        let animation =
            #"{"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.5, "beginTime": 3, "duration": 5"#
        Self.expectClose(
            try Self.numbers(
                Self.scene(animation + "}", properties: #""opacity": 0.5"#), "opacity", at: [0, 2.9, 3, 5.5]),
            [0.5, 0.5, 1, 0.75])
        Self.expectClose(
            try Self.numbers(
                Self.scene(animation + #", "fillMode": "backwards"}"#, properties: #""opacity": 0.5"#), "opacity",
                at: [0, 2.9]),
            [1, 1])
    }

    @Test func vector5AfterTheEnd() throws {
        let base = #"{"type": "basic", "keyPath": "zPosition", "fromValue": 0, "toValue": 10, "duration": 1"#
        let model = #""zPosition": 3"#
        Self.expectClose(try Self.numbers(Self.scene(base + "}", properties: model), "zPosition", at: [1.5]), [3])
        Self.expectClose(
            try Self.numbers(
                Self.scene(base + #", "removedOnCompletion": false, "fillMode": "forwards"}"#, properties: model),
                "zPosition", at: [1.5]),
            [10])
        Self.expectClose(
            try Self.numbers(
                Self.scene(
                    base + #", "removedOnCompletion": false, "fillMode": "forwards", "autoreverses": true}"#,
                    properties: model), "zPosition", at: [2.5]),
            [0])
    }

    @Test func vector6SpeedAndTimeOffset() throws {
        let base =
            #"{"type": "basic", "keyPath": "zPosition", "fromValue": 0, "toValue": 10, "duration": 1, "speed": 2"#
        Self.expectClose(try Self.numbers(Self.scene(base + "}"), "zPosition", at: [0.25, 0.5]), [5, 0])
        Self.expectClose(
            try Self.numbers(Self.scene(base + #", "timeOffset": 0.5}"#), "zPosition", at: [0, 0.25, 0.49, 0.5]),
            [5, 0, 4.8, 0])
    }

    @Test func vector7Repeat() throws {
        let base = #"{"type": "basic", "keyPath": "zPosition", "fromValue": 0, "toValue": 10, "duration": 1"#
        Self.expectClose(
            try Self.numbers(
                Self.scene(base + #", "repeatCount": 2.5, "fillMode": "forwards", "removedOnCompletion": false}"#),
                "zPosition", at: [1.25, 2.4, 2.5]),
            [2.5, 4, 5])
        Self.expectClose(
            try Self.numbers(
                Self.scene(base + #", "autoreverses": true, "repeatCount": 1}"#), "zPosition", at: [1.5, 2]),
            [5, 0])
    }

    @Test func vector8TimingFunctionsOfTheAnimationAndOfTheTransaction() throws {
        let expected: [(String, [Double])] = [
            ("easeIn", [0.0935, 0.3154, 0.6219]), ("easeOut", [0.3781, 0.6846, 0.9065]),
            ("easeInEaseOut", [0.1292, 0.5000, 0.8708]), ("default", [0.4085, 0.8024, 0.9605]),
        ]
        let base = #"{"type": "basic", "keyPath": "zPosition", "fromValue": 0, "toValue": 1, "duration": 1"#
        for (name, values) in expected {
            Self.expectClose(
                try Self.numbers(
                    Self.scene(base + #", "timingFunction": "\#(name)"}"#), "zPosition", at: [0.25, 0.5, 0.75]),
                values, 5e-5)
            // An animation without a timing function takes the transaction's.
            Self.expectClose(
                try Self.numbers(
                    Self.scene(base + "}", transaction: #"{"timingFunction": "\#(name)"}"#), "zPosition",
                    at: [0.25, 0.5, 0.75]),
                values, 5e-5)
        }
    }

    @Test func vector9SpringProgress() throws {
        func spring(_ fields: String) -> String {
            Self.scene(
                #"{"type": "spring", "keyPath": "zPosition", "fromValue": 0, "toValue": 1, "duration": 3\#(fields)}"#)
        }
        Self.expectClose(
            try Self.numbers(spring(""), "zPosition", at: [0.05, 0.1, 0.2, 0.3, 0.5, 1.0]),
            [0.10441, 0.34030, 0.84943, 1.12435, 1.07459, 1.00217], 5e-6)
        Self.expectClose(
            try Self.numbers(spring(#", "damping": 20"#), "zPosition", at: [0.1, 0.3]), [0.26424, 0.80085], 5e-6)
        Self.expectClose(
            try Self.numbers(spring(#", "damping": 30"#), "zPosition", at: [0.1, 0.3]), [0.26424, 0.80085], 5e-6)
        Self.expectClose(
            try Self.numbers(spring(#", "damping": 30, "allowsOverdamping": true"#), "zPosition", at: [0.1, 0.3]),
            [0.21335, 0.62782], 5e-6)
        Self.expectClose(
            try Self.numbers(spring(#", "initialVelocity": 5"#), "zPosition", at: [0.1, 0.2]), [0.60705, 1.05907], 5e-6)
    }

    @Test func vector12GroupClipsItsChildren() throws {
        let group = #"""
            {"type": "group", "duration": 5, "animations": [
              {"type": "basic", "keyPath": "zPosition", "fromValue": 0, "toValue": 10, "duration": 10},
              {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1}]}
            """#
        Self.expectClose(try Self.numbers(Self.scene(group), "zPosition", at: [2, 4.9, 5, 6]), [2, 4.9, 0, 0])
        // A child's duration 0 is the transaction's duration
        // (docs/core-animation-rules.md#decisions-on-open-points): 0.5 s here, clipped to nothing after.
        Self.expectClose(
            try Self.numbers(Self.scene(group, transaction: #"{"duration": 0.5}"#), "opacity", at: [0.25, 1]), [0.5, 1])
    }

    @Test func vectors13And14DiscreteAndPacedKeyframes() throws {
        let discrete = #"""
            {"type": "keyframe", "keyPath": "zPosition", "values": [1, 2, 3], "keyTimes": [0, 0.25, 0.75, 1],
             "calculationMode": "discrete", "duration": 1}
            """#
        Self.expectClose(
            try Self.numbers(Self.scene(discrete), "zPosition", at: [0.1, 0.25, 0.74, 0.75, 0.99]), [1, 2, 2, 3, 3])
        let paced =
            #"{"type": "keyframe", "keyPath": "zPosition", "values": [0, 10, 30], "calculationMode": "paced", "duration": 1}"#
        Self.expectClose(try Self.numbers(Self.scene(paced), "zPosition", at: [0.5]), [15])
    }

    @Test func eventsAreReportedAsTimeAdvances() throws {
        let json = #"""
            {"attachTime": 1, "animations": [
              {"key": "a", "animation": {"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 1}},
              {"key": "b", "animation": {"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 2,
                                          "beginTime": 1.5}},
              {"key": "a", "animation": {"type": "basic", "keyPath": "zPosition", "toValue": 5, "duration": 1}}]}
            """#
        var timeline = try SceneTimeline(try JSONTest.decode(SceneDocument.self, json))
        #expect(timeline.animations.keys == ["b", "a"])
        let keyOf: (AnimationEvent) -> String = { "\($0.key ?? "nil") \($0.kind) \($0.localTime)" }
        // The second "a" replaced the first when it was added: it stops, unfinished, at the attach time.
        #expect(timeline.advance(to: 0).events.map(keyOf) == ["a didStop(finished: false) 1.0"])
        #expect(timeline.advance(to: 1.2).events.map(keyOf) == ["a didStart 1.0"])
        #expect(
            timeline.advance(to: 4).events.map(keyOf) == [
                "b didStart 1.5", "a didStop(finished: true) 2.0", "b didStop(finished: true) 3.5",
            ])
        #expect(timeline.advance(to: 5).events.isEmpty)
        #expect(timeline.animations.isEmpty)
    }

    @Test func animatedKeyPathsAndTransitionsAreListed() throws {
        let json = #"""
            {"animations": [
              {"animation": {"type": "group", "animations": [
                {"type": "basic", "keyPath": "position.x"}, {"type": "transition"},
                {"type": "basic", "keyPath": "opacity"}]}},
              {"key": "again", "animation": {"type": "keyframe", "keyPath": "position.x", "values": [1]}}]}
            """#
        let document = try JSONTest.decode(SceneDocument.self, json)
        #expect(document.animatedKeyPaths.map(\.description) == ["position.x", "opacity"])
        #expect(document.hasTransition)
        #expect(document.animations[0].key == nil && document.animations[1].key == "again")
        var timeline = try SceneTimeline(document)
        let sample = timeline.advance(to: 0.125)
        #expect(sample.transition?.type == .fade && abs((sample.transition?.progress ?? -1) - 0.5) <= 1e-12)
    }

    @Test func documentsRoundTrip() throws {
        let document = SceneDocument(
            comment: "a note", layer: try JSONTest.decode(LayerState.self, #"{"properties": {"opacity": 0.5}}"#),
            animations: [
                .init(key: nil, animation: AnimationCodingTests.everyKind[0]),
                .init(key: "b", animation: AnimationCodingTests.everyKind[7]),
            ],
            transaction: .init(duration: 2, timingFunction: .easeIn), attachTime: 3)
        #expect(try JSONTest.roundTrip(document) == document)
        #expect(try JSONTest.roundTrip(SceneDocument()) == SceneDocument())
        #expect(
            try JSONTest.encode(SceneDocument())
                == #"{"animations":[],"attachTime":0,"layer":{"class":"CALayer","properties":{}},"#
                + #""transaction":{"duration":0.25,"timingFunction":null}}"#)
    }

    @Test func errorsNameTheirPathInTheDocument() {
        let twoAnimations = #"""
            {"animations": [
              {"key": "fade", "animation": {"type": "basic", "keyPath": "opacity", "toValue": 0}},
              {"key": "move", "animation": {"type": "basic", "keyPath": "position", "toValue": "far"}}]}
            """#
        #expect(
            JSONTest.error(SceneDocument.self, twoAnimations)
                == #"animations[1].animation.toValue: expected a point [x, y], got a string "far""#)
        #expect(
            JSONTest.error(SceneDocument.self, #"{"layers": {}}"#)
                == "layers: unknown field 'layers' in a scene document (known fields: comment, layer, animations, "
                + "transaction, attachTime)")
        #expect(
            JSONTest.error(SceneDocument.self, #"{"animations": [{"key": "a"}]}"#)
                == "animations[0].animation: missing field 'animation' (an animation object)")
        #expect(
            JSONTest.error(
                SceneDocument.self,
                #"{"animations": [{"animation": {"type": "basic", "keyPath": "opacity"}, "id": 1}]}"#)
                == "animations[0].id: unknown field 'id' in an animation entry (known fields: key, animation)")
        #expect(
            JSONTest.error(SceneDocument.self, #"{"transaction": {"duration": 0}}"#)
                == "transaction.duration: the transaction duration must be > 0, got 0")
        // Key paths are resolved against the document's layer class.
        #expect(
            JSONTest.error(
                SceneDocument.self,
                #"{"layer": {"class": "CATextLayer"}, "animations": [{"animation": {"type": "basic", "keyPath": "strokeEnd"}}]}"#
            )
                == "animations[0].animation.keyPath: unknown key path 'strokeEnd' for layer class CATextLayer")
    }

    @Test func animationsThatCannotBeAttachedAreSceneErrors() throws {
        let shapeOnly = try JSONTest.decode(
            Animation.self, #"{"type": "basic", "keyPath": "strokeEnd", "toValue": 0}"#, layerClass: .shape)
        let document = SceneDocument(animations: [.init(key: "stroke", animation: shapeOnly)])
        #expect(throws: SceneError.self) { try SceneTimeline(document) }
        do {
            _ = try SceneTimeline(document)
        } catch {
            #expect(
                error.description
                    == "animations[0] (key 'stroke'): unknown key path 'strokeEnd' for layer class CALayer")
        }
    }
}
