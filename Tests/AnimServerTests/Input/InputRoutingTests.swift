import AnimCore
import AnimProtocol
import Testing

@testable import AnimServer

/// The router: hit testing on the presentation tree at the event's time, across clients in composited order,
/// implicit grabs, cancels, ten touches (docs/core-animation-rules.md, "Input").
@Suite struct InputRoutingTests {
    /// Layer 2 moves from x 10 to 390 (its centre) over [0, 1] s, linearly; a touch at (200, 20) finds it only
    /// at the time it passes there.
    @Test func aTouchHitsTheLayerWhereItsAnimationShowsItAtTheEventTime() throws {
        let h = ServerHarness()
        let a = try h.inputClient(sublayers: [(2, rect(0, 0, 20, 40))])
        h.commit(
            [W.add(W.basic("position", from: W.point(10, 20), to: W.point(390, 20)), to: 2, id: 1, key: "move")],
            from: a, transaction: 2)
        // At t = 0.5 the centre is at x 200: the touch is on layer 2, 10 points right of its left edge.
        let mid = h.input(.touchDown(slot: 0, at: pt(200, 20)), at: 0.5).to(a).compactMap(\.touch)
        #expect(mid.count == 1)
        #expect(mid.first?.layer == 2)
        #expect(mid.first?.layerPoint == WirePoint(x: 10, y: 20))
        #expect(mid.first?.time == 0.5)
        #expect(mid.first?.phase == .down)
        _ = h.input(.touchUp(slot: 0), at: 0.5)
        // At t = 0.1 the centre is at x 48: the same point is on the root only. The model (x 10) is never used.
        let early = h.input(.touchDown(slot: 0, at: pt(200, 20)), at: 0.1).to(a).compactMap(\.touch)
        #expect(early.first?.layer == 1)
        #expect(early.first?.layerPoint == WirePoint(x: 200, y: 20))
        let late = h.input(.touchMotion(slot: 0, to: pt(45, 25)), at: 0.1).to(a).compactMap(\.touch)
        #expect(late.first?.layer == 1, "the grab keeps the root although layer 2 is under the finger now")
    }

    @Test func theRestOfATouchGoesToTheSameClientAndLayerEvenOutsideIt() throws {
        let h = ServerHarness()
        let a = try h.inputClient(root: rect(0, 0, 100, 100), sublayers: [(2, rect(10, 10, 20, 20))])
        let b = try h.inputClient(root: rect(200, 0, 100, 100))
        let down = h.input(.touchDown(slot: 3, at: pt(15, 15)), at: 1)
        let sequence = try #require(down.to(a).compactMap(\.touch).first?.sequence)
        // Over b's layer now: still a's layer 2, in its coordinates (x 250 − 10).
        let moved = h.input(.touchMotion(slot: 3, to: pt(250, 50)), at: 1.1)
        #expect(moved.to(b).isEmpty)
        let motion = try #require(moved.to(a).compactMap(\.touch).first)
        #expect(motion.phase == .motion)
        #expect(motion.sequence == sequence)
        #expect(motion.layer == 2)
        #expect(motion.layerPoint == WirePoint(x: 240, y: 40))
        #expect(motion.scenePoint == WirePoint(x: 250, y: 50))
        let up = h.input(.touchUp(slot: 3), at: 1.2).to(a).compactMap(\.touch)
        #expect(up.map(\.phase) == [.up])
        #expect(up.first?.layerPoint == WirePoint(x: 240, y: 40))
        // The slot is free: the next touch there is a new sequence, hit again.
        let next = h.input(.touchDown(slot: 3, at: pt(250, 50)), at: 2)
        #expect(next.to(b).compactMap(\.touch).first?.sequence == sequence + 1)
    }

    @Test func theFrontmostSubscribedClientGetsTheTouchAndAnUnsubscribedOneLetsItThrough() throws {
        let h = ServerHarness()
        let below = try h.inputClient(root: rect(0, 0, 100, 100))
        let above = try h.inputClient(0, root: rect(0, 0, 100, 100))
        var routed = h.input(.touchDown(slot: 0, at: pt(50, 50)), at: 0)
        #expect(routed.to(below).compactMap(\.touch).count == 1, "the client on top did not subscribe")
        #expect(routed.to(above).isEmpty)
        _ = h.input(.touchUp(slot: 0), at: 0)
        #expect(h.send(.inputSubscribe(InputSubscribe(kinds: 1, watchAll: false)), from: above).isEmpty)
        routed = h.input(.touchDown(slot: 0, at: pt(50, 50)), at: 0)
        #expect(routed.to(above).compactMap(\.touch).count == 1)
        #expect(routed.to(below).compactMap(\.touch).isEmpty)
    }

    @Test func tenTouchesAreRoutedAtOnceEachToItsLayer() throws {
        let h = ServerHarness()
        let a = try h.inputClient(sublayers: (0..<10).map { (UInt32(10 + $0), rect(Double($0) * 40, 0, 30, 30)) })
        var sequences: Set<UInt32> = []
        for slot in 0..<10 {
            let down = h.input(.touchDown(slot: slot, at: pt(Double(slot) * 40 + 5, 5)), at: 1).to(a).compactMap(
                \.touch)
            #expect(down.first?.layer == UInt32(10 + slot))
            if let s = down.first?.sequence { sequences.insert(s) }
        }
        #expect(sequences.count == 10)
        for slot in 0..<10 {
            let moved = h.input(.touchMotion(slot: slot, to: pt(Double(slot) * 40 + 6, 7)), at: 1.1).to(a).compactMap(
                \.touch)
            #expect(moved.first?.layer == UInt32(10 + slot))
            #expect(moved.first?.layerPoint == WirePoint(x: 6, y: 7))
        }
        let gone = h.input(.deviceGone, at: 1.2).to(a).compactMap(\.touch)
        #expect(gone.map(\.phase) == Array(repeating: .cancel, count: 10))
        #expect(Set(gone.map(\.sequence)) == sequences)
    }

    @Test func aDisconnectedClientsTouchIsDroppedNotGivenToAnother() throws {
        let h = ServerHarness()
        let b = try h.inputClient(root: rect(0, 0, 400, 300))
        let a = try h.inputClient(root: rect(0, 0, 100, 100))
        #expect(h.input(.touchDown(slot: 0, at: pt(50, 50)), at: 0).to(a).compactMap(\.touch).count == 1)
        _ = h.core.closeSession(a)
        let moved = h.input(.touchMotion(slot: 0, to: pt(60, 60)), at: 0.1)
        #expect(moved.isEmpty, "\(moved)")
        #expect(h.input(.touchUp(slot: 0), at: 0.2).isEmpty)
        // b, below, takes the next touch there.
        #expect(h.input(.touchDown(slot: 0, at: pt(50, 50)), at: 0.3).to(b).compactMap(\.touch).count == 1)
    }

    @Test func hiddenLayersOptedOutLayersAndMasksLetTouchesThrough() throws {
        let h = ServerHarness()
        let a = try h.inputClient(
            sublayers: [(2, rect(0, 0, 50, 50)), (3, rect(100, 0, 50, 50)), (4, rect(200, 0, 100, 100))])
        // A child of 2 that would be hit if 2 took input.
        h.commit(
            [W.create(5)] + h.frame(5, rect(0, 0, 10, 10)) + [
                W.insert(5, into: 2), W.set(2, "userInteractionEnabled", .bool(false)), W.set(3, "hidden", .bool(true)),
                W.create(6),
            ] + h.frame(6, rect(0, 0, 50, 100)) + [W.set(4, "mask", .layer(6))], from: a, transaction: 2)
        func hit(_ x: Double, _ y: Double) -> UInt32? {
            defer { _ = h.input(.touchUp(slot: 0), at: 0) }
            return h.input(.touchDown(slot: 0, at: pt(x, y)), at: 0).to(a).compactMap(\.touch).first?.layer
        }
        #expect(hit(5, 5) == 1, "userInteractionEnabled false: the layer and its sublayers take no touch")
        #expect(hit(110, 10) == 1, "a hidden layer takes no touch")
        #expect(hit(210, 10) == 4, "inside the mask's bounds")
        #expect(hit(280, 10) == 1, "outside the mask's bounds nothing of layer 4 is drawn")
        h.commit([W.set(2, "userInteractionEnabled", .bool(true))], from: a, transaction: 3)
        #expect(hit(5, 5) == 5)
    }

    @Test func aTouchAmongManySiblingsHitsWhereEachIsShownAndFollowsCommits() throws {
        let h = ServerHarness()
        // 400 cells of 15 × 12 in 20 columns over the root, all its sublayers: cell k is layer k + 2, at x 20·(k % 20),
        // y 15·(k / 20). The router keeps a grid of their frames (LayerHitIndex).
        let cells = (0..<400).map { (k: Int) -> (UInt32, WireRect) in
            let x = Double(k % 20) * 20
            let y = Double(k / 20) * 15
            return (UInt32(k + 2), rect(x, y, 15, 12))
        }
        let a = try h.inputClient(sublayers: cells)
        func hit(_ x: Double, _ y: Double, at t: Double) -> UInt32? {
            let down = h.input(.touchDown(slot: 0, at: pt(x, y)), at: t).to(a).compactMap(\.touch).first
            _ = h.input(.touchUp(slot: 0), at: t)
            return down?.layer
        }
        // Each twice: the first hit test on the scene as it is goes sibling by sibling, the next through the grid.
        for _ in 0..<2 {
            #expect(hit(45, 20, at: 0) == 24, "column 2, row 1")
            #expect(hit(57, 20, at: 0) == 1, "between columns 2 and 3")
        }
        // Layer 24 moves right (its centre from x 47.5 to 347.5 in 1 s); layer 25 only fades.
        let animations = h.commit(
            [
                W.add(W.basic("position", from: W.point(47.5, 21), to: W.point(347.5, 21)), to: 24, id: 1, key: "move"),
                W.add(W.basic("opacity", from: .number(1), to: .number(0.2)), to: 25, id: 2, key: "fade"),
            ], from: a, transaction: 2)
        #expect(animations.errorReports.isEmpty, "\(animations)")
        for _ in 0..<2 {
            // At 0.5 s layer 24 spans x 190–205, over the gap between columns 9 and 10; its model place is empty.
            #expect(hit(197, 20, at: 0.5) == 24)
            #expect(hit(45, 20, at: 0.5) == 1)
            #expect(hit(65, 20, at: 0.5) == 25)
        }
        // A commit moves layer 26 (column 4) into the gap after column 2: the grid is rebuilt for the new scene.
        #expect(h.commit([W.set(26, "position", W.point(62.5, 21))], from: a, transaction: 3).errorReports.isEmpty)
        for _ in 0..<2 {
            #expect(hit(57, 20, at: 0.5) == 26)
            #expect(hit(87, 20, at: 0.5) == 1, "column 4's place is empty")
        }
    }

    @Test func aTouchUnderA3DRotationHitsWhereTheLayerIsDrawn() throws {
        let h = ServerHarness()
        let a = try h.inputClient(sublayers: [(2, rect(100, 100, 100, 100))])
        // Rotated 60° about y: drawn half as wide (x 125 … 175 around the centre 150).
        let c = 0.5
        let s = 0.8660254037844386
        let rotation = WireTransform(
            m11: c, m12: 0, m13: -s, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: s, m32: 0, m33: c, m34: 0, m41: 0,
            m42: 0, m43: 0, m44: 1)
        h.commit([W.set(2, "transform", .transform(rotation))], from: a, transaction: 2)
        func hit(_ x: Double) -> TouchEvent? {
            defer { _ = h.input(.touchUp(slot: 0), at: 0) }
            return h.input(.touchDown(slot: 0, at: pt(x, 150)), at: 0).to(a).compactMap(\.touch).first
        }
        #expect(hit(120)?.layer == 1)
        let inside = try #require(hit(170))
        #expect(inside.layer == 2)
        // 20 points right of the centre on screen is 40 in the layer's own (unrotated) bounds: x 50 + 40.
        #expect(abs(inside.layerPoint.x - 90) < 1e-9)
        #expect(abs(inside.layerPoint.y - 50) < 1e-9)
    }
}
