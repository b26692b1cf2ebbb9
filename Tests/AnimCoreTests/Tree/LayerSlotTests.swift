import AnimTestSupport
import Testing

@testable import AnimCore

/// The id → slot table (dense ids in an array, the rest hashed) and the slot-based setters a bulk commit uses.
@Suite struct LayerSlotTests {
    @Test func theSlotTableAgreesWithADictionaryWhateverIdsArrive() {
        var table = LayerSlotTable()
        var reference: [LayerID: Int] = [:]
        var random = SeededGenerator(seed: 0x1234_5678)
        // Dense ids from 1, a few huge and sparse ones, 0, and ids that the array grows past later.
        let candidates: [UInt32] = Array(0..<3000) + [UInt32.max, UInt32.max - 1, 1 << 20, 70_000, 5000, 9000]
        for step in 0..<40_000 {
            let id = LayerID(candidates[random.below(candidates.count)])
            if random.below(3) == 0 {
                table[id] = nil
                reference[id] = nil
            } else {
                table[id] = step
                reference[id] = step
            }
            #expect(table[id] == reference[id])
            #expect(table.count == reference.count)
        }
        for id in candidates.map(LayerID.init) { #expect(table[id] == reference[id]) }
        #expect(table.ids.sorted() == reference.keys.sorted())
    }

    @Test func anIdFirstKeptHashedIsFoundAfterTheArrayGrowsPastIt() {
        var table = LayerSlotTable()
        table[LayerID(6000)] = 1  // beyond the bound for an empty table: hashed
        for raw in 1...2000 { table[LayerID(UInt32(raw))] = Int(raw) + 10 }  // the array grows past 6000
        #expect(table[LayerID(6000)] == 1)
        table[LayerID(6000)] = 2
        #expect(table[LayerID(6000)] == 2)
        #expect(table.count == 2001)
        table[LayerID(6000)] = nil
        #expect(table[LayerID(6000)] == nil)
        #expect(table.count == 2000)
        #expect(table[LayerID(2000)] == 2010)
    }

    @Test func aTreeFindsItsLayersBySlotAfterRemovalsMoveThem() throws {
        var tree = LayerTree()
        for raw in 1...50 {
            try tree.insert(LayerID(UInt32(raw)), state: LayerState(layerClass: raw % 2 == 0 ? .shape : .layer))
        }
        for raw in stride(from: 3, through: 50, by: 7) { _ = try tree.remove(LayerID(UInt32(raw))) }
        for id in tree.layerIDs {
            let (slot, layerClass) = try #require(tree.slotAndClass(of: id))
            #expect(layerClass == (id.rawValue % 2 == 0 ? .shape : .layer))
            tree.setChecked(.number(Double(id.rawValue)), for: .zPosition, at: slot)
        }
        for id in tree.layerIDs { #expect(try tree.state(of: id).zPosition == Double(id.rawValue)) }
        #expect(tree.slotAndClass(of: LayerID(3)) == nil)
        #expect(tree.slotAndClass(of: LayerID(51)) == nil)
    }

    /// Every number, point, size and rect property, on a layer of a class that has it: `accepts(lanes:)` says
    /// what `check` says, and `setChecked(_:kind:lanes:at:)` stores what `set` stores.
    @Test func lanesAreCheckedAndStoredAsValuesAre() throws {
        let samples: [Double] = [0, -0.0, 1, -1, 0.5, 1e300, -.infinity, .infinity, .nan, .leastNonzeroMagnitude]
        var checked = 0
        for property in LayerProperty.allCases where [.number, .point, .size, .rect].contains(property.valueKind) {
            guard let layerClass = LayerClass.allCases.first(where: { property.exists(on: $0) }) else { continue }
            for (index, a) in samples.enumerated() {
                let b = samples[(index + 3) % samples.count]
                let lanes = SIMD4(a, b, samples[(index + 5) % samples.count], samples[(index + 7) % samples.count])
                let value: PropertyValue =
                    switch property.valueKind {
                    case .number: .number(lanes[0])
                    case .point: .point(Point(x: lanes[0], y: lanes[1]))
                    case .size: .size(Size(width: lanes[0], height: lanes[1]))
                    default: .rect(Rect(x: lanes[0], y: lanes[1], width: lanes[2], height: lanes[3]))
                    }
                let accepted = (try? property.check(value)) != nil
                #expect(property.accepts(lanes: lanes, kind: property.valueKind) == accepted, "\(property) \(value)")
                // Another kind is never accepted.
                #expect(!property.accepts(lanes: lanes, kind: property.valueKind == .number ? .point : .number))
                guard accepted else { continue }
                var tree = LayerTree()
                try tree.insert(LayerID(1), state: LayerState(layerClass: layerClass))
                var expected = try tree.state(of: LayerID(1))
                try expected.set(value, for: property)
                let slot = try #require(tree.slotAndClass(of: LayerID(1))).slot
                tree.setChecked(property, [(slot, lanes)])
                #expect(try tree.state(of: LayerID(1)) == expected, "\(property) \(value)")
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    @Test func slotsAndClassesStayRightAfterARolledBackRemovalAndInsertion() throws {
        var tree = LayerTree()
        for raw in 1...6 {
            try tree.insert(LayerID(UInt32(raw)), state: LayerState(layerClass: raw <= 3 ? .text : .gradient))
        }
        tree.beginJournal()
        _ = try tree.remove(LayerID(2))
        try tree.insert(LayerID(7), state: LayerState(layerClass: .shape))
        tree.rollback()
        #expect(tree.layerIDs == (1...6).map { LayerID(UInt32($0)) })
        for id in tree.layerIDs {
            let (slot, layerClass) = try #require(tree.slotAndClass(of: id))
            #expect(layerClass == (id.rawValue <= 3 ? .text : .gradient))
            // The slot reaches that layer.
            tree.setChecked(.number(Double(id.rawValue)), for: .zPosition, at: slot)
        }
        for id in tree.layerIDs { #expect(try tree.state(of: id).zPosition == Double(id.rawValue)) }
        #expect(tree.slotAndClass(of: LayerID(7)) == nil)
    }

    /// `set(_:for:of:)` (the SDK's in-place change) does what `updateState` with the key path's `set` does, for
    /// every whole property but `mask`, on every class, with good values, values of other kinds, out-of-range and
    /// non-finite numbers, and strings outside an enumeration: the same stored state or the same error.
    @Test func settingAWholePropertyInPlaceMatchesUpdateState() throws {
        var cases = 0
        for property in LayerProperty.allCases where property != .mask {
            var values: [PropertyValue] = [
                property.defaultValue, .number(-1), .number(.nan), .number(0), .point(Point(x: 1, y: .infinity)),
                .bool(true), .string("nonsense"), .color(nil), .size(Size(width: 2, height: 3)),
            ]
            values += property.allowedStrings?.map { PropertyValue.string($0) } ?? []
            for layerClass in LayerClass.allCases {
                for value in values {
                    var inPlace = LayerTree()
                    try inPlace.insert(LayerID(1), state: LayerState(layerClass: layerClass))
                    var reference = inPlace
                    var referenceError: AnimCoreError?
                    do {
                        try reference.updateState(of: LayerID(1)) { (state) throws(AnimCoreError) in
                            try AnimKeyPath(property: property).set(value, in: &state)
                        }
                    } catch {
                        referenceError = error
                    }
                    var error: AnimCoreError?
                    var stored: PropertyValue?
                    do {
                        stored = try inPlace.set(value, for: property, of: LayerID(1))
                    } catch let e {
                        error = e
                    }
                    // Compared as text: a non-finite value's error carries NaN, which equals nothing.
                    #expect(error.map { "\($0)" } == referenceError.map { "\($0)" }, "\(property) on \(layerClass)")
                    #expect((error == nil) == (referenceError == nil))
                    #expect(try inPlace.state(of: LayerID(1)) == reference.state(of: LayerID(1)))
                    if error == nil { #expect(stored == (try reference.state(of: LayerID(1)).value(of: property))) }
                    // The lane form of the same change (numbers, points, sizes, rects) does the same.
                    if let lanes = value.lanes {
                        var byLanes = LayerTree()
                        try byLanes.insert(LayerID(1), state: LayerState(layerClass: layerClass))
                        var lanesError: AnimCoreError?
                        do {
                            try byLanes.set(lanes: lanes, kind: value.kind, for: property, of: LayerID(1))
                        } catch let e {
                            lanesError = e
                        }
                        #expect(lanesError.map { "\($0)" } == referenceError.map { "\($0)" }, "lanes: \(property)")
                        #expect(try byLanes.state(of: LayerID(1)) == reference.state(of: LayerID(1)))
                    }
                    cases += 1
                }
            }
        }
        #expect(cases > 1000)
        var empty = LayerTree()
        #expect(throws: AnimCoreError.unknownLayer(LayerID(4))) {
            try empty.set(.number(1), for: .opacity, of: LayerID(4))
        }
        #expect(throws: AnimCoreError.unknownLayer(LayerID(4))) {
            try empty.set(lanes: SIMD4(1, 0, 0, 0), kind: .number, for: .opacity, of: LayerID(4))
        }
    }

    /// A run of changes is stored in order (a layer changed twice keeps the later value), for a property every
    /// layer keeps in its own storage (its own loop) and one of a special class (the general store), in place
    /// and under a journal.
    @Test func aRunOfChangesIsStoredInOrder() throws {
        for journaled in [false, true] {
            var tree = LayerTree()
            for raw in 1...5 { try tree.insert(LayerID(UInt32(raw)), state: LayerState(layerClass: .shape)) }
            if journaled { tree.beginJournal() }
            let slot = { (raw: UInt32) in tree.slotAndClass(of: LayerID(raw))!.slot }
            tree.setChecked(
                .bounds,
                [(slot(3), SIMD4(1, 2, 3, 4)), (slot(1), SIMD4(5, 6, 7, 8)), (slot(3), SIMD4(9, 10, 11, 12))])
            tree.setChecked(.lineWidth, [(slot(2), SIMD4(2.5, 0, 0, 0)), (slot(5), SIMD4(7, 0, 0, 0))])
            #expect(try tree.state(of: LayerID(3)).bounds == Rect(x: 9, y: 10, width: 11, height: 12))
            #expect(try tree.state(of: LayerID(1)).bounds == Rect(x: 5, y: 6, width: 7, height: 8))
            #expect(try tree.state(of: LayerID(2)).bounds == .zero)
            #expect(try tree.state(of: LayerID(2)).special.shape?.lineWidth == 2.5)
            #expect(try tree.state(of: LayerID(5)).special.shape?.lineWidth == 7)
            #expect(try tree.state(of: LayerID(4)).special.shape?.lineWidth == 1)
            if journaled {
                tree.rollback()
                #expect(try tree.state(of: LayerID(3)).bounds == .zero)
                #expect(try tree.state(of: LayerID(2)).special.shape?.lineWidth == 1)
            }
        }
    }

    /// `appendSlots` takes changes while their layers exist, have the class asked for and their values pass the
    /// rule, and says where it stopped.
    @Test func appendSlotsStopsAtTheFirstChangeItCannotTake() throws {
        var tree = LayerTree()
        for raw in 1...6 {
            try tree.insert(LayerID(UInt32(raw)), state: LayerState(layerClass: raw == 5 ? .text : .layer))
        }
        let rule = try #require(LayerProperty.opacity.laneRule(for: .number))
        func stop(_ ids: [UInt32], _ values: [Double], from start: Int = 0) -> (Int, [Int]) {
            var slots: [LayerSlot] = []
            let stopped = values.withUnsafeBytes { raw in
                tree.appendSlots(
                    from: start, to: ids.count, ofClass: .layer, layer: { ids[$0] },
                    lanes: StridedLanes(base: raw.baseAddress!, stride: 8, width: 1), rule: rule, to: &slots)
            }
            return (stopped, slots.map(\.index))
        }
        let slot = { (raw: UInt32) in tree.slotAndClass(of: LayerID(raw))!.slot.index }
        #expect(stop([1, 2, 3], [0, 0.5, 1]) == (3, [slot(1), slot(2), slot(3)]))
        #expect(stop([1, 2, 3], [0, 0.5, 1], from: 1) == (3, [slot(2), slot(3)]))
        // A layer of another class, a missing layer (inside and outside the id table), a refused value.
        #expect(stop([2, 5, 1], [1, 1, 1]) == (1, [slot(2)]))
        #expect(stop([2, 3, 7, 1], [1, 1, 1, 1]) == (2, [slot(2), slot(3)]))
        #expect(stop([4, 1_000_000], [1, 1]) == (1, [slot(4)]))
        #expect(stop([6, 4, 3], [1, .nan, 1]) == (1, [slot(6)]))
        #expect(stop([6, 4, 3], [1, 1, .infinity]) == (2, [slot(6), slot(4)]))
        #expect(stop([], [1]) == (0, []))
    }

    @Test func aSlotChangeUnderAJournalRollsBack() throws {
        var tree = LayerTree()
        try tree.insert(LayerID(1), state: LayerState())
        tree.beginJournal()
        let slot = try #require(tree.slotAndClass(of: LayerID(1))).slot
        tree.setChecked(.position, [(slot, SIMD4(4, 5, 0, 0))])
        #expect(try tree.state(of: LayerID(1)).position == Point(x: 4, y: 5))
        tree.rollback()
        #expect(try tree.state(of: LayerID(1)).position == .zero)
    }

    @Test func aCopyOfTheTreeKeepsItsValuesWhenTheOriginalChangesBySlot() throws {
        var tree = LayerTree()
        try tree.insert(LayerID(1), state: LayerState())
        let copy = tree
        let slot = try #require(tree.slotAndClass(of: LayerID(1))).slot
        tree.setChecked(.opacity, [(slot, SIMD4(0.25, 0, 0, 0))])
        #expect(try tree.state(of: LayerID(1)).opacity == 0.25)
        #expect(try copy.state(of: LayerID(1)).opacity == 1)
    }
}
