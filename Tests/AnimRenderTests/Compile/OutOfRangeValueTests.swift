import AnimCore
import Testing

@testable import AnimRender

/// Values the model keeps as sent but Core Animation draws clamped (docs/core-animation-rules.md,
/// protocol/key-paths.md): they compile to exactly what the clamped value compiles to.
@Suite struct OutOfRangeValueTests {
    func compiled(_ configure: @escaping (inout LayerState) -> Void) -> [DrawItem] {
        var t = CompileTestScene()
        t.add(
            1,
            layerState(Rect(x: 10, y: 20, width: 30, height: 40)) {
                $0.backgroundColor = red
                $0.shadowColor = blue
                $0.shadowRadius = 0
                $0.shadowOffset = Size(width: 4, height: 4)
                configure(&$0)
            }, root: true)
        return t.compile().items
    }

    @Test func opacityAboveOneDrawsAsOneAndBelowZeroAsNothing() {
        let one = compiled { $0.opacity = 1 }
        #expect(one.count == 1)
        #expect(compiled { $0.opacity = 2 } == one)
        #expect(compiled { $0.opacity = 1.5 } == one)
        #expect(compiled { $0.opacity = -1 }.isEmpty)
        let shadowed = compiled { $0.shadowOpacity = 1 }
        #expect(shadowed.count == 2)
        #expect(compiled { $0.shadowOpacity = 3 } == shadowed)
        #expect(compiled { $0.shadowOpacity = -0.5 } == one)
    }

    @Test func aNegativeBoundsSizeDrawsAsTheStandardisedRectangle() {
        // (0, 0, −30, −40) is the rectangle (−30, −40, 30, 40); the anchor stays in its middle.
        let negative = compiled { $0.bounds = Rect(x: 0, y: 0, width: -30, height: -40) }
        let standard = compiled { $0.bounds = Rect(x: -30, y: -40, width: 30, height: 40) }
        #expect(negative == standard)
        #expect(negative.first?.rectDraw?.outputBox == Rect(x: 10, y: 20, width: 30, height: 40))
    }
}
