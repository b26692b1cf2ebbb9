import AnimProtocol

/// One frame a receiver must refuse: protocol/bad/<name>.bin, and .txt with the code and why.
struct BadFrame {
    var name: String
    var code: WireErrorCode
    var reason: String
    var bytes: [UInt8]

    var text: String { "code: \(code.name) (\(code.rawValue))\n\(reason)\n" }
}

enum BadFrames {
    /// A frame with a correct header around `payload`.
    static func frame(opcode: UInt16, _ payload: (inout WireWriter) -> Void) -> [UInt8] {
        var w = WireWriter()
        w.u32(0)
        w.u16(opcode)
        w.u16(0)
        payload(&w)
        var bytes = w.bytes
        let length = UInt32(bytes.count)
        for i in 0..<4 { bytes[i] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(i))) }
        return bytes
    }

    /// `bytes` with `replacement` written over it from `offset`; a negative offset counts from the end.
    static func patched(_ bytes: [UInt8], at offset: Int, _ replacement: [UInt8]) -> [UInt8] {
        var copy = bytes
        let start = offset < 0 ? bytes.count + offset : offset
        copy.replaceSubrange(start..<(start + replacement.count), with: replacement)
        return copy
    }

    static let sync = FrameCodec.encode(.sync(Sync(request: 1)))

    static func commit(_ operations: [WireOperation]) -> [UInt8] {
        FrameCodec.encode(.commit(Commit(transaction: 1, completions: [], operations: operations)))
    }

    /// A run of `length` UTF-16 code units from `location` that sets only the underline.
    static func textRun(_ location: UInt32, _ length: UInt32) -> WireTextRun {
        WireTextRun(
            location: location, length: length, font: nil, fontSize: nil, foregroundColor: nil, underline: .single,
            kern: 0)
    }

    static let frames: [BadFrame] = [
        BadFrame(
            name: "short-record", code: .malformedFrame,
            reason: "The record is 6 bytes long, shorter than the 8-byte frame header.",
            bytes: Array(sync.prefix(6))),
        BadFrame(
            name: "empty-record", code: .malformedFrame,
            reason: "The record is 0 bytes long (a SOCK_SEQPACKET record, not the end of the connection).",
            bytes: []),
        BadFrame(
            name: "length-disagrees", code: .malformedFrame,
            reason: "The length field says 16 bytes but the record (a Sync) has 12.",
            bytes: patched(sync, at: 0, [16, 0, 0, 0])),
        BadFrame(
            name: "flags-nonzero", code: .malformedFrame,
            reason: "The flags field of a Sync is 1; only an InspectReply from the server (version 3) may set bit 0.",
            bytes: patched(sync, at: 6, [1, 0])),
        BadFrame(
            name: "unknown-opcode", code: .unknownOpcode,
            reason: "Opcode 99 names no message.",
            bytes: frame(opcode: 99) { _ in }),
        BadFrame(
            name: "truncated-payload", code: .truncatedPayload,
            reason: "A Sync payload of 2 bytes ends inside its u32 request field.",
            bytes: frame(opcode: 7) { w in w.u16(1) }),
        BadFrame(
            name: "trailing-bytes", code: .trailingBytes,
            reason: "One byte follows the last field of a Sync.",
            bytes: frame(opcode: 7) { w in
                w.u32(1)
                w.u8(0)
            }),
        BadFrame(
            name: "invalid-bool", code: .invalidTag,
            reason: "HitTestQuery.presentation is the byte 2; a bool is 0 or 1.",
            bytes: patched(
                FrameCodec.encode(
                    .hitTestQuery(HitTestQuery(request: 1, point: WirePoint(x: 0, y: 0), root: nil, presentation: true))
                ),
                at: -1, [2])),
        BadFrame(
            name: "unknown-filter", code: .invalidValue,
            reason:
                "Commit.operations[1].setProperty.value.filters[0].type is sepiaTone; the filters drawn are gaussianBlur, colorMatrix (not fatal: the commit is refused, the connection stays).",
            bytes: commit([
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(
                    WireSetProperty(
                        layer: 1, keyPath: "filters",
                        value: .filters([WireFilter(type: "sepiaTone", name: "sepia", parameters: [])]))),
            ])),
        BadFrame(
            name: "bad-filter-parameter", code: .invalidValue,
            reason:
                "Commit.operations[1].setProperty.value.filters[0] gives gaussianBlur an inputAngle; its one parameter is inputRadius (not fatal: the commit is refused, the connection stays).",
            bytes: commit([
                .createLayer(WireCreateLayer(layer: 1, layerClass: .layer)),
                .setProperty(
                    WireSetProperty(
                        layer: 1, keyPath: "filters",
                        value: .filters([
                            WireFilter(
                                type: "gaussianBlur", name: "blur",
                                parameters: [WireFilterParameter(name: "inputAngle", values: [1])])
                        ]))),
            ])),
        BadFrame(
            name: "invalid-union-tag", code: .invalidTag,
            reason: "ClockControl.action has tag 6; WireClockAction has cases 0 to 5.",
            bytes: patched(FrameCodec.encode(.clockControl(ClockControl(request: 1, action: .query))), at: -1, [6])),
        BadFrame(
            name: "invalid-operation-tag", code: .invalidTag,
            reason: "Commit.operations[0] has tag 9; WireOperation has cases 0 to 8.",
            bytes: patched(commit([.destroyLayer(1)]), at: -5, [9])),
        BadFrame(
            name: "invalid-enum-value", code: .invalidTag,
            reason: "A createLayer's layerClass is 9; WireLayerClass has values 0 to 8.",
            bytes: patched(commit([.createLayer(WireCreateLayer(layer: 1, layerClass: .layer))]), at: -1, [9])),
        BadFrame(
            name: "invalid-optional-marker", code: .invalidTag,
            reason: "PresentationQuery.time has the optional marker 2; a marker is 0 (absent) or 1 (present).",
            bytes: patched(
                FrameCodec.encode(.presentationQuery(PresentationQuery(request: 1, layer: 1, time: nil))), at: -1, [2])),
        BadFrame(
            name: "string-over-limit", code: .limitExceeded,
            reason: "Hello.clientName declares 65537 bytes, over maxStringBytes (65536); its bytes need not follow.",
            bytes: frame(opcode: 1) { w in
                w.u16(1)
                w.u16(1)
                w.u32(UInt32(ProtocolLimits.maxStringBytes) + 1)
            }),
        BadFrame(
            name: "array-over-limit", code: .limitExceeded,
            reason: "Commit.completions declares 65537 elements, over maxArrayCount (65536).",
            bytes: frame(opcode: 2) { w in
                w.u64(1)
                w.u32(UInt32(ProtocolLimits.maxArrayCount) + 1)
            }),
        BadFrame(
            name: "impossible-array-count", code: .truncatedPayload,
            reason: "Commit.completions declares 1000 elements but only 4 bytes remain in the frame.",
            bytes: frame(opcode: 2) { w in
                w.u64(1)
                w.u32(1000)
                w.u32(0)
            }),
        BadFrame(
            name: "nesting-too-deep", code: .limitExceeded,
            reason: "An added animation is a group nested 9 animations deep, over maxNestingDepth (8).",
            bytes: commit([
                Examples.add(
                    1, id: 1, key: nil, completion: 0,
                    Examples.nestedGroups(depth: ProtocolLimits.maxNestingDepth + 1))
            ])),
        BadFrame(
            name: "emitter-nesting-too-deep", code: .limitExceeded,
            reason: "setEmitterCells holds a cell with sub-cells nested 9 cells deep, over maxNestingDepth (8).",
            bytes: commit([
                .setEmitterCells(
                    WireSetEmitterCells(
                        layer: 1,
                        cells: [
                            (1...ProtocolLimits.maxNestingDepth).reduce(Examples.emitterCell("leaf")) { cell, level in
                                Examples.emitterCell("level \(level)", subcells: [cell])
                            }
                        ]))
            ])),
        BadFrame(
            name: "attributed-string-run-out-of-bounds", code: .invalidValue,
            reason:
                "A text layer's string is the attributed string \"Hi\" (2 UTF-16 code units) with a run over 0..<3: "
                + "refused at operations[1].setProperty.value.attributedString.runs[0].length.",
            bytes: commit([
                .createLayer(WireCreateLayer(layer: 1, layerClass: .text)),
                .setProperty(
                    WireSetProperty(
                        layer: 1, keyPath: "string",
                        value: .attributedString(WireAttributedString(string: "Hi", runs: [textRun(0, 3)])))),
            ])),
        BadFrame(
            name: "attributed-string-runs-overlap", code: .invalidValue,
            reason:
                "A text layer's string is the attributed string \"Hello\" with runs over 0..<3 and 2..<5, which "
                + "overlap: refused at operations[1].setProperty.value.attributedString.runs[1].location.",
            bytes: commit([
                .createLayer(WireCreateLayer(layer: 1, layerClass: .text)),
                .setProperty(
                    WireSetProperty(
                        layer: 1, keyPath: "string",
                        value: .attributedString(
                            WireAttributedString(string: "Hello", runs: [textRun(0, 3), textRun(2, 3)])))),
            ])),
        BadFrame(
            name: "invalid-utf8", code: .invalidUTF8,
            reason: "Hello.clientName is the 2 bytes FF FE, which are not UTF-8.",
            bytes: frame(opcode: 1) { w in
                w.u16(1)
                w.u16(1)
                w.u32(2)
                w.u8(0xFF)
                w.u8(0xFE)
            }),
        BadFrame(
            name: "fd-mismatch", code: .fileDescriptorMismatch,
            reason:
                "An ImageUpload, which requires exactly one memfd, arrived with none: send this frame with no SCM_RIGHTS data.",
            bytes: FrameCodec.encode(
                .imageUpload(
                    ImageUpload(image: 1, width: 1, height: 1, stride: 4, format: .rgba8Premultiplied, fds: [])))),
        BadFrame(
            name: "wrong-direction", code: .wrongDirection,
            reason: "A client sends SyncReply (opcode 136), which only the server sends; the frame itself decodes.",
            bytes: FrameCodec.encode(.syncReply(SyncReply(request: 1, time: 0)))),
        BadFrame(
            name: "injected-action-tag", code: .invalidTag,
            reason: "An InputInject whose one event's action tag is 10, past WireInjectedAction's last case (text, 9).",
            bytes: frame(opcode: 14) { w in
                w.u32(1)
                w.u32(1)
                w.f64(0)
                w.u8(10)
            }),
        BadFrame(
            name: "focus-request-trailing", code: .trailingBytes,
            reason: "A FocusRequest, which has no fields, with one byte of payload.",
            bytes: frame(opcode: 15) { w in w.u8(0) }),
        BadFrame(
            name: "tile-request-from-client", code: .wrongDirection,
            reason:
                "A client sends TileRequest (opcode 148), which only the server sends (a client answers with TileContent); the frame decodes.",
            bytes: FrameCodec.encode(
                .tileRequest(
                    TileRequest(
                        request: 1, layer: 1, level: 0, column: 0, row: 0,
                        rect: WireRect(x: 0, y: 0, width: 256, height: 256), scale: 1, width: 256, height: 256)))),
        BadFrame(
            name: "display-changed-from-client", code: .wrongDirection,
            reason:
                "A client sends DisplayChanged (opcode 152, version 5), which only the server sends; the frame decodes.",
            bytes: FrameCodec.encode(
                .displayChanged(
                    DisplayChanged(bounds: WireRect(x: 0, y: 0, width: 160, height: 120), scale: 1, outputs: [])))),
    ]
}
