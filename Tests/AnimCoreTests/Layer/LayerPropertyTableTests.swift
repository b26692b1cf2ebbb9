import AnimTestSupport
import Foundation
import Testing

@testable import AnimCore

/// The layer property code and tables are what tools/propgen makes of protocol/layer-properties.json, and the
/// generator says what to run when they are not.
@Suite struct LayerPropertyTableTests {
    static let table = BuiltProgram.repositoryRoot.appendingPathComponent("protocol/layer-properties.json")

    @Test func checkedInFilesMatchTheTable() throws {
        let result = try BuiltProgram.run("propgen", ["--check"])
        let text = result.standardOutput + result.standardError
        #expect(result.status == 0, "\(text)")
        #expect(text.contains("7 files match protocol/layer-properties.json"), "\(text)")
    }

    /// A changed row makes exactly the files that state it differ, and the message names the command.
    @Test func aChangedRowIsReportedWithTheFilesItChangesAndTheCommandToRun() throws {
        let original = try String(contentsOf: Self.table, encoding: .utf8)
        let row = #"{"key": "opacity", "class": "layer", "kind": "number", "default": 1,"#
        try #require(original.contains(row))
        let folder = try TemporaryFolder(prefix: "propgen")
        let changed = folder.url.appendingPathComponent("layer-properties.json")
        try original.replacingOccurrences(of: row, with: row.replacingOccurrences(of: "1,", with: "0.5,"))
            .write(to: changed, atomically: true, encoding: .utf8)

        let result = try BuiltProgram.run("propgen", ["--check", "--table", changed.path])

        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("run `swift run propgen`:") == true, "\(result.standardOutput)")
        #expect(
            Set(lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }) == [
                "Sources/AnimCore/Layer/Generated/LayerProperties.swift",
                "Sources/AnimCore/Layer/Generated/LayerStateStorage.swift", "protocol/key-paths.md",
                "docs/json-format.md",
            ])
    }

    /// A row the generated code could not honour is refused, naming the property and the column.
    @Test func aRowThatBreaksARuleIsRefusedNamingIt() throws {
        let original = try String(contentsOf: Self.table, encoding: .utf8)
        let row = #"{"key": "name", "class": "layer", "kind": "string", "default": null, "animates": false,"#
        try #require(original.contains(row))
        let folder = try TemporaryFolder(prefix: "propgen")
        let broken = folder.url.appendingPathComponent("layer-properties.json")
        try original.replacingOccurrences(of: row, with: row + #" "range": ">= 0","#)
            .write(to: broken, atomically: true, encoding: .utf8)

        let result = try BuiltProgram.run("propgen", ["--check", "--table", broken.path])

        #expect(result.status == 1)
        #expect(
            result.standardError == "propgen: property name: \"range\" needs a number\n",
            "\(result.standardError)")
    }

    /// `sdkType` types the SDK's accessor only where it can convert both ways: a string with a default and allowed
    /// names (a String enum) or a number (an OptionSet); free text such as `name` is refused.
    @Test func anSDKTypeOnFreeTextIsRefusedNamingIt() throws {
        let original = try String(contentsOf: Self.table, encoding: .utf8)
        let row = #"{"key": "name", "class": "layer", "kind": "string", "default": null, "animates": false,"#
        try #require(original.contains(row))
        let folder = try TemporaryFolder(prefix: "propgen")
        let broken = folder.url.appendingPathComponent("layer-properties.json")
        try original.replacingOccurrences(of: row, with: row + #" "sdkType": "LayerName","#)
            .write(to: broken, atomically: true, encoding: .utf8)

        let result = try BuiltProgram.run("propgen", ["--check", "--table", broken.path])

        #expect(result.status == 1)
        #expect(
            result.standardError
                == "propgen: property name: \"sdkType\" is the SDK accessor's String enum (a string with a default "
                + "and \"allowed\" names) or OptionSet (a number)\n",
            "\(result.standardError)")
    }

    /// The table writes enumerated names as literals; where AnimCore has an enum of them, they agree.
    @Test func allowedNamesAgreeWithTheEnumsThatReadThem() {
        #expect(LayerProperty.fillMode.allowedStrings == FillMode.allCases.map(\.rawValue))
        #expect(LayerProperty.fillRule.allowedStrings == [FillRule.nonZero.rawValue, FillRule.evenOdd.rawValue])
    }

    /// The lanes fast path reads and writes what `value(of:)` and `setValueUnchecked` do, on every class.
    @Test func lanesAgreeWithValues() {
        for layerClass in LayerClass.allCases {
            for property in LayerProperty.allCases where property.exists(on: layerClass) {
                var state = LayerState(layerClass: layerClass)
                guard let lanes = state.lanes(of: property) else {
                    #expect(!property.isAnimatable || property.valueKind.lanesWidth == nil, "\(property)")
                    continue
                }
                #expect(state.value(of: property).lanes == lanes, "\(property) on \(layerClass)")
                let changed = lanes + SIMD4(3, 5, 7, 11)
                let stored = state.setLanes(changed, for: property)
                #expect(stored, "\(property)")
                let width = property.valueKind.lanesWidth ?? 0
                for i in 0..<4 {
                    let expected = i < width ? changed[i] : 0
                    #expect(state.value(of: property).lanes?[i] == expected, "\(property) lane \(i)")
                }
            }
        }
    }
}

extension ValueKind {
    /// How many lanes a value of this kind fills; nil for kinds that have none.
    fileprivate var lanesWidth: Int? {
        switch self {
        case .number: 1
        case .point, .size: 2
        case .rect: 4
        default: nil
        }
    }
}
