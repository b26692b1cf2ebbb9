import Foundation
import Testing

@testable import AnimCore

/// Filter values (docs/core-animation-rules.md#filters): the set drawn, the named errors for anything else, key
/// paths to a named filter's parameters, animation of them, compositingFilter's blend mode names.
@Suite struct LayerFilterTests {
    static let blurred: LayerState = {
        var state = LayerState()
        state.filters = [
            .gaussianBlur(name: "blur", inputRadius: 2), .colorMatrix(name: "tint", FilterParameter.identityMatrix),
        ]
        state.backgroundFilters = [.gaussianBlur(name: "frost", inputRadius: 20)]
        return state
    }()

    @Test func keyPathsNameAParameterOfTheFilterOfThatName() throws {
        let radius = try AnimKeyPath("filters.blur.inputRadius", on: .layer)
        #expect(radius.property == .filters)
        #expect(radius.component == .filter(name: "blur", parameter: .inputRadius))
        #expect(radius.valueKind == .number)
        #expect(radius.description == "filters.blur.inputRadius")
        #expect(radius.value(in: Self.blurred) == .number(2))
        let frost = try AnimKeyPath("backgroundFilters.frost.inputRadius", on: .layer)
        #expect(frost.value(in: Self.blurred) == .number(20))
        let matrix = try AnimKeyPath("filters.tint.inputColorMatrix", on: .layer)
        #expect(matrix.valueKind == .numbers)
        #expect(matrix.value(in: Self.blurred) == .numbers(FilterParameter.identityMatrix))
        // A filter name may hold dots: the parameter is after the last one.
        #expect(
            try AnimKeyPath("filters.my.blur.inputRadius", on: .layer).component
                == .filter(name: "my.blur", parameter: .inputRadius))
        #expect(throws: AnimCoreError.unknownKeyPath(path: "filters.blur.inputAngle", layerClass: "CALayer")) {
            try AnimKeyPath("filters.blur.inputAngle", on: .layer)
        }
        #expect(throws: AnimCoreError.unknownKeyPath(path: "filters.inputRadius", layerClass: "CALayer")) {
            try AnimKeyPath("filters.inputRadius", on: .layer)
        }
    }

    @Test func settingAParameterChangesOnlyThatFilter() throws {
        var state = Self.blurred
        try AnimKeyPath("filters.blur.inputRadius", on: .layer).set(.number(7), in: &state)
        #expect(
            state.filters == [
                .gaussianBlur(name: "blur", inputRadius: 7), .colorMatrix(name: "tint", FilterParameter.identityMatrix),
            ])
        // A filter the list does not hold: nothing changes, and it reads as no blur.
        let missing = try AnimKeyPath("filters.sharpen.inputRadius", on: .layer)
        try missing.set(.number(3), in: &state)
        #expect(state.filters?.count == 2)
        #expect(missing.value(in: state) == .number(0))
        // A negative radius is refused naming the filter's place and parameter.
        #expect(throws: AnimCoreError.outOfRange(field: "filters[0].inputRadius", value: -1, allowed: "≥ 0")) {
            try AnimKeyPath("filters.blur.inputRadius", on: .layer).set(.number(-1), in: &state)
        }
    }

    @Test func aBasicAnimationOfAParameterInterpolatesIt() throws {
        var h = Harness { $0 = Self.blurred }
        try h.add(basic("filters.blur.inputRadius", from: .number(0), to: .number(10)))
        #expect(try h.number("filters.blur.inputRadius", at: 0.25) == 2.5)
        #expect(try h.number("backgroundFilters.frost.inputRadius", at: 0.25) == 20)
        let keyframes = Animation(
            .keyframe(
                KeyframeAnimation(
                    keyPath: keyPath("backgroundFilters.frost.inputRadius"),
                    values: [.number(0), .number(30), .number(10)])),
            timing: MediaTiming(duration: 2))
        try h.add(keyframes, key: "k")
        #expect(try h.number("backgroundFilters.frost.inputRadius", at: 0.5) == 15)
        #expect(try h.number("backgroundFilters.frost.inputRadius", at: 1.5) == 20)
    }

    @Test func wholeListsInterpolateWhenTheyMatchAndSwitchOtherwise() {
        let a = PropertyValue.filters([.gaussianBlur(name: "b", inputRadius: 0)])
        let b = PropertyValue.filters([.gaussianBlur(name: "b", inputRadius: 8)])
        #expect(a.interpolated(to: b, fraction: 0.25) == .filters([.gaussianBlur(name: "b", inputRadius: 2)]))
        let other = PropertyValue.filters([.gaussianBlur(name: "c", inputRadius: 8)])
        #expect(a.interpolated(to: other, fraction: 0.25) == a)
        #expect(a.interpolated(to: other, fraction: 0.5) == other)
    }

    @Test func anythingOutsideTheSetIsRefusedByName() throws {
        #expect(
            throws: AnimCoreError.notAllowed(
                field: "filters[1].type", value: "sepiaTone",
                reason: "is not a drawn filter: the filters drawn are gaussianBlur, colorMatrix")
        ) {
            try LayerFilter.make(type: "sepiaTone", name: "s", parameters: [], field: "filters[1]")
        }
        #expect(
            throws: AnimCoreError.notAllowed(
                field: "f.inputAngle", value: "inputAngle",
                reason: "is not a parameter of gaussianBlur: it has inputRadius")
        ) {
            try LayerFilter.make(type: "gaussianBlur", name: "b", parameters: [("inputAngle", [1])], field: "f")
        }
        #expect(
            throws: AnimCoreError.invalid(field: "f.inputColorMatrix", reason: "takes 20 numbers (4 rows of 5), got 3")
        ) {
            try LayerFilter.make(
                type: "colorMatrix", name: "m", parameters: [("inputColorMatrix", [1, 2, 3])], field: "f")
        }
        #expect(throws: AnimCoreError.outOfRange(field: "f.inputRadius", value: -3, allowed: "≥ 0")) {
            try LayerFilter.make(type: "gaussianBlur", name: "b", parameters: [("inputRadius", [-3])], field: "f")
        }
        #expect(throws: AnimCoreError.nonFinite(field: "f.inputRadius", value: .infinity)) {
            try LayerFilter.make(
                type: "gaussianBlur", name: "b", parameters: [("inputRadius", [.infinity])], field: "f")
        }
        // Left out, a parameter takes Core Image's default.
        #expect(
            try LayerFilter.make(type: "gaussianBlur", name: "b", parameters: [], field: "f")
                == .gaussianBlur(name: "b", inputRadius: 10))
    }

    @Test func compositingFilterTakesTheBlendModesByLongOrShortName() throws {
        var state = LayerState()
        #expect(BlendMode.allCases.count == 15)
        for mode in BlendMode.allCases {
            try state.set(.string(mode.filterName), for: .compositingFilter)
            try state.set(.string(mode.rawValue), for: .compositingFilter)
            #expect(BlendMode(filterName: mode.filterName) == mode)
        }
        try state.set(.string(nil), for: .compositingFilter)
        #expect(throws: AnimCoreError.self) { try state.set(.string("sepiaBlendMode"), for: .compositingFilter) }
        #expect(state.compositingFilter == nil)
        #expect(BlendMode(filterName: "multiplyBlendMode") == .multiply)
        #expect(BlendMode(filterName: "sourceOver") == nil)
    }

    @Test func filtersRoundTripThroughJSON() throws {
        let value = PropertyValue.filters(Self.blurred.filters)
        let data = try JSONEncoder().encode(value)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"type\":\"gaussianBlur\""))
        struct Box: Decodable {
            let value: PropertyValue
            init(from decoder: any Decoder) throws { value = try PropertyValue.decode(from: decoder, as: .filters) }
        }
        #expect(try JSONDecoder().decode(Box.self, from: data).value == value)
        let bad = Data(#"[{"type": "bloom", "name": "b"}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: bad) }
    }
}
