import AnimCore
import AnimKit
import AnimProtocol
import Testing

/// Whole number, point, size and rect properties take the SDK's lane path (`LayerTree.set(lanes:…)`,
/// `CommitBatch.append(setProperty:_:lanes:kind:)`): for every such property of every class, the frame is what
/// the protocol's encoder writes, the model holds the value, and a refused value is refused as the general
/// path refuses it, changing and sending nothing.
@Suite struct LaneChangeTests {
    static let layerFactories: [(LayerClass, @Sendable (Connection) -> Layer)] = [
        (.layer, { Layer(connection: $0) }), (.shape, { ShapeLayer(connection: $0) }),
        (.text, { TextLayer(connection: $0) }), (.gradient, { GradientLayer(connection: $0) }),
        (.replicator, { ReplicatorLayer(connection: $0) }), (.emitter, { EmitterLayer(connection: $0) }),
    ]

    static let samples: [Double] = [0, -0.0, 1, 2.5, -7.25, 1e300, .leastNonzeroMagnitude]

    static func value(_ kind: ValueKind, _ index: Int) -> AnimationValue {
        let v = (0..<4).map { samples[(index + $0) % samples.count] }
        return PropertyValue(lanes: SIMD4(v[0], v[1], v[2], v[3]), kind: kind)!
    }

    @Test func everyLanePropertyIsSentAsTheEncoderWritesItAndStored() throws {
        let server = try FakeServer()
        var checked = 0
        for (layerClass, make) in Self.layerFactories {
            let layer = make(server.connection)
            Transaction.flush()
            _ = try server.drain()
            let properties = LayerProperty.allCases.filter {
                $0 != .mask && $0.exists(on: layerClass) && [.number, .point, .size, .rect].contains($0.valueKind)
            }
            Transaction.begin()
            Transaction.disableActions = true
            var expected: [WireOperation] = []
            for (index, property) in properties.enumerated() {
                var value = Self.value(property.valueKind, index)
                // Keep within each property's range: the lowest sample that passes its check.
                if (try? property.check(value)) == nil { value = Self.value(property.valueKind, 2) }
                try layer.setValue(value, forKeyPath: property.key)
                #expect(try layer.value(forKeyPath: property.key) == value, "\(layerClass) \(property)")
                expected.append(
                    .setProperty(WireSetProperty(layer: layer.id.rawValue, keyPath: property.key, value: value.wire)))
                checked += 1
            }
            Transaction.commit()
            let (commit, bytes) = try server.commitFrame()
            let frame = FrameCodec.encode(
                .commit(Commit(transaction: commit.transaction, completions: [], operations: expected)))
            #expect(bytes == frame, "\(layerClass)")
        }
        #expect(checked > 60)
    }

    @Test func aRefusedLaneValueIsRefusedAsTheGeneralPathRefusesIt() throws {
        let server = try FakeServer()
        let layer = Layer(connection: server.connection)
        let shape = ShapeLayer(connection: server.connection)
        Transaction.flush()
        _ = try server.drain()
        let refused: [(Layer, String, AnimationValue)] = [
            (layer, "opacity", .number(.nan)),
            (layer, "position", .point(Point(x: .infinity, y: 0))),
            (layer, "bounds", .rect(Rect(x: 0, y: 0, width: 1, height: -.nan))),
            (layer, "borderWidth", .number(-1)),
            (layer, "contentsScale", .number(0)),
            (layer, "position", .number(3)),
            (shape, "shadowOffset", .point(Point(x: 1, y: 2))),
        ]
        Transaction.begin()
        Transaction.disableActions = true
        for (target, keyPath, value) in refused {
            let before = try target.value(forKeyPath: keyPath)
            var tree = LayerTree()
            try tree.insert(target.id, state: LayerState(layerClass: target.layerClass))
            let property = try #require(LayerProperty(rawValue: keyPath))
            let generalError = #expect(throws: AnimCoreError.self) { try tree.set(value, for: property, of: target.id) }
            let error = #expect(throws: AnimKitError.self) { try target.setValue(value, forKeyPath: keyPath) }
            // Compared as text: an error that carries a NaN is not equal to itself.
            #expect(error.map { "\($0)" } == generalError.map { "\(AnimKitError.invalid($0))" })
            #expect(try target.value(forKeyPath: keyPath) == before)
        }
        Transaction.commit()
        #expect(try server.drain().isEmpty)
    }
}
