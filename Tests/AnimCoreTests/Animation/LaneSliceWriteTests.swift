import Testing

@testable import AnimCore

/// `LaneSlice.write` stores a whole property directly (`isWhole`) and a field of one by reading the
/// property's lanes, replacing the field's and storing them back: for every class, property and field,
/// both must leave the state as the read-modify-write does.
@Suite("Lane slices write what the read-modify-write writes")
struct LaneSliceWriteTests {
    private static let components: [KeyPathComponent?] = [
        nil, .x, .y, .width, .height, .origin, .originX, .originY, .size, .sizeWidth, .sizeHeight,
    ]

    @Test(arguments: LayerClass.allCases)
    func everyKeyPathWritesAsReadModifyWrite(layerClass: LayerClass) {
        let v = SIMD4<Double>(1.5, -2.25, 3.125, 7)
        var slices = 0
        for property in LayerProperty.allCases {
            for component in Self.components {
                guard let slice = LaneSlice(AnimKeyPath(property: property, component: component)) else { continue }
                slices += 1
                var start = LayerState(layerClass: layerClass)
                if let lanes = start.lanes(of: property) {
                    start.setLanes(lanes + SIMD4(0.5, 0.25, 4, 8), for: property)
                }
                var expected = start
                if var all = start.lanes(of: property) {
                    for i in 0..<slice.count { all[slice.offset + i] = v[i] }
                    expected.setLanes(all, for: property)
                }
                var written = start
                slice.write(v, into: &written)
                #expect(written == expected, "\(layerClass) \(property) \(String(describing: component))")
            }
        }
        #expect(slices > 0)
    }

    @Test func wholeOnlyForWholePropertiesOfEveryClass() throws {
        let whole = ["position", "opacity", "bounds", "contentsRect", "shadowOffset", "zPosition"]
        for path in whole {
            let slice = try #require(LaneSlice(try AnimKeyPath(path, on: .layer)))
            #expect(slice.isWhole, "\(path)")
        }
        for (path, layerClass) in [
            ("position.x", LayerClass.layer), ("bounds.size", .layer), ("strokeEnd", .shape), ("fontSize", .text),
        ] {
            let slice = try #require(LaneSlice(try AnimKeyPath(path, on: layerClass)))
            #expect(!slice.isWhole, "\(path)")
        }
    }
}
