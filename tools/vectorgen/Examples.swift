import AnimProtocol

/// One valid frame: protocol/vectors/NNN-<message>-<variant>.bin and .txt.
struct Vector {
    var variant: String
    var message: Message
}

/// The example messages, together covering every message and every case of the unions a client builds.
/// Their order numbers the files, so add new ones at the end.
enum Examples {
    static func timing(duration: Double = 0, fillMode: WireFillMode = .removed) -> WireTiming {
        WireTiming(
            beginTime: 0, duration: duration, speed: 1, timeOffset: 0, repeatCount: 0, repeatDuration: 0,
            autoreverses: false, fillMode: fillMode)
    }

    static func basic(_ keyPath: String, from: WireValue? = nil, to: WireValue?) -> WireAnimationKind {
        .basic(
            WireBasic(
                keyPath: keyPath, fromValue: from, toValue: to, byValue: nil, additive: false, cumulative: false,
                valueFunction: nil))
    }

    static func animation(
        _ kind: WireAnimationKind, duration: Double = 0, timingFunction: WireTimingFunction? = nil
    ) -> WireAnimation {
        WireAnimation(
            timing: timing(duration: duration), timingFunction: timingFunction, removedOnCompletion: true, kind: kind)
    }

    /// A group `depth` animations deep, counting itself, around a basic opacity animation.
    static func nestedGroups(depth: Int) -> WireAnimation {
        var animation = animation(basic("opacity", to: .number(0)))
        for _ in 1..<depth {
            animation = Self.animation(.group(WireGroup(animations: [animation])), duration: 1)
        }
        return animation
    }

    static func emitterCell(_ name: String?, subcells: [WireEmitterCell] = []) -> WireEmitterCell {
        WireEmitterCell(
            name: name, enabled: true, timing: timing(), birthRate: 20, lifetime: 1.5, lifetimeRange: 0.5,
            emissionLatitude: 0, emissionLongitude: 3.141592653589793, emissionRange: 0.5, velocity: 100,
            velocityRange: 20, xAcceleration: 0, yAcceleration: 9.8, zAcceleration: 0, scale: 1, scaleRange: 0.25,
            scaleSpeed: -0.1, spin: 0, spinRange: 1, color: WireColor(red: 1, green: 0.5, blue: 0, alpha: 1),
            redRange: 0, greenRange: 0.1, blueRange: 0, alphaRange: 0, redSpeed: 0, greenSpeed: 0, blueSpeed: 0,
            alphaSpeed: -0.5, contents: 1, contentsRect: WireRect(x: 0, y: 0, width: 1, height: 1),
            contentsScale: 2, minificationFilter: "linear", magnificationFilter: "nearest",
            minificationFilterBias: 0, emitterCells: subcells)
    }

    /// A path with every element kind.
    static let path = WirePath(elements: [
        .move(WirePoint(x: 0, y: 0)), .line(WirePoint(x: 100, y: 0)),
        .quad(WireQuadSegment(control: WirePoint(x: 150, y: 50), end: WirePoint(x: 100, y: 100))),
        .cubic(
            WireCubicSegment(
                control1: WirePoint(x: 50, y: 150), control2: WirePoint(x: 0, y: 150), end: WirePoint(x: 0, y: 100))),
        .close,
    ])

    /// Every WireValue case, each on a property of that kind.
    static let properties: [(UInt32, String, WireValue)] = [
        (1, "opacity", .number(0.5)),
        (1, "position", .point(WirePoint(x: 160, y: 120))),
        (1, "bounds", .rect(WireRect(x: 0, y: 0, width: 320, height: 240))),
        (1, "transform", .transform(identityScaled(2))),
        (1, "backgroundColor", .color(WireColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))),
        (1, "borderColor", .color(nil)),
        (1, "masksToBounds", .bool(true)),
        (1, "name", .string("card — Ä")),
        (1, "contents", .image(1)),
        (1, "mask", .layer(nil)),
        (1, "shadowOffset", .size(WireSize(width: 2, height: -3))),
        (2, "path", .path(path)),
        (2, "lineDashPattern", .numbers([4, 2])),
        (
            3, "colors",
            .colors([WireColor(red: 1, green: 0, blue: 0, alpha: 1), WireColor(red: 0, green: 0, blue: 1, alpha: 0.5)])
        ),
        (3, "locations", .numbers(nil)),
        (4, "string", .string("Hello")),
        (
            4, "string",
            .attributedString(
                WireAttributedString(
                    string: "Hello 世界",
                    runs: [
                        WireTextRun(
                            location: 0, length: 5, font: "Helvetica-Bold", fontSize: 24,
                            foregroundColor: WireColor(red: 1, green: 0, blue: 0, alpha: 1), underline: .single,
                            kern: 1.5),
                        WireTextRun(
                            location: 6, length: 2, font: "NotoSansCJKsc-Regular", fontSize: nil,
                            foregroundColor: nil, underline: .none, kern: 0),
                    ]))
        ),
        (1, "filters", .strings(["blur", "sepia"])),
        (
            1, "filters",
            .filters([
                WireFilter(
                    type: "gaussianBlur", name: "blur",
                    parameters: [WireFilterParameter(name: "inputRadius", values: [4])]),
                WireFilter(type: "colorMatrix", name: "tint", parameters: []),
            ])
        ),
        (1, "backgroundFilters", .filters(nil)),
    ]

    static func identityScaled(_ s: Double) -> WireTransform {
        WireTransform(
            m11: s, m12: 0, m13: 0, m14: 0, m21: 0, m22: s, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: -0.002,
            m41: 10, m42: 20, m43: 0, m44: 1)
    }

    static let keyframe = WireKeyframe(
        keyPath: "position", values: nil, path: path, keyTimes: [0, 0.25, 0.5, 0.75, 1],
        timingFunctions: [.named(.easeIn), .named(.linear), .named(.linear), .named(.easeOut)],
        calculationMode: .paced, tensionValues: nil, continuityValues: nil, biasValues: nil, rotationMode: .auto,
        additive: false, cumulative: false, valueFunction: nil)

    static let cubicKeyframe = WireKeyframe(
        keyPath: "opacity", values: [.number(0), .number(1), .number(0.25)], path: nil, keyTimes: nil,
        timingFunctions: nil, calculationMode: .cubic, tensionValues: [0, 0.5, 0], continuityValues: [0, 0, 0],
        biasValues: [0, -0.5, 0], rotationMode: nil, additive: true, cumulative: false, valueFunction: nil)

    static let spring = WireSpring(
        basic: WireBasic(
            keyPath: "transform.scale", fromValue: .number(0.5), toValue: .number(1), byValue: nil, additive: false,
            cumulative: false, valueFunction: nil),
        mass: 1, stiffness: 200, damping: 12, initialVelocity: 0, allowsOverdamping: false)

    static let valueFunctionBasic = WireBasic(
        keyPath: "transform", fromValue: .number(0), toValue: .number(6.283185307179586), byValue: nil, additive: false,
        cumulative: false, valueFunction: .rotateZ)

    static let group = WireGroup(animations: [
        animation(basic("opacity", from: .number(1), to: .number(0))),
        animation(.group(WireGroup(animations: [animation(basic("cornerRadius", to: .number(12)))])), duration: 0.5),
    ])

    static let transition = WireTransition(type: .push, subtype: .fromRight, startProgress: 0, endProgress: 1)

    static func add(
        _ layer: UInt32, id: UInt64, key: String?, completion: UInt64, _ animation: WireAnimation
    )
        -> WireOperation
    {
        .addAnimation(
            WireAddAnimation(
                layer: layer, animationID: id, key: key, completion: completion, transactionDuration: 0.25,
                animation: animation))
    }

    static let vectors: [Vector] = [
        Vector(variant: "v1", message: .hello(Hello(minVersion: 1, maxVersion: 1, clientName: "animdemo"))),
        Vector(variant: "range", message: .hello(Hello(minVersion: 1, maxVersion: 3, clientName: "Grüße ✓"))),
        Vector(variant: "empty", message: .commit(Commit(transaction: 1, completions: [], operations: []))),
        Vector(
            variant: "layers",
            message: .commit(
                Commit(
                    transaction: 2, completions: [],
                    operations: [
                        .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                        .createLayer(WireCreateLayer(layer: 2, layerClass: .shape)),
                        .createLayer(WireCreateLayer(layer: 3, layerClass: .gradient)),
                        .createLayer(WireCreateLayer(layer: 4, layerClass: .text)),
                        .insertSublayer(WireInsertSublayer(parent: 1, layer: 2, index: -1)),
                        .insertSublayer(WireInsertSublayer(parent: 1, layer: 3, index: 0)),
                        .insertSublayer(WireInsertSublayer(parent: 1, layer: 4, index: 2)),
                    ]
                        + properties.map { .setProperty(WireSetProperty(layer: $0.0, keyPath: $0.1, value: $0.2)) }))),
        Vector(
            variant: "animations",
            message: .commit(
                Commit(
                    transaction: 3, completions: [7],
                    operations: [
                        add(
                            1, id: 1, key: "fade", completion: 7,
                            animation(
                                basic("opacity", from: .number(1), to: .number(0)), duration: 2,
                                timingFunction: .named(.easeInEaseOut))),
                        add(1, id: 2, key: "spin", completion: 7, animation(.basic(valueFunctionBasic), duration: 1)),
                        add(
                            1, id: 3, key: nil, completion: 7,
                            animation(
                                .keyframe(keyframe), duration: 4,
                                timingFunction: .custom(WireControlPoints(x1: 0.3, y1: 0, x2: 0.2, y2: 1.4)))),
                        add(1, id: 4, key: "blink", completion: 0, animation(.keyframe(cubicKeyframe), duration: 1)),
                        add(1, id: 5, key: "pop", completion: 7, animation(.spring(spring), duration: 1.2)),
                        add(1, id: 6, key: "group", completion: 7, animation(.group(group), duration: 1)),
                        add(
                            4, id: 7, key: "transition", completion: 0,
                            animation(.transition(transition), duration: 0.3)),
                    ]))),
        Vector(
            variant: "removals",
            message: .commit(
                Commit(
                    transaction: 4, completions: [8, 9],
                    operations: [
                        .removeAnimation(WireRemoveAnimation(layer: 1, key: "fade")),
                        .removeAllAnimations(4),
                        .removeFromSuperlayer(3),
                        .destroyLayer(3),
                    ]))),
        Vector(
            variant: "emitter",
            message: .commit(
                Commit(
                    transaction: 5, completions: [],
                    operations: [
                        .createLayer(WireCreateLayer(layer: 10, layerClass: .emitter)),
                        .setEmitterCells(
                            WireSetEmitterCells(
                                layer: 10, cells: [emitterCell("spark", subcells: [emitterCell(nil)])])),
                    ]))),
        Vector(
            variant: "nesting-at-limit",
            message: .commit(
                Commit(
                    transaction: 6, completions: [],
                    operations: [
                        add(
                            1, id: 8, key: "deep", completion: 0,
                            nestedGroups(depth: ProtocolLimits.maxNestingDepth))
                    ]))),
        Vector(
            variant: "rgba",
            message: .imageUpload(
                ImageUpload(image: 1, width: 64, height: 32, stride: 256, format: .rgba8Premultiplied, fds: [-1]))),
        Vector(variant: "v1", message: .imageRelease(ImageRelease(image: 1))),
        Vector(variant: "now", message: .presentationQuery(PresentationQuery(request: 1, layer: 1, time: nil))),
        Vector(variant: "at-time", message: .presentationQuery(PresentationQuery(request: 2, layer: 1, time: 12.5))),
        Vector(
            variant: "all-roots",
            message: .hitTestQuery(
                HitTestQuery(request: 3, point: WirePoint(x: 10, y: 20), root: nil, presentation: true))),
        Vector(
            variant: "root",
            message: .hitTestQuery(
                HitTestQuery(request: 4, point: WirePoint(x: -1.5, y: 0.25), root: 1, presentation: false))),
        Vector(variant: "v1", message: .sync(Sync(request: 0x0102_0304))),
        Vector(variant: "query", message: .clockControl(ClockControl(request: 5, action: .query))),
        Vector(variant: "pause", message: .clockControl(ClockControl(request: 6, action: .pause))),
        Vector(variant: "resume", message: .clockControl(ClockControl(request: 7, action: .resume))),
        Vector(variant: "set", message: .clockControl(ClockControl(request: 8, action: .set(10)))),
        Vector(variant: "advance", message: .clockControl(ClockControl(request: 9, action: .advance(1.0 / 60)))),
        Vector(variant: "rate", message: .clockControl(ClockControl(request: 10, action: .rate(0.5)))),
        Vector(variant: "status", message: .inspectRequest(InspectRequest(request: 11, query: .status))),
        Vector(variant: "clients", message: .inspectRequest(InspectRequest(request: 12, query: .clients))),
        Vector(
            variant: "tree",
            message: .inspectRequest(
                InspectRequest(request: 13, query: .tree(WireInspectTree(client: 0, presentation: true))))),
        Vector(
            variant: "layer",
            message: .inspectRequest(
                InspectRequest(
                    request: 14, query: .layer(WireInspectLayer(client: 2, layer: 1, presentation: false))))),
        Vector(variant: "animations", message: .inspectRequest(InspectRequest(request: 15, query: .animations(2)))),
        Vector(variant: "outputs", message: .inspectRequest(InspectRequest(request: 18, query: .outputs))),
        Vector(
            variant: "mode",
            message: .outputControl(
                OutputControl(
                    request: 19, output: "HDMI-A-1",
                    action: .mode(WireOutputMode(width: 1920, height: 1080, refresh: 60))
                ))),
        Vector(
            variant: "rotation", message: .outputControl(OutputControl(request: 20, output: "", action: .rotation(90)))),
        Vector(
            variant: "power", message: .outputControl(OutputControl(request: 21, output: "", action: .power(false)))),
        Vector(
            variant: "output",
            message: .screenshotRequest(ScreenshotRequest(request: 16, client: 0, layer: 0, nextFrame: false))),
        Vector(
            variant: "layer-next-frame",
            message: .screenshotRequest(ScreenshotRequest(request: 17, client: 2, layer: 5, nextFrame: true))),
        Vector(
            variant: "v1",
            message: .welcome(
                Welcome(
                    version: 1, session: 1, serverTime: 123.456, clockMode: .monotonic, maxMessageBytes: 1_048_576,
                    maxLayers: 10000, maxAnimations: 10000, maxImageBytes: 268_435_456))),
        Vector(variant: "v1", message: .commitApplied(CommitApplied(transaction: 3, time: 124))),
        Vector(
            variant: "unknown-key-path",
            message: .errorReport(
                ErrorReport(
                    code: WireErrorCode.unknownKeyPath.rawValue, opcode: 2, request: 3,
                    field: "Commit.operations[0].addAnimation.animation.kind.basic.keyPath", value: "alpha",
                    message: "unknown key path 'alpha' for layer class CALayer", fatal: false))),
        Vector(
            variant: "fatal",
            message: .errorReport(
                ErrorReport(
                    code: WireErrorCode.notNegotiated.rawValue, opcode: 2, request: 0, field: "", value: "",
                    message: "Commit before Hello", fatal: true))),
        Vector(
            variant: "v1",
            message: .animationStarted(AnimationStarted(layer: 1, animationID: 1, key: "fade", time: 124))),
        Vector(
            variant: "finished",
            message: .animationStopped(
                AnimationStopped(layer: 1, animationID: 1, key: "fade", finished: true, time: 126))),
        Vector(
            variant: "removed",
            message: .animationStopped(
                AnimationStopped(layer: 1, animationID: 3, key: nil, finished: false, time: 125))),
        Vector(variant: "v1", message: .transactionCompleted(TransactionCompleted(completion: 7, time: 128))),
        Vector(
            variant: "v1",
            message: .presentationReply(
                PresentationReply(
                    request: 2, layer: 1, time: 12.5,
                    properties: [
                        WirePropertyEntry(keyPath: "opacity", value: .number(0.75)),
                        WirePropertyEntry(keyPath: "position", value: .point(WirePoint(x: 80, y: 60))),
                        WirePropertyEntry(keyPath: "hidden", value: .bool(false)),
                    ]))),
        Vector(variant: "hit", message: .hitTestReply(HitTestReply(request: 3, layer: 2))),
        Vector(variant: "miss", message: .hitTestReply(HitTestReply(request: 4, layer: nil))),
        Vector(variant: "v1", message: .syncReply(SyncReply(request: 0x0102_0304, time: 130.25))),
        Vector(
            variant: "manual",
            message: .clockState(ClockState(request: 8, mode: .manual, time: 10, paused: true, rate: 1))),
        Vector(
            variant: "status",
            message: .inspectReply(
                InspectReply(
                    request: 11,
                    json: """
                        {"uptime":12.5,"clients":1,"layers":4,"animations":2,"frames":750,\
                        "frameTime":{"p50":0.0012,"p99":0.004,"max":0.009},"memory":{"rss":25165824}}
                        """))),
        Vector(
            variant: "output",
            message: .screenshotReply(
                ScreenshotReply(
                    request: 16, width: 1280, height: 720, stride: 5120, format: .rgba8Premultiplied, frame: 42,
                    time: 10.7, fds: [-1]))),
        // The shape the server applies straight from the bytes: whole properties, fixed-size values only.
        Vector(
            variant: "bulk-properties",
            message: .commit(
                Commit(
                    transaction: 7, completions: [],
                    operations: [
                        .setProperty(
                            WireSetProperty(layer: 1, keyPath: "position", value: .point(WirePoint(x: 40, y: 30)))),
                        .setProperty(
                            WireSetProperty(layer: 2, keyPath: "position", value: .point(WirePoint(x: 80, y: 30)))),
                        .setProperty(WireSetProperty(layer: 2, keyPath: "opacity", value: .number(0.5))),
                        .setProperty(
                            WireSetProperty(
                                layer: 3, keyPath: "bounds", value: .rect(WireRect(x: 0, y: 0, width: 64, height: 48)))),
                        .setProperty(
                            WireSetProperty(
                                layer: 4, keyPath: "backgroundColor",
                                value: .color(WireColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)))),
                        .setProperty(WireSetProperty(layer: 4, keyPath: "hidden", value: .bool(false))),
                    ]))),
        // Version 2: a client that does not read CommitApplied turns it off.
        Vector(variant: "off", message: .acknowledgeCommits(AcknowledgeCommits(enabled: false))),
        // Version 4: input.
        Vector(variant: "touch-pointer-key", message: .inputSubscribe(InputSubscribe(kinds: 0b0111, watchAll: false))),
        Vector(variant: "watch-all", message: .inputSubscribe(InputSubscribe(kinds: 0b1111, watchAll: true))),
        Vector(
            variant: "every-action",
            message: .inputInject(
                InputInject(
                    request: 30,
                    events: [
                        WireInjectedInput(
                            offset: 0, action: .touchDown(WireInjectedTouch(slot: 0, point: WirePoint(x: 100, y: 80)))),
                        WireInjectedInput(
                            offset: 0.016,
                            action: .touchMotion(WireInjectedTouch(slot: 0, point: WirePoint(x: 110.5, y: 80)))),
                        WireInjectedInput(offset: 0.032, action: .touchUp(0)),
                        WireInjectedInput(offset: 0.032, action: .touchCancel(1)),
                        WireInjectedInput(offset: 0.05, action: .pointerMotion(WirePoint(x: 12, y: 34))),
                        WireInjectedInput(
                            offset: 0.05, action: .pointerButton(WireInjectedButton(button: 0x110, pressed: true))),
                        WireInjectedInput(offset: 0.06, action: .pointerAxis(WirePoint(x: 0, y: -15))),
                        WireInjectedInput(offset: 0.07, action: .key(WireInjectedKey(code: 30, pressed: true))),
                        WireInjectedInput(
                            offset: 0.07, action: .keyName(WireInjectedKeyName(name: "Return", pressed: true))),
                        WireInjectedInput(offset: 0.08, action: .text("Grüße")),
                    ]))),
        Vector(variant: "v4", message: .focusRequest(FocusRequest())),
        Vector(
            variant: "down",
            message: .touchEvent(
                TouchEvent(
                    phase: .down, sequence: 1, time: 10.5, layer: 2, scenePoint: WirePoint(x: 100, y: 80),
                    layerPoint: WirePoint(x: 20, y: 15)))),
        Vector(
            variant: "cancel-destroyed",
            message: .touchEvent(
                TouchEvent(
                    phase: .cancel, sequence: 1, time: 10.75, layer: nil, scenePoint: WirePoint(x: 140, y: 80),
                    layerPoint: WirePoint(x: 140, y: 80)))),
        Vector(
            variant: "button",
            message: .pointerEvent(
                PointerEvent(
                    phase: .button, time: 11, layer: 2, scenePoint: WirePoint(x: 100, y: 80),
                    layerPoint: WirePoint(x: 20, y: 15), button: 0x110, pressed: true, axis: WirePoint(x: 0, y: 0)))),
        Vector(
            variant: "axis",
            message: .pointerEvent(
                PointerEvent(
                    phase: .axis, time: 11.25, layer: 2, scenePoint: WirePoint(x: 100, y: 80),
                    layerPoint: WirePoint(x: 20, y: 15), button: 0, pressed: false, axis: WirePoint(x: 0, y: -15)))),
        Vector(
            variant: "shift-a",
            message: .keyEvent(
                KeyEvent(time: 12, keycode: 30, keysym: 0x41, text: "A", modifiers: 1, pressed: true, repeated: false))),
        Vector(variant: "gained", message: .focusChanged(FocusChanged(focused: true))),
        Vector(variant: "v4", message: .inputInjected(InputInjected(request: 30, time: 10.58))),
        Vector(
            variant: "touch",
            message: .inputWatched(
                InputWatched(
                    client: 2,
                    event: .touch(
                        WireTouchEvent(
                            phase: .motion, sequence: 1, time: 10.6, layer: 2, scenePoint: WirePoint(x: 110, y: 80),
                            layerPoint: WirePoint(x: 30, y: 15)))))),
        Vector(
            variant: "pointer",
            message: .inputWatched(
                InputWatched(
                    client: 2,
                    event: .pointer(
                        WirePointerEvent(
                            phase: .enter, time: 10.7, layer: 3, scenePoint: WirePoint(x: 5, y: 6),
                            layerPoint: WirePoint(x: 5, y: 6), button: 0, pressed: false, axis: WirePoint(x: 0, y: 0)))
                ))),
        Vector(
            variant: "key",
            message: .inputWatched(
                InputWatched(
                    client: 3,
                    event: .key(
                        WireKeyEvent(
                            time: 12.5, keycode: 28, keysym: 0xff0d, text: "\r", modifiers: 0, pressed: true,
                            repeated: true))))),
        Vector(variant: "focus", message: .inputWatched(InputWatched(client: 3, event: .focus(false)))),
        // Version 4: CATiledLayer tiles, asked for by the server and drawn by the client.
        Vector(
            variant: "level-1",
            message: .tileRequest(
                TileRequest(
                    request: 3, layer: 5, level: 1, column: 2, row: 0,
                    rect: WireRect(x: 1024, y: 0, width: 512, height: 512), scale: 0.5, width: 256, height: 256))),
        Vector(
            variant: "answer",
            message: .tileContent(TileContent(request: 3, layer: 5, level: 1, column: 2, row: 0, image: 12))),
        Vector(
            variant: "rect",
            message: .tileInvalidate(
                TileInvalidate(layer: 5, rect: WireRect(x: 0, y: 0, width: 300, height: 200)))),
        Vector(variant: "all", message: .tileInvalidate(TileInvalidate(layer: 5, rect: nil))),
        // Version 5: the display as the client sees it, after Welcome and after each change of the outputs.
        Vector(
            variant: "two-outputs",
            message: .displayChanged(
                DisplayChanged(
                    bounds: WireRect(x: 0, y: 0, width: 2800, height: 1080), scale: 1,
                    outputs: [
                        WireDisplayOutput(
                            name: "HDMI-A-1", x: 0, y: 0, width: 1920, height: 1080, refresh: 60, rotation: 0),
                        WireDisplayOutput(
                            name: "DP-1", x: 1920, y: 0, width: 880, height: 1024, refresh: 59.94, rotation: 90),
                    ]))),
        // Version 5: the client's declared root layer (its window's layer), and none declared again.
        Vector(variant: "declared", message: .setRootLayer(SetRootLayer(layer: 1))),
        Vector(variant: "none", message: .setRootLayer(SetRootLayer(layer: nil))),
    ]
}
