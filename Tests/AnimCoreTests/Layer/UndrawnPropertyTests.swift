import Testing

@testable import AnimCore

/// Properties the renderers draw only at their default refuse every other value, naming the key path and
/// the value, as a property, as an animation's value and through the bulk lanes' shared check
/// (docs/core-animation-rules.md, "Refused until drawn").
@Suite struct UndrawnPropertyTests {
    static let refused: [(LayerProperty, PropertyValue, String, String)] = [
        (.cornerCurve, .string("continuous"), "continuous", "is not drawn yet: cornerCurve must be 'circular'"),
        (.shouldRasterize, .bool(true), "true", "is not drawn yet: shouldRasterize must be false"),
    ]

    @Test func nonDefaultValuesAreRefusedNamingKeyPathAndValue() throws {
        #expect(Set(LayerProperty.allCases.filter(\.isDrawnOnlyAtDefault)) == Set(Self.refused.map(\.0)))
        for (property, value, text, reason) in Self.refused {
            var state = LayerState()
            #expect(throws: AnimCoreError.notAllowed(field: property.key, value: text, reason: reason)) {
                try state.set(value, for: property)
            }
            #expect(state.value(of: property) == property.defaultValue)
        }
    }

    @Test func defaultsStayAccepted() throws {
        var state = LayerState()
        for property in LayerProperty.allCases where property.isDrawnOnlyAtDefault {
            try state.set(property.defaultValue, for: property)
        }
        try state.set(.filters([]), for: .filters)
        try state.set(.filters([]), for: .backgroundFilters)
        #expect(state.value(of: .filters) == .filters([]))
    }

    @Test func animationsToUndrawnValuesAreRefused() throws {
        var h = Harness()
        let raster = Animation(
            .keyframe(KeyframeAnimation(keyPath: keyPath("shouldRasterize"), values: [.bool(false), .bool(true)])),
            timing: MediaTiming(duration: 1))
        #expect(
            throws: AnimCoreError.notAllowed(
                field: "kind.keyframe.values[1]", value: "true",
                reason: "is not drawn yet: shouldRasterize must be false")
        ) {
            try h.add(raster)
        }
        // To the default it animates as before.
        try h.add(
            Animation(
                .basic(BasicAnimation(keyPath: keyPath("filters"), fromValue: .filters([]), toValue: .filters(nil))),
                timing: MediaTiming(duration: 1)))
    }
}
