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
        let boxBefore = ObjectIdentifier(a.nodes.all.boxes[a.nodes.slot(of: id(1))])
        try a.updateState(of: id(1)) { $0.opacity = 0.2 }
        #expect(ObjectIdentifier(a.nodes.all.boxes[a.nodes.slot(of: id(1))]) == boxBefore)
        let b = a
        try a.updateState(of: id(1)) { $0.opacity = 0.3 }
        #expect(ObjectIdentifier(a.nodes.all.boxes[a.nodes.slot(of: id(1))]) != boxBefore)
        #expect(ObjectIdentifier(b.nodes.all.boxes[b.nodes.slot(of: id(1))]) == boxBefore)
        #expect(
            ObjectIdentifier(a.nodes.all.boxes[a.nodes.slot(of: id(2))])
                == ObjectIdentifier(b.nodes.all.boxes[b.nodes.slot(of: id(2))]))
    }
}
