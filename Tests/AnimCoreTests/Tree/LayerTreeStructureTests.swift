import AnimTestSupport
import Testing

@testable import AnimCore

@Suite("Layer tree structure and its errors")
struct LayerTreeStructureTests {
    private func id(_ n: UInt32) -> LayerID { TreeFixture.id(n) }

    /// Layers 1…n, all roots.
    private func loose(_ n: UInt32) throws -> LayerTree {
        var tree = LayerTree()
        for i in 1...n { try tree.insert(id(i), state: LayerState()) }
        return tree
    }

    @Test func insertMakesRootsInOrder() throws {
        let tree = try loose(3)
        #expect(tree.count == 3)
        #expect(tree.roots == [id(1), id(2), id(3)])
        #expect(tree.layerIDs == [id(1), id(2), id(3)])
        #expect(try tree.superlayer(of: id(2)) == nil)
        #expect(tree.node(id(4)) == nil)
    }

    @Test func addAndInsertSublayers() throws {
        var tree = try loose(6)
        try tree.addSublayer(id(2), to: id(1))
        try tree.addSublayer(id(3), to: id(1))
        try tree.insertSublayer(id(4), into: id(1), at: 0)
        #expect(try tree.sublayers(of: id(1)) == [id(4), id(2), id(3)])
        try tree.insertSublayer(id(5), into: id(1), above: id(4))
        try tree.insertSublayer(id(6), into: id(1), below: id(4))
        #expect(try tree.sublayers(of: id(1)) == [id(6), id(4), id(5), id(2), id(3)])
        #expect(try tree.superlayer(of: id(5)) == id(1))
        #expect(tree.roots == [id(1)])
        // Moving inside the same superlayer: the index counts after the layer has left.
        try tree.insertSublayer(id(6), into: id(1), at: 4)
        #expect(try tree.sublayers(of: id(1)) == [id(4), id(5), id(2), id(3), id(6)])
        try tree.addSublayer(id(4), to: id(1))
        #expect(try tree.sublayers(of: id(1)) == [id(5), id(2), id(3), id(6), id(4)])
        try tree.insertSublayer(id(4), into: id(1), below: id(5))
        #expect(try tree.sublayers(of: id(1)) == [id(4), id(5), id(2), id(3), id(6)])
    }

    @Test func addingALayerElsewhereTakesItOutOfItsSuperlayer() throws {
        var tree = try loose(3)
        try tree.addSublayer(id(3), to: id(1))
        try tree.addSublayer(id(3), to: id(2))
        #expect(try tree.sublayers(of: id(1)) == [])
        #expect(try tree.sublayers(of: id(2)) == [id(3)])
        #expect(try tree.ancestors(of: id(3)) == [id(2)])
    }

    @Test func ancestorsAreRootFirst() throws {
        var tree = try loose(4)
        try tree.addSublayer(id(2), to: id(1))
        try tree.addSublayer(id(3), to: id(2))
        try tree.setMask(id(4), of: id(3))
        #expect(try tree.ancestors(of: id(3)) == [id(1), id(2)])
        #expect(try tree.ancestors(of: id(4)) == [id(1), id(2), id(3)])
        #expect(try tree.ancestors(of: id(1)) == [])
    }

    @Test func removeFromSuperlayerPutsTheLayerOnTopOfTheRoots() throws {
        var tree = try loose(3)
        try tree.addSublayer(id(1), to: id(3))
        #expect(tree.roots == [id(2), id(3)])
        try tree.removeFromSuperlayer(id(1))
        #expect(tree.roots == [id(2), id(3), id(1)])
        #expect(try tree.sublayers(of: id(3)) == [])
        try tree.removeFromSuperlayer(id(2))
        #expect(tree.roots == [id(2), id(3), id(1)], "a root stays where it is")
    }

    @Test func replaceSublayerKeepsThePlace() throws {
        var tree = try loose(5)
        for i: UInt32 in 2...4 { try tree.addSublayer(id(i), to: id(1)) }
        try tree.replaceSublayer(id(3), with: id(5), in: id(1))
        #expect(try tree.sublayers(of: id(1)) == [id(2), id(5), id(4)])
        #expect(try tree.superlayer(of: id(3)) == nil)
        #expect(tree.roots == [id(1), id(3)])
        // A sibling that replaces another moves out of its old place.
        try tree.replaceSublayer(id(2), with: id(4), in: id(1))
        #expect(try tree.sublayers(of: id(1)) == [id(4), id(5)])
    }

    @Test func masksAreNotRootsAndNotSublayers() throws {
        var tree = try loose(3)
        try tree.setMask(id(2), of: id(1))
        #expect(tree.roots == [id(1), id(3)])
        #expect(try tree.state(of: id(1)).mask == id(2))
        #expect(try tree.maskedLayer(of: id(2)) == id(1))
        #expect(try tree.parent(of: id(2)) == id(1))
        #expect(try tree.superlayer(of: id(2)) == nil)
        // Replacing the mask releases the old one as a root.
        try tree.setMask(id(3), of: id(1))
        #expect(tree.roots == [id(1), id(2)])
        try tree.removeFromSuperlayer(id(3))
        #expect(try tree.state(of: id(1)).mask == nil)
        #expect(tree.roots == [id(1), id(2), id(3)])
    }

    @Test func settingTheMaskPropertyGoesThroughTheSameRules() throws {
        var tree = try loose(3)
        try tree.updateState(of: id(1)) { $0.mask = id(2) }
        #expect(try tree.maskedLayer(of: id(2)) == id(1))
        try tree.addSublayer(id(3), to: id(1))
        #expect(throws: AnimCoreError.maskHasSuperlayer(id(3), superlayer: id(1))) {
            try tree.updateState(of: id(1)) {
                $0.opacity = 0.5
                $0.mask = id(3)
            }
        }
        #expect(try tree.state(of: id(1)).opacity == 1, "a refused change leaves the state as it was")
        #expect(try tree.state(of: id(1)).mask == id(2))

        var withMask = LayerState()
        withMask.mask = id(3)
        #expect(throws: AnimCoreError.maskHasSuperlayer(id(3), superlayer: id(1))) {
            try tree.insert(id(4), state: withMask)
        }
        #expect(!tree.hasLayer(id(4)))
        try tree.removeFromSuperlayer(id(3))
        try tree.insert(id(4), state: withMask)
        #expect(try tree.maskedLayer(of: id(3)) == id(4))
    }

    @Test func removeDestroysTheSubtreeAndMasks() throws {
        var tree = try loose(7)
        try tree.addSublayer(id(2), to: id(1))
        try tree.addSublayer(id(3), to: id(2))
        try tree.addSublayer(id(4), to: id(2))
        try tree.setMask(id(5), of: id(2))
        try tree.setMask(id(6), of: id(3))
        let removed = try tree.remove(id(2))
        #expect(removed == [id(2), id(3), id(6), id(4), id(5)])
        #expect(tree.count == 2)
        #expect(try tree.sublayers(of: id(1)) == [])
        #expect(tree.roots == [id(1), id(7)])
        // Removing a mask clears the masked layer's mask.
        try tree.setMask(id(7), of: id(1))
        #expect(try tree.remove(id(7)) == [id(7)])
        #expect(try tree.state(of: id(1)).mask == nil)
    }

    @Test func randomEditsKeepTheTreeConsistent() throws {
        var rng = SeededGenerator(seed: 7)
        var tree = LayerTree()
        var next: UInt32 = 1
        var refused = 0
        for step in 0..<1500 {
            let ids = tree.layerIDs
            func pick() -> LayerID { ids.isEmpty ? id(0) : ids[Int.random(in: 0..<ids.count, using: &rng)] }
            do {
                switch Int.random(in: 0..<7, using: &rng) {
                case 0, 1:
                    try tree.insert(id(next), state: LayerState())
                    next += 1
                case 2: try tree.addSublayer(pick(), to: pick())
                case 3: try tree.insertSublayer(pick(), into: pick(), at: 0)
                case 4: try tree.setMask(pick(), of: pick())
                case 5: try tree.removeFromSuperlayer(pick())
                default: try tree.remove(pick())
                }
            } catch {
                refused += 1
            }
            if step % 5 == 0 { try checkConsistency(tree) }
        }
        #expect(refused > 100, "the random edits exercise the refusals too")
        #expect(tree.count > 10)
    }

    /// Every relation is recorded on both of its ends, and the roots are exactly the free layers.
    private func checkConsistency(_ tree: LayerTree) throws {
        var free: Set<LayerID> = []
        for layer in tree.layerIDs {
            let node = try #require(tree.node(layer))
            try #require(node.id == layer)
            for sub in node.sublayers { try #require(tree.node(sub)?.superlayer == layer) }
            if let superlayer = node.superlayer {
                try #require(tree.node(superlayer)?.sublayers.filter { $0 == layer }.count == 1)
            }
            if let mask = node.state.mask { try #require(tree.node(mask)?.maskOf == layer) }
            if let masked = node.maskOf {
                try #require(tree.node(masked)?.state.mask == layer)
                try #require(node.superlayer == nil && node.state.mask == nil)
            }
            try #require(try tree.ancestors(of: layer).count < tree.count)
            if node.isRoot { free.insert(layer) }
        }
        try #require(Set(tree.roots) == free && tree.roots.count == free.count)
    }

    // MARK: Errors

    @Test func duplicateIDsAreRefused() throws {
        var tree = try loose(1)
        #expect(throws: AnimCoreError.duplicateLayer(id(1))) { try tree.insert(id(1), state: LayerState()) }
        #expect(tree.count == 1)
    }

    @Test func unknownIDsAreRefused() throws {
        var tree = try loose(2)
        #expect(throws: AnimCoreError.unknownLayer(id(9))) { try tree.addSublayer(id(9), to: id(1)) }
        #expect(throws: AnimCoreError.unknownLayer(id(9))) { try tree.addSublayer(id(1), to: id(9)) }
        #expect(throws: AnimCoreError.unknownLayer(id(9))) { try tree.setMask(id(9), of: id(1)) }
        #expect(throws: AnimCoreError.unknownLayer(id(9))) { try tree.remove(id(9)) }
        #expect(throws: AnimCoreError.unknownLayer(id(9))) { try tree.state(of: id(9)) }
        #expect(throws: AnimCoreError.unknownLayer(id(9))) { try tree.updateState(of: id(9)) { $0.opacity = 0 } }
        #expect(throws: AnimCoreError.unknownLayer(id(9))) { try tree.insertSublayer(id(1), into: id(2), above: id(9)) }
        #expect(tree.roots == [id(1), id(2)])
    }

    @Test func cyclesAreRefused() throws {
        var tree = try loose(3)
        try tree.addSublayer(id(2), to: id(1))
        try tree.addSublayer(id(3), to: id(2))
        #expect(throws: AnimCoreError.layerCycle(id(1), under: id(3))) { try tree.addSublayer(id(1), to: id(3)) }
        #expect(throws: AnimCoreError.layerCycle(id(2), under: id(2))) { try tree.addSublayer(id(2), to: id(2)) }
        #expect(throws: AnimCoreError.layerCycle(id(1), under: id(3))) {
            try tree.insertSublayer(id(1), into: id(3), at: 0)
        }
        // A root that is an ancestor cannot become its descendant's mask either.
        #expect(throws: AnimCoreError.layerCycle(id(1), under: id(3))) { try tree.setMask(id(1), of: id(3)) }
        #expect(try tree.sublayers(of: id(3)) == [])
        #expect(tree.roots == [id(1)])
        let error = #expect(throws: AnimCoreError.self) { try tree.addSublayer(id(1), to: id(3)) }
        #expect(error?.description.contains("layer#1") == true && error?.description.contains("layer#3") == true)
    }

    @Test func maskRulesAreEnforced() throws {
        var tree = try loose(5)
        try tree.addSublayer(id(2), to: id(1))
        #expect(throws: AnimCoreError.maskHasSuperlayer(id(2), superlayer: id(1))) {
            try tree.setMask(id(2), of: id(3))
        }
        try tree.setMask(id(4), of: id(3))
        #expect(throws: AnimCoreError.maskInUse(id(4), by: id(3))) { try tree.setMask(id(4), of: id(1)) }
        #expect(throws: AnimCoreError.layerIsMask(id(4), of: id(3))) { try tree.addSublayer(id(4), to: id(1)) }
        // Nested masks: a mask cannot have a mask, and a layer with a mask cannot become one.
        let maskOfMask = #expect(throws: AnimCoreError.self) { try tree.setMask(id(5), of: id(4)) }
        #expect(maskOfMask?.description.contains("nested") == true)
        #expect(maskOfMask?.description.contains("layer#4") == true)
        let maskedMask = #expect(throws: AnimCoreError.self) { try tree.setMask(id(3), of: id(5)) }
        #expect(maskedMask?.description.contains("nested") == true)
        #expect(throws: (any Error).self) { try tree.setMask(id(5), of: id(5)) }
        #expect(try tree.state(of: id(4)).mask == nil)
        #expect(try tree.state(of: id(5)).mask == nil)
    }

    @Test func placementErrorsNameTheLayers() throws {
        var tree = try loose(4)
        try tree.addSublayer(id(2), to: id(1))
        #expect(throws: AnimCoreError.sublayerIndexOutOfRange(2, in: id(1), count: 1)) {
            try tree.insertSublayer(id(3), into: id(1), at: 2)
        }
        #expect(throws: AnimCoreError.sublayerIndexOutOfRange(-1, in: id(1), count: 1)) {
            try tree.insertSublayer(id(3), into: id(1), at: -1)
        }
        #expect(throws: AnimCoreError.notASublayer(id(4), of: id(1))) {
            try tree.insertSublayer(id(3), into: id(1), above: id(4))
        }
        #expect(throws: AnimCoreError.notASublayer(id(4), of: id(1))) {
            try tree.replaceSublayer(id(4), with: id(3), in: id(1))
        }
        #expect(try tree.sublayers(of: id(1)) == [id(2)])
        #expect(tree.roots == [id(1), id(3), id(4)])
    }

    @Test func animationsAreReachedThroughTheTree() throws {
        var tree = try loose(1)
        let attached = try AttachedAnimation(
            key: "fade", animation: basic("opacity", from: .number(0), to: .number(1)), layerClass: .layer,
            context: AttachedAnimation.Context(attachTime: 0))
        let added = try tree.updateAnimations(of: id(1)) { $0.add(attached, at: 0).id }
        #expect(added == 1)
        #expect(try tree.animations(of: id(1)).keys == ["fade"])
        #expect(tree.node(id(1))?.animations.count == 1)
    }
}
