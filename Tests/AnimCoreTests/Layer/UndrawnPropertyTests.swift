import Testing

@testable import AnimCore

/// Properties the renderers draw only at their default refuse every other value, naming the key path and
/// the value, as a property, as an animation's value and through the bulk lanes' shared check
/// (docs/core-animation-rules.md, "Refused until drawn").
@Suite struct UndrawnPropertyTests {
    static let refused: [(LayerProperty, PropertyValue, String, String)] = [
        (.filters, .strings(["gaussianBlur"]), "gaussianBlur", "is not drawn yet: filters must be empty"),
        (
            .backgroundFilters, .strings(["blur", "sepia"]), "blur, sepia",
            "is not drawn yet: backgroundFilters must be empty"
        ),
        (
            .compositingFilter, .string("multiplyBlendMode"), "multiplyBlendMode",
            "is not drawn yet: compositingFilter must be nil"
        ),
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
        try state.set(.strings([]), for: .filters)
        try state.set(.strings([]), for: .backgroundFilters)
        #expect(state.value(of: .filters) == .strings([]))
    }

    @Test func animationsToUndrawnValuesAreRefused() throws {
        var h = Harness()
        let blend = Animation(
            .basic(BasicAnimation(keyPath: keyPath("compositingFilter"), toValue: .string("screenBlendMode"))),
            timing: MediaTiming(duration: 1))
        #expect(
            throws: AnimCoreError.notAllowed(
                field: "kind.basic.toValue", value: "screenBlendMode",
                reason: "is not drawn yet: compositingFilter must be nil")
        ) {
            try h.add(blend)
        }
        // To the default it animates as before.
        try h.add(
            Animation(
                .basic(BasicAnimation(keyPath: keyPath("filters"), fromValue: .strings([]), toValue: .strings(nil))),
                timing: MediaTiming(duration: 1)))
    }
}
