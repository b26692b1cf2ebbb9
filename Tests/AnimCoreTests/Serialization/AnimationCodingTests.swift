import Testing

@testable import AnimCore

@Suite("Animation JSON form")
struct AnimationCodingTests {
    static func kp(_ text: String, _ layerClass: LayerClass = .layer) -> AnimKeyPath {
        try! AnimKeyPath(text, on: layerClass)
    }

    static let fullTiming = MediaTiming(
        beginTime: 1, duration: 2, speed: 0.5, timeOffset: 0.25, repeatCount: 2.5, autoreverses: true,
        fillMode: .both)

    /// One animation of every kind, with every field set somewhere.
    static let everyKind: [Animation] = [
        Animation(
            .basic(
                BasicAnimation(
                    keyPath: kp("position"), fromValue: .point(Point(x: 1, y: 2)), toValue: .point(Point(x: 3, y: 4)),
                    isAdditive: true, isCumulative: true)),
            timing: fullTiming, timingFunction: TimingFunction(controlPoints: 0.1, -0.2, 0.3, 1.4),
            removedOnCompletion: false),
        Animation(
            .basic(
                BasicAnimation(
                    keyPath: kp("backgroundColor"), fromValue: .color(nil), byValue: .color(Color(hex: "#336699")))),
            timing: MediaTiming(duration: 1, repeatCount: .infinity), timingFunction: .easeOut),
        Animation(
            .basic(
                BasicAnimation(
                    keyPath: kp("transform"), fromValue: .numbers([1, 1, 1]), toValue: .numbers([2, 3, 1]),
                    valueFunction: .scale)),
            timing: MediaTiming(repeatDuration: .infinity)),
        Animation(
            .basic(BasicAnimation(keyPath: kp("transform"), toValue: .number(3.14), valueFunction: .rotateZ))),
        Animation(
            .keyframe(
                KeyframeAnimation(
                    keyPath: kp("opacity"), values: [.number(0), .number(1), .number(0.5)], keyTimes: [0, 0.3, 1],
                    timingFunctions: [.easeIn, TimingFunction(controlPoints: 0.2, 0, 0.8, 1)], calculationMode: .cubic,
                    tensionValues: [0, 0.5, 0], continuityValues: [0, -0.5, 0], biasValues: [0.1, 0, 0],
                    isAdditive: true, isCumulative: true)),
            timing: MediaTiming(duration: 3)),
        Animation(
            .keyframe(
                KeyframeAnimation(
                    keyPath: kp("position"), path: try! BezierPath(pathData: "M 0 0 Q 100 0 100 100 L 0 100"),
                    calculationMode: .paced, rotationMode: .autoReverse))),
        Animation(
            .spring(
                SpringAnimation(
                    basic: BasicAnimation(keyPath: kp("position.x"), fromValue: .number(0), toValue: .number(100)),
                    spring: SpringParameters(
                        mass: 2, stiffness: 300, damping: 40, initialVelocity: -1.5, allowsOverdamping: true))),
            timing: MediaTiming(duration: 1.5)),
        Animation(
            .group(
                AnimationGroup(animations: [
                    Animation(.basic(BasicAnimation(keyPath: kp("opacity"), toValue: .number(0)))),
                    Animation(
                        .group(
                            AnimationGroup(animations: [
                                Animation(.keyframe(KeyframeAnimation(keyPath: kp("hidden"), values: [.bool(true)])))
                            ]))),
                ])), timing: MediaTiming(duration: 5)),
        Animation(
            .transition(TransitionAnimation(type: .push, subtype: .fromTop, startProgress: 0.2, endProgress: 0.8)),
            timing: MediaTiming(duration: 0.5, fillMode: .forwards)),
        Animation(.transition(TransitionAnimation())),
    ]

    @Test func everyKindRoundTrips() throws {
        let classes = Set(Self.everyKind.map { AnimationType($0.kind) })
        #expect(classes == Set(AnimationType.allCases))
        for animation in Self.everyKind {
            let text = try JSONTest.encode(animation)
            #expect(try JSONTest.decode(Animation.self, text) == animation, "\(text)")
            #expect(try JSONTest.roundTrip(animation, layerClass: .layer) == animation)
        }
    }

    @Test func encodingWritesTypeKeyPathAndNonDefaultFields() throws {
        #expect(
            try JSONTest.encode(Self.everyKind[3])
                == #"{"keyPath":"transform","toValue":3.14,"type":"basic","valueFunction":"rotateZ"}"#)
        #expect(
            try JSONTest.encode(Self.everyKind[1])
                == ##"{"byValue":"#336699","duration":1,"fromValue":null,"keyPath":"backgroundColor","##
                + #""repeatCount":"infinity","timingFunction":"easeOut","type":"basic"}"#)
        #expect(try JSONTest.encode(Self.everyKind[9]) == #"{"type":"transition"}"#)
        #expect(
            try JSONTest.encode(Self.everyKind[6])
                == #"{"allowsOverdamping":true,"damping":40,"duration":1.5,"fromValue":0,"initialVelocity":-1.5,"#
                + #""keyPath":"position.x","mass":2,"stiffness":300,"toValue":100,"type":"spring"}"#)
    }

    @Test func decodesTheDocumentedForm() throws {
        let animation = try JSONTest.decode(
            Animation.self,
            #"""
            {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.25, "duration": 2,
             "repeatCount": "infinity", "autoreverses": true, "fillMode": "forwards", "removedOnCompletion": false,
             "timingFunction": [0.25, 0.1, 0.25, 1]}
            """#)
        #expect(
            animation
                == Animation(
                    .basic(BasicAnimation(keyPath: Self.kp("opacity"), fromValue: .number(1), toValue: .number(0.25))),
                    timing: MediaTiming(duration: 2, repeatCount: .infinity, autoreverses: true, fillMode: .forwards),
                    timingFunction: .default, removedOnCompletion: false))
        #expect(animation.timing.repeatsForever)
    }

    @Test func springTakesPerceptualDurationAndBounce() throws {
        let animation = try JSONTest.decode(
            Animation.self,
            #"{"type": "spring", "keyPath": "opacity", "toValue": 0, "perceptualDuration": 0.5, "bounce": 0.3, "initialVelocity": 2}"#
        )
        guard case .spring(let spring) = animation.kind else {
            Issue.record("not a spring: \(animation)")
            return
        }
        // Reference vector 11 (docs/core-animation-rules.md#reference-vectors): (duration 0.5, bounce 0.3) ↔ (m 1.0,
        // k 157.9, c 17.6).
        #expect(abs(spring.spring.mass - 1) <= 1e-12)
        #expect(abs(spring.spring.stiffness - 157.9) <= 0.05)
        #expect(abs(spring.spring.damping - 17.6) <= 0.05)
        #expect(spring.spring.initialVelocity == 2)
        #expect(
            JSONTest.error(
                Animation.self,
                #"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 0.5, "damping": 3}"#)
                == "damping: a spring takes either perceptualDuration and bounce, or mass, stiffness and damping, not both"
        )
        #expect(
            JSONTest.error(Animation.self, #"{"type": "spring", "keyPath": "opacity", "bounce": 0.2}"#)
                == "perceptualDuration: missing field 'perceptualDuration' (a number > 0 (seconds))")
        #expect(
            JSONTest.error(
                Animation.self, #"{"type": "spring", "keyPath": "opacity", "perceptualDuration": 1, "bounce": 2}"#)
                == "bounce: 2 is out of range (allowed: (-1, 1])")
        #expect(
            JSONTest.error(Animation.self, #"{"type": "spring", "keyPath": "opacity", "stiffness": 0}"#)
                == "stiffness: 0 is out of range (allowed: > 0)")
    }

    @Test func keyPathsResolveAgainstTheLayerClass() throws {
        let shape = #"{"type": "basic", "keyPath": "strokeEnd", "toValue": 0.5}"#
        #expect(
            JSONTest.error(Animation.self, shape, layerClass: .layer)
                == "keyPath: unknown key path 'strokeEnd' for layer class CALayer")
        #expect(try JSONTest.decode(Animation.self, shape, layerClass: .shape).keyPath == Self.kp("strokeEnd", .shape))
        #expect(try JSONTest.decode(Animation.self, shape).keyPath == Self.kp("strokeEnd", .shape))
        #expect(
            JSONTest.error(Animation.self, #"{"type": "basic", "keyPath": "alpha", "toValue": 0}"#)
                == "keyPath: unknown key path 'alpha' for layer class any layer class")
        #expect(
            JSONTest.error(Animation.self, #"{"type": "basic", "keyPath": "name"}"#, layerClass: .layer)
                == "keyPath: 'name' is not animatable on CALayer")
        #expect(
            JSONTest.error(Animation.self, #"{"type": "basic", "keyPath": "position.z"}"#)
                == "keyPath: unknown key path 'position.z' for layer class any layer class")
    }

    @Test func fieldErrorsNameTheirPath() {
        func error(_ json: String) -> String? { JSONTest.error(Animation.self, json, layerClass: .layer) }
        #expect(
            error(#"{"keyPath": "opacity"}"#)
                == "type: missing field 'type' (the animation type, one of basic, keyframe, spring, group, transition)")
        #expect(
            error(#"{"type": "tween"}"#)
                == "type: unknown animation type 'tween' (one of basic, keyframe, spring, group, transition)")
        #expect(
            error(#"{"type": "basic", "keyPath": "opacity", "tovalue": 1}"#)?.hasPrefix(
                "tovalue: unknown field 'tovalue' in a basic animation (known fields: type, beginTime") == true)
        #expect(
            error(#"{"type": "keyframe", "keyPath": "opacity", "toValue": 1}"#)?.hasPrefix(
                "toValue: unknown field 'toValue' in a keyframe animation") == true)
        #expect(
            error(#"{"type": "basic", "keyPath": "position", "toValue": 1}"#)
                == "toValue: expected a point [x, y], got a number (1)")
        #expect(
            error(#"{"type": "basic", "keyPath": "opacity", "toValue": null}"#)
                == "toValue: expected a number, got null")
        #expect(
            error(#"{"type": "basic", "keyPath": "transform", "valueFunction": "scale", "toValue": [1, 2]}"#)
                == "toValue: expected 3 numbers for scale, got numbers")
        #expect(
            error(#"{"type": "basic", "keyPath": "transform", "valueFunction": "rotateZ", "toValue": [1]}"#)
                == "toValue: expected a number, got an array")
        #expect(
            error(#"{"type": "basic", "keyPath": "opacity", "valueFunction": "rotateZ"}"#)
                == "valueFunction: a value function needs a transform key path; 'opacity' holds a number")
        #expect(
            error(#"{"type": "basic", "keyPath": "transform", "valueFunction": "spin"}"#)?.hasPrefix(
                "valueFunction: unknown value function 'spin' (one of rotateX") == true)
        #expect(
            error(#"{"type": "basic", "keyPath": "opacity", "duration": -1}"#)
                == "duration: -1 is out of range (allowed: >= 0 (0 means 0.25 s))")
        #expect(
            error(#"{"type": "basic", "keyPath": "opacity", "repeatCount": "forever"}"#)
                == #"repeatCount: expected a number or "infinity", got a string "forever""#)
        #expect(
            error(#"{"type": "basic", "keyPath": "opacity", "fillMode": "forward"}"#)
                == "fillMode: unknown fill mode 'forward' (one of removed, forwards, backwards, both)")
        #expect(
            error(#"{"type": "basic", "keyPath": "opacity", "timingFunction": [1.5, 0, 1, 1]}"#)
                == "timingFunction: timingFunction.x1: 1.5 is out of range (allowed: 0...1)")
        #expect(
            error(#"{"type": "basic", "keyPath": "opacity", "autoreverses": "yes"}"#)
                == #"autoreverses: expected true or false, got a string "yes""#)
        #expect(
            error(#"{"type": "keyframe", "keyPath": "opacity"}"#) == "a keyframe animation needs 'values' or 'path'")
        #expect(
            error(#"{"type": "keyframe", "keyPath": "opacity", "path": "M 0 0 L 1 1"}"#)
                == "path: a path drives point properties; 'opacity' holds a number")
        #expect(
            error(#"{"type": "keyframe", "keyPath": "position", "path": "M 0 0"}"#)
                == "path: the path has no segment to follow")
        #expect(
            error(#"{"type": "keyframe", "keyPath": "position", "values": [[0, 0]], "rotationMode": "auto"}"#)
                == "rotationMode: rotationMode needs a path")
        #expect(
            error(#"{"type": "keyframe", "keyPath": "position", "values": [[0, 0], [1]]}"#)
                == "values[1]: expected a point [x, y], got an array of 1")
        #expect(
            error(#"{"type": "keyframe", "keyPath": "opacity", "values": [0], "timingFunctions": ["easeIn", "fast"]}"#)?
                .hasPrefix("timingFunctions[1]: unknown timing function name 'fast'") == true)
        #expect(
            error(
                #"{"type": "group", "animations": [{"type": "basic", "keyPath": "opacity"}, {"type": "basic", "keyPath": "alpha"}]}"#
            ) == "animations[1].keyPath: unknown key path 'alpha' for layer class CALayer")
        #expect(error(#"{"type": "group"}"#) == "animations: missing field 'animations' (an array of animations)")
        #expect(
            error(#"{"type": "transition", "startProgress": 0.6, "endProgress": 0.5}"#)
                == "endProgress: endProgress 0.5 is below startProgress 0.6")
        #expect(
            error(#"{"type": "transition", "endProgress": 1.5}"#) == "endProgress: 1.5 is out of range (allowed: 0…1)")
        #expect(
            error(#"{"type": "transition", "subtype": "fromAbove"}"#)
                == "subtype: unknown transition subtype 'fromAbove' (one of fromLeft, fromRight, fromTop, fromBottom)")
        #expect(error(#"[1]"#) == "expected an animation (an object), got an array")
    }

    @Test func nullMeansNotSetForAnimationFieldsButIsAValueForValues() throws {
        let animation = try JSONTest.decode(
            Animation.self,
            #"{"type": "basic", "keyPath": "backgroundColor", "fromValue": null, "timingFunction": null, "valueFunction": null}"#
        )
        guard case .basic(let basic) = animation.kind else {
            Issue.record("not basic")
            return
        }
        #expect(basic.fromValue == .color(nil))
        #expect(basic.toValue == nil)
        #expect(animation.timingFunction == nil && basic.valueFunction == nil)
    }
}
