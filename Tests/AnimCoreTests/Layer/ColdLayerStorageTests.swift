import Testing

@testable import AnimCore

/// The rarely used properties live in a shared copy-on-write box: a change to one copy must never show
/// in another, and equality and hashing must see the values, not the boxes.
@Suite("LayerState's copy-on-write cold properties")
struct ColdLayerStorageTests {
    @Test func changingACopyLeavesTheOriginalAlone() {
        var model = LayerState()
        model.shadowOpacity = 0.5
        model.name = "card"
        var presentation = model
        presentation.shadowOpacity = 0.9
        presentation.borderColor = nil
        presentation.sublayerTransform = .scale(2, 2, 1)
        #expect(model.shadowOpacity == 0.5)
        #expect(model.borderColor == .black)
        #expect(model.sublayerTransform == .identity)
        #expect(presentation.shadowOpacity == 0.9 && presentation.name == "card")
        #expect(presentation.borderColor == nil)
        // Two fresh states share the defaults' box: changing one must not change the other.
        var a = LayerState()
        let b = LayerState()
        a.contentsGravity = "center"
        #expect(b.contentsGravity == "resize")
        #expect(LayerState().contentsGravity == "resize")
    }

    @Test func uniquelyHeldStorageChangesInPlaceAndKeepsEveryValue() {
        var state = LayerState()
        for i in 0..<5 { state.shadowRadius = Double(i) }
        state.filters = [.gaussianBlur(name: "blur", inputRadius: 1)]
        state.minificationFilter = "nearest"
        #expect(
            state.shadowRadius == 4 && state.filters == [.gaussianBlur(name: "blur", inputRadius: 1)]
                && state.minificationFilter == "nearest")
        #expect(state.value(of: .shadowRadius) == .number(4))
        state.setValueUnchecked(.number(7), for: .shadowRadius)
        #expect(state.shadowRadius == 7)
    }

    @Test func equalityAndHashingCompareValuesNotBoxes() {
        var a = LayerState()
        var b = LayerState()
        a.borderWidth = 2
        b.borderWidth = 2
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b.borderWidth = 3
        #expect(a != b)
        // Back to the default through a private box: equal to a state that never changed.
        var c = LayerState()
        c.cornerCurve = "continuous"
        c.cornerCurve = "circular"
        #expect(c == LayerState())
        #expect(c.hashValue == LayerState().hashValue)
    }

    @Test func animatingAColdPropertyLeavesTheModelAlone() throws {
        var model = LayerState()
        model.shadowOpacity = 0.25
        let attached = try AttachedAnimation(
            key: "s",
            animation: Animation(
                .basic(
                    BasicAnimation(
                        keyPath: try AnimKeyPath("shadowOpacity", on: .layer), fromValue: .number(0),
                        toValue: .number(1))),
                timing: MediaTiming(duration: 1)),
            layerClass: .layer, context: AttachedAnimation.Context(attachTime: 0))
        var animations = LayerAnimations()
        animations.add(attached, at: 0)
        let presentation = PresentationEvaluator.presentation(of: model, animations: animations, atLocalTime: 0.5)
        #expect(presentation.state.shadowOpacity == 0.5)
        #expect(model.shadowOpacity == 0.25)
    }
}
