import Testing

@testable import AnimCore

/// Everything a tree holds, in a form that compares: every node (state, relations, root order number and
/// animations), the root order and the root counter. A rollback that misses anything changes it.
struct TreePrint: Equatable {
    struct Entry: Equatable {
        let id: UInt64
        let key: String?
        let hasStarted: Bool
        let hasFinished: Bool
    }

    struct Node: Equatable {
        let state: LayerState
        let superlayer: LayerID?
        let sublayers: [LayerID]
        let maskOf: LayerID?
        let rootSequence: UInt64
        let animations: [Entry]
    }

    let nodes: [LayerID: Node]
    let roots: [LayerID]
    let nextRootSequence: UInt64

    init(_ tree: LayerTree) {
        var nodes: [LayerID: Node] = [:]
        for id in tree.layerIDs {
            let n = tree.node(id)!
            nodes[id] = Node(
                state: n.state, superlayer: n.superlayer, sublayers: n.sublayers, maskOf: n.maskOf,
                rootSequence: n.rootSequence,
                animations: n.animations.entries.map {
                    Entry(id: $0.id, key: $0.key, hasStarted: $0.hasStarted, hasFinished: $0.hasFinished)
                })
        }
        self.nodes = nodes
        roots = tree.roots
        nextRootSequence = tree.nextRootSequence
    }
}

@Suite("Layer tree rollback journal")
struct LayerTreeJournalTests {
    private func id(_ n: UInt32) -> LayerID { LayerID(n) }

    private func fade(_ key: String = "fade") throws -> AttachedAnimation {
        try AttachedAnimation(
            key: key, animation: basic("opacity", from: .number(0), to: .number(1)), layerClass: .layer,
            context: AttachedAnimation.Context(attachTime: 0))
    }

    private func state(opacity: Double = 1, speed: Double = 1) -> LayerState {
        var state = LayerState(layerClass: .layer)
        state.opacity = opacity
        state.timing = MediaTiming(speed: speed)
        return state
    }

    /// 1 ⊃ 2 ⊃ 3, 1 ⊃ 4; 5 masks 1; 6 a loose root; animations on 2 and 3.
    private func scene() throws -> LayerTree {
        var tree = LayerTree()
        for n: UInt32 in 1...6 { try tree.insert(id(n), state: state(opacity: Double(n) / 10)) }
        try tree.addSublayer(id(2), to: id(1))
        try tree.addSublayer(id(3), to: id(2))
        try tree.addSublayer(id(4), to: id(1))
        try tree.setMask(id(5), of: id(1))
        let animation = try fade()
        try tree.updateAnimations(of: id(2)) { $0.add(animation, at: 0) }
        try tree.updateAnimations(of: id(3)) { $0.add(animation, at: 0) }
        _ = tree.advanceAnimations(toAbsoluteTime: 0.5)
        return tree
    }

    /// Every kind of change the tree has, including an id removed and inserted again and one inserted then
    /// removed.
    private func changeEverything(_ tree: inout LayerTree) throws {
        try tree.insert(id(7), state: state(opacity: 0.7))
        try tree.addSublayer(id(7), to: id(3))
        try tree.updateState(of: id(4)) { $0.opacity = 0.99 }
        try tree.insertSublayer(id(6), into: id(1), at: 0)
        try tree.removeFromSuperlayer(id(4))
        try tree.setMask(nil, of: id(1))
        try tree.setMask(id(4), of: id(6))
        try tree.updateAnimations(of: id(2)) { _ = $0.remove(key: "fade", at: 0.6) }
        let animation = try fade("other")
        try tree.updateAnimations(of: id(3)) { $0.add(animation, at: 0.6) }
        try tree.remove(id(2))
        try tree.insert(id(2), state: state(opacity: 0.22))
        try tree.insert(id(8), state: state())
        try tree.remove(id(8))
        try tree.replaceSublayer(id(6), with: id(5), in: id(1))
        _ = tree.advanceAnimations(toAbsoluteTime: 2)
    }

    @Test func rollbackRestoresEveryNodeTheRootsAndTheCounter() throws {
        var tree = try scene()
        let before = TreePrint(tree)
        tree.beginJournal()
        try changeEverything(&tree)
        #expect(TreePrint(tree) != before)
        tree.rollback()
        #expect(!tree.isJournaling)
        #expect(TreePrint(tree) == before)
        // The slot table is consistent again: every layer is found, and new ones go on top as before.
        for layer in before.nodes.keys { #expect(tree.hasLayer(layer)) }
        #expect(!tree.hasLayer(id(7)) && !tree.hasLayer(id(8)))
        try tree.insert(id(9), state: state())
        #expect(tree.roots == before.roots + [id(9)])
        #expect(tree.node(id(9))?.rootSequence == before.nextRootSequence + 1)
    }

    @Test func rollbackUndoesAnAnimationAddedAfterAnotherChangeOfTheSameLayer() throws {
        var tree = try scene()
        var untouched = tree
        tree.beginJournal()
        try tree.updateState(of: id(3)) { $0.opacity = 0 }
        let animation = try fade("late")
        try tree.updateAnimations(of: id(3)) { $0.add(animation, at: 0.5) }
        tree.rollback()
        #expect(TreePrint(tree) == TreePrint(untouched))
        // The animation ids go on from where they were (LayerAnimations' counter was restored too).
        let next = try tree.updateAnimations(of: id(3)) { $0.add(animation, at: 0.5).id }
        let expected = try untouched.updateAnimations(of: id(3)) { $0.add(animation, at: 0.5).id }
        #expect(next == expected)
    }

    @Test func commitJournalKeepsTheChanges() throws {
        var tree = try scene()
        var expected = tree
        try changeEverything(&expected)
        tree.beginJournal()
        try changeEverything(&tree)
        tree.commitJournal()
        #expect(!tree.isJournaling)
        tree.rollback()  // nothing open: nothing happens
        #expect(TreePrint(tree) == TreePrint(expected))
    }

    @Test func aRefusedChangeInsideTheJournalLeavesNothingAfterRollback() throws {
        var tree = try scene()
        let before = TreePrint(tree)
        tree.beginJournal()
        try tree.updateState(of: id(6)) { $0.opacity = 0.5 }
        #expect(throws: AnimCoreError.self) { try tree.addSublayer(id(1), to: id(3)) }
        #expect(throws: AnimCoreError.self) { try tree.setMask(id(2), of: id(6)) }
        tree.rollback()
        #expect(TreePrint(tree) == before)
    }

    @Test func theTreeBeforeTheJournalStaysReadable() throws {
        var tree = LayerTree()
        try tree.insert(id(1), state: state(speed: 2))
        try tree.insert(id(2), state: state(opacity: 0.2))
        try tree.addSublayer(id(2), to: id(1))
        tree.beginJournal()
        try tree.updateState(of: id(2)) { $0.opacity = 0.9 }
        try tree.updateState(of: id(1)) { $0.timing = MediaTiming(speed: 4) }
        try tree.insert(id(3), state: state())
        try tree.remove(id(1))
        #expect(tree.nodeBeforeJournal(id(2))?.state.opacity == 0.2)
        #expect(tree.nodeBeforeJournal(id(2))?.superlayer == id(1))
        #expect(tree.nodeBeforeJournal(id(3)) == nil)
        #expect(try tree.localTimeBeforeJournal(of: id(2), fromAbsolute: 3) == 6)
        #expect(throws: AnimCoreError.self) { try tree.localTimeBeforeJournal(of: id(3), fromAbsolute: 3) }
        tree.commitJournal()
        #expect(tree.nodeBeforeJournal(id(3)) != nil)
        #expect(tree.nodeBeforeJournal(id(1)) == nil)
    }

    @Test func aRefusedFirstChangeUnderTheJournalLeavesTheStateAsItWas() throws {
        // The first change of a node under a journal runs in place; a refusal puts the original back.
        var tree = try scene()
        var plain = tree
        let before = TreePrint(tree)
        tree.beginJournal()
        #expect(throws: AnimCoreError.self) {
            try tree.updateState(of: id(6)) { (state) throws(AnimCoreError) in
                state.opacity = 0.01
                throw .unknownLayer(LayerID(99))
            }
        }
        #expect(TreePrint(tree) == before)
        // A refused mask change on a first change: 2 is a sublayer, so it cannot be a mask.
        #expect(throws: AnimCoreError.self) {
            try tree.updateState(of: id(4)) {
                $0.opacity = 0.02
                $0.mask = LayerID(2)
            }
        }
        #expect(TreePrint(tree) == before)
        // Accepted changes, first (in place) and later (on a copy), with mask changes, end as the same
        // changes without a journal do.
        func accepted(_ t: inout LayerTree) throws {
            try t.updateState(of: id(1)) {  // first change: releases mask 5
                $0.opacity = 0.1
                $0.mask = nil
            }
            try t.updateState(of: id(6)) {  // touched by the refusal above: a later change
                $0.opacity = 0.6
                $0.mask = LayerID(5)
            }
            try t.insert(id(7), state: state())
            try t.updateState(of: id(3)) { $0.mask = LayerID(7) }  // first change, sets a mask
            try t.updateState(of: id(3)) { $0.opacity = 0.3 }  // later change
        }
        try accepted(&tree)
        try accepted(&plain)
        tree.commitJournal()
        #expect(TreePrint(tree) == TreePrint(plain))
        #expect(tree.node(id(5))?.maskOf == id(6))
        #expect(tree.node(id(7))?.maskOf == id(3))
        #expect(tree.node(id(3))?.state.mask == id(7))
        #expect(tree.node(id(1))?.state.mask == nil)
    }
}
