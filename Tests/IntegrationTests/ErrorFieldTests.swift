import AnimCore
import AnimProtocol
import AnimTestSupport
import Testing

/// Every refusal of a hand-built commit from a client that knows only protocol/ names the field by its wire
/// path from the message's name and, for `invalidValue`, the value (protocol/README.md, "Errors"), on the
/// real daemon; values out of a property's drawn range that are not refused are kept as sent.
@Suite struct ErrorFieldTests {
    /// A refused commit: what it holds, and the error it must get.
    struct Refusal: CustomStringConvertible {
        var name: String
        var operations: [WireOperation]
        var code: WireErrorCode
        var field: String
        var value: String
        var description: String { name }
    }

    static let layer: UInt32 = 1

    static func set(_ keyPath: String, _ value: WireValue, on layer: UInt32 = layer) -> WireOperation {
        .setProperty(WireSetProperty(layer: layer, keyPath: keyPath, value: value))
    }

    static func timing(duration: Double = 1) -> WireTiming {
        WireTiming(
            beginTime: 0, duration: duration, speed: 1, timeOffset: 0, repeatCount: 0, repeatDuration: 0,
            autoreverses: false, fillMode: .removed)
    }

    static func animation(_ kind: WireAnimationKind, duration: Double = 1) -> WireAnimation {
        WireAnimation(timing: timing(duration: duration), timingFunction: nil, removedOnCompletion: true, kind: kind)
    }

    static func basic(_ keyPath: String, to: WireValue) -> WireBasic {
        WireBasic(
            keyPath: keyPath, fromValue: nil, toValue: to, byValue: nil, additive: false, cumulative: false,
            valueFunction: nil)
    }

    static func keyframe(
        _ values: [Double], keyTimes: [Double]?, mode: WireCalculationMode = .linear
    ) -> WireAnimationKind {
        .keyframe(
            WireKeyframe(
                keyPath: "opacity", values: values.map { .number($0) }, path: nil, keyTimes: keyTimes,
                timingFunctions: nil, calculationMode: mode, tensionValues: nil, continuityValues: nil,
                biasValues: nil, rotationMode: nil, additive: false, cumulative: false, valueFunction: nil))
    }

    static func add(_ animation: WireAnimation) -> WireOperation {
        .addAnimation(
            WireAddAnimation(
                layer: layer, animationID: 1, key: "a", completion: 0, transactionDuration: 0.25,
                animation: animation))
    }

    static let value = "Commit.operations[1].setProperty.value"
    static let animationField = "Commit.operations[0].addAnimation.animation"

    static let refusals: [Refusal] = [
        Refusal(
            name: "unknown contentsGravity",
            operations: [set("opacity", .number(0.5)), set("contentsGravity", .string("middle"))],
            code: .invalidValue, field: value, value: "middle"),
        Refusal(
            name: "negative borderWidth", operations: [set("opacity", .number(0.5)), set("borderWidth", .number(-1))],
            code: .invalidValue, field: value, value: "-1"),
        Refusal(
            name: "negative cornerRadius",
            operations: [set("opacity", .number(0.5)), set("cornerRadius", .number(-4))],
            code: .invalidValue, field: value, value: "-4"),
        Refusal(
            name: "NaN position",
            operations: [set("opacity", .number(0.5)), set("position", .point(WirePoint(x: .nan, y: 0)))],
            code: .invalidValue, field: value, value: "nan"),
        Refusal(
            name: "unknown filter",
            operations: [
                set("opacity", .number(0.5)),
                set("filters", .filters([WireFilter(type: "sepiaTone", name: "sepia", parameters: [])])),
            ],
            code: .invalidValue, field: value + ".filters[0].type", value: "sepiaTone"),
        Refusal(
            name: "unknown backgroundFilters parameter",
            operations: [
                set("opacity", .number(0.5)),
                set(
                    "backgroundFilters",
                    .filters([
                        WireFilter(
                            type: "gaussianBlur", name: "blur",
                            parameters: [WireFilterParameter(name: "inputAngle", values: [1])])
                    ])),
            ],
            code: .invalidValue, field: value + ".filters[0].inputAngle", value: "inputAngle"),
        Refusal(
            name: "unknown compositingFilter",
            operations: [set("opacity", .number(0.5)), set("compositingFilter", .string("sepiaBlendMode"))],
            code: .invalidValue, field: value, value: "sepiaBlendMode"),
        Refusal(
            name: "unknown key path", operations: [set("opacity", .number(0.5)), set("alpha", .number(1))],
            code: .unknownKeyPath, field: "Commit.operations[1].setProperty.keyPath", value: "alpha"),
        Refusal(
            name: "unknown layer", operations: [set("opacity", .number(0.5)), set("opacity", .number(1), on: 99)],
            code: .unknownLayer, field: "Commit.operations[1].setProperty.layer", value: "99"),
        Refusal(
            name: "keyTimes count", operations: [add(animation(keyframe([0, 1, 0.5], keyTimes: [0, 1])))],
            code: .invalidAnimation, field: "\(animationField).kind.keyframe.keyTimes", value: ""),
        Refusal(
            name: "decreasing keyTimes", operations: [add(animation(keyframe([0, 1, 0.5], keyTimes: [0, 0.9, 0.5])))],
            code: .invalidAnimation, field: "\(animationField).kind.keyframe.keyTimes", value: ""),
        Refusal(
            name: "keyTimes beyond 1", operations: [add(animation(keyframe([0, 1, 0.5], keyTimes: [0, 0.5, 1.5])))],
            code: .invalidAnimation, field: "\(animationField).kind.keyframe.keyTimes", value: ""),
        Refusal(
            name: "discrete keyTimes count",
            operations: [add(animation(keyframe([0, 1], keyTimes: [0, 0.25, 0.5, 1], mode: .discrete)))],
            code: .invalidAnimation, field: "\(animationField).kind.keyframe.keyTimes", value: ""),
        Refusal(
            name: "group child's keyTimes",
            operations: [
                add(
                    animation(
                        .group(
                            WireGroup(animations: [
                                animation(.basic(basic("opacity", to: .number(0)))),
                                animation(keyframe([0, 1], keyTimes: [0.5, 0.25])),
                            ]))))
            ],
            code: .invalidAnimation, field: "\(animationField).kind.group.animations[1].kind.keyframe.keyTimes",
            value: ""),
        Refusal(
            name: "NaN toValue", operations: [add(animation(.basic(basic("opacity", to: .number(.nan)))))],
            code: .invalidValue, field: "\(animationField).kind.basic.toValue", value: "nan"),
        Refusal(
            name: "negative child duration",
            operations: [
                add(
                    animation(
                        .group(
                            WireGroup(animations: [animation(.basic(basic("opacity", to: .number(0))), duration: -1)]))
                    ))
            ],
            code: .invalidValue, field: "\(animationField).kind.group.animations[0].timing.duration", value: "-1"),
        Refusal(
            name: "spring mass 0",
            operations: [
                add(
                    animation(
                        .spring(
                            WireSpring(
                                basic: basic("opacity", to: .number(0)), mass: 0, stiffness: 100, damping: 10,
                                initialVelocity: 0, allowsOverdamping: false))))
            ],
            code: .invalidValue, field: "\(animationField).kind.spring.mass", value: "0"),
        Refusal(
            name: "transition startProgress 2",
            operations: [
                add(
                    animation(
                        .transition(WireTransition(type: .fade, subtype: nil, startProgress: 2, endProgress: 1))))
            ],
            code: .invalidValue, field: "\(animationField).kind.transition.startProgress", value: "2"),
        Refusal(
            name: "animated filters",
            operations: [
                add(
                    animation(
                        .basic(
                            basic("filters", to: .filters([WireFilter(type: "sepiaTone", name: "s", parameters: [])]))
                        )))
            ],
            code: .invalidValue, field: "\(animationField).kind.basic.toValue.filters[0].type", value: "sepiaTone"),
    ]

    @Test func everyRefusalNamesItsWirePathAndValue() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon, version: ProtocolVersion.current)
        client.send(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: [.createLayer(WireCreateLayer(layer: Self.layer, layerClass: .layer))])))
        client.send(.sync(Sync(request: 1)))
        _ = try #require(try client.next(where: { $0.isSyncReply }))
        for (index, refusal) in Self.refusals.enumerated() {
            let transaction = UInt64(index + 10)
            client.send(.commit(Commit(transaction: transaction, completions: [], operations: refusal.operations)))
            let report = try #require(try client.next(where: { $0.errorReport != nil })?.errorReport, "\(refusal)")
            #expect(report.code == refusal.code.rawValue, "\(refusal): \(report.message)")
            #expect(report.field == refusal.field, "\(refusal)")
            #expect(report.value == refusal.value, "\(refusal)")
            #expect(report.request == transaction && !report.fatal, "\(refusal)")
        }
        // None of them was applied: the layer keeps its model values.
        let state = try presentation(of: client)
        #expect(state["opacity"] == .number(1))
        #expect(state["shouldRasterize"] == .bool(false))
        #expect(state["filters"] == .filters(nil))

        // A query's fields are named from its message too.
        client.send(.presentationQuery(PresentationQuery(request: 5, layer: Self.layer, time: .nan)))
        let time = try #require(try client.next(where: { $0.errorReport != nil })?.errorReport)
        #expect(time.field == "PresentationQuery.time" && time.value == "nan")
    }

    /// Out of the drawn range but not refused (docs/core-animation-rules.md, protocol/key-paths.md): opacity
    /// above 1, a negative bounds size, the defaults of the properties that are drawn only at their default.
    @Test func valuesOutOfTheDrawnRangeAreKeptAsSent() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon, version: ProtocolVersion.current)
        client.send(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: [
                        .createLayer(WireCreateLayer(layer: Self.layer, layerClass: .layer)),
                        Self.set("opacity", .number(2)),
                        Self.set("bounds", .rect(WireRect(x: 0, y: 0, width: -40, height: -20))),
                        Self.set("filters", .filters([])), Self.set("compositingFilter", .string(nil)),
                        Self.set("cornerCurve", .string("circular")), Self.set("shouldRasterize", .bool(false)),
                    ])))
        client.send(.sync(Sync(request: 1)))
        let synced = try #require(try client.next(where: { $0.errorReport != nil || $0.isSyncReply }))
        #expect(synced.errorReport == nil, "\(synced)")
        let state = try presentation(of: client)
        #expect(state["opacity"] == .number(2))
        #expect(state["bounds"] == .rect(WireRect(x: 0, y: 0, width: -40, height: -20)))
    }

    /// The layer's presentation values by key path, as the server reports them.
    private func presentation(of client: RawClient) throws -> [String: WireValue] {
        client.send(.presentationQuery(PresentationQuery(request: 2, layer: Self.layer, time: nil)))
        let message = try client.next(where: { $0.isPresentationReply })
        guard case .presentationReply(let reply)? = message else {
            Issue.record("no presentation reply: \(String(describing: message))")
            return [:]
        }
        return Dictionary(reply.properties.map { ($0.keyPath, $0.value) }, uniquingKeysWith: { a, _ in a })
    }
}

extension Message {
    fileprivate var isSyncReply: Bool { if case .syncReply = self { true } else { false } }
    fileprivate var isPresentationReply: Bool { if case .presentationReply = self { true } else { false } }
}
