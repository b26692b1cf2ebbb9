import Testing

@testable import AnimCore

@Suite("FillMode")
struct FillModeTests {
    @Test func forwardsAndBackwardsFlags() {
        #expect(FillMode.removed.fillsForwards == false)
        #expect(FillMode.removed.fillsBackwards == false)
        #expect(FillMode.forwards.fillsForwards == true)
        #expect(FillMode.forwards.fillsBackwards == false)
        #expect(FillMode.backwards.fillsForwards == false)
        #expect(FillMode.backwards.fillsBackwards == true)
        #expect(FillMode.both.fillsForwards == true)
        #expect(FillMode.both.fillsBackwards == true)
    }

    @Test func rawValuesAreCoreAnimationNames() {
        #expect(FillMode.allCases.map(\.rawValue) == ["removed", "forwards", "backwards", "both"])
    }
}
