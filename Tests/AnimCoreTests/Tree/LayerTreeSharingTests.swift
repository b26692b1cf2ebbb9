import AnimTestSupport
import Testing

@testable import AnimCore

/// The tree keeps its nodes in shared boxes: copies must still behave as independent values.
@Suite("Layer tree copies share nodes but not changes")
struct LayerTreeSharingTests {
    private func id(_ n: UInt32) -> LayerID { LayerID(n) }

    private func tree() throws -> LayerTree {
        var tree = LayerTree()
        for n: UInt32 in 1...4 { try tree.insert(id(n), state: LayerState(layerClass: .layer)) }
        try tree.addSublayer(id(2), to: id(1))
        try tree.addSublayer(id(3), to: id(1))
        return tree
    }

    @Test func changingOneCopyLeavesTheOtherAsItWas() throws {
        var a = try tree()
        let b = a
        let before = TreePrint(b)
        try a.updateState(of: id(2)) { $0.opacity = 0.5 }
        try a.addSublayer(id(4), to: id(2))
        try a.remove(id(3))
        try a.insert(id(5), state: LayerState(layerClass: .shape))
        #expect(TreePrint(b) == before)
        #expect(b.node(id(2))?.state.opacity == 1)
        #expect(a.node(id(2))?.state.opacity == 0.5)
        #expect(try a.sublayers(of: id(2)) == [id(4)])
        #expect(try b.sublayers(of: id(1)) == [id(2), id(3)])
    }

    @Test func theCopyCanChangeWhileTheOriginalRollsBack() throws {
        var a = try tree()
        let original = TreePrint(a)
        a.beginJournal()
        try a.updateState(of: id(1)) { $0.opacity = 0.25 }
        var b = a  // a copy made during the journal is changed on its own
        try b.updateState(of: id(1)) { $0.opacity = 0.75 }
        a.rollback()
        #expect(TreePrint(a) == original)
        #expect(b.node(id(1))?.state.opacity == 0.75)
        b.rollback()
        #expect(TreePrint(b) == original)
    }

    @Test func aChangedNodeIsCopiedOnlyWhenShared() throws {
        var a = try tree()
        try a.updateState(of: id(1)) { $0.opacity = 0.1 }
        let boxBefore = a.nodes.all.boxIdentity(at: a.nodes.slot(of: id(1)))
        try a.updateState(of: id(1)) { $0.opacity = 0.2 }
        #expect(a.nodes.all.boxIdentity(at: a.nodes.slot(of: id(1))) == boxBefore)
        let b = a
        try a.updateState(of: id(1)) { $0.opacity = 0.3 }
        #expect(a.nodes.all.boxIdentity(at: a.nodes.slot(of: id(1))) != boxBefore)
        #expect(b.nodes.all.boxIdentity(at: b.nodes.slot(of: id(1))) == boxBefore)
        #expect(
            a.nodes.all.boxIdentity(at: a.nodes.slot(of: id(2)))
                == b.nodes.all.boxIdentity(at: b.nodes.slot(of: id(2))))
    }

    /// Bulk changes (`setChecked`) mark the boxes they found unshared and skip asking again until the tree is
    /// copied: over random copies, drops, bulk and single changes, removals, insertions and journals, no copy
    /// ever sees a change made after it was taken, and the tree holds every change made to it.
    @Test func bulkChangesNeverReachACopy() throws {
        var generator = SeededGenerator(seed: 0xB0C5)
        var tree = LayerTree()
        var model: [LayerID: Double] = [:]
        var nextID: UInt32 = 1
        for _ in 0..<24 {
            try tree.insert(id(nextID), state: LayerState(layerClass: .layer))
            model[id(nextID)] = 0
            nextID += 1
        }
        var copies: [(tree: LayerTree, model: [LayerID: Double])] = []
        for step in 1...3000 {
            let x = Double(step)
            let ids = Array(model.keys)
            switch generator.next() % 8 {
            case 0:
                copies.append((tree, model))
            case 1 where !copies.isEmpty:
                copies.remove(at: Int(generator.next() % UInt64(copies.count)))
            case 2, 3:
                let changed = (0..<(1 + generator.next() % 8)).map { _ in ids[Int(generator.next() % UInt64(ids.count))]
                }
                tree.setChecked(.position, changed.map { (tree.slotAndClass(of: $0)!.slot, SIMD4(x, 0, 0, 0)) })
                for layer in changed { model[layer] = x }
            case 4:
                let layer = ids[Int(generator.next() % UInt64(ids.count))]
                try tree.updateState(of: layer) { $0.position.x = x }
                model[layer] = x
            case 5 where ids.count > 8:
                let layer = ids[Int(generator.next() % UInt64(ids.count))]
                try tree.remove(layer)
                model[layer] = nil
            case 6:
                try tree.insert(id(nextID), state: LayerState(layerClass: .layer))
                model[id(nextID)] = 0
                nextID += 1
            default:
                // A journal: a change kept or rolled back, then bulk changes after it.
                let layer = ids[Int(generator.next() % UInt64(ids.count))]
                tree.beginJournal()
                try tree.updateState(of: layer) { $0.position.x = -x }
                if generator.next() % 2 == 0 {
                    tree.commitJournal()
                    model[layer] = -x
                } else {
                    tree.rollback()
                }
            }
            #expect(positions(tree) == model, "step \(step)")
            for copy in copies { #expect(positions(copy.tree) == copy.model, "step \(step)") }
        }
    }

    private func positions(_ tree: LayerTree) -> [LayerID: Double] {
        Dictionary(uniqueKeysWithValues: tree.layerIDs.map { ($0, tree.node($0)!.state.position.x) })
    }
}
