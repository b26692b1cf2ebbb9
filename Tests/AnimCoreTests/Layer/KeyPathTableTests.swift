import Foundation
import Testing

@testable import AnimCore

/// protocol/key-paths.md is what the model's tables say (`KeyPathTable`): it fails when either changes
/// without the other. ANIMSERVER_WRITE_KEY_PATHS=1 rewrites the file instead.
@Suite struct KeyPathTableTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("protocol/key-paths.md")

    @Test func theProtocolsKeyPathTableIsUpToDate() throws {
        let expected = KeyPathTable.markdown
        if ProcessInfo.processInfo.environment["ANIMSERVER_WRITE_KEY_PATHS"] == "1" {
            try expected.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(written == expected, "protocol/key-paths.md is out of date: rewrite it (see its header)")
    }

    /// The rows state what `check` does: spot checks against the model itself.
    @Test func rowsSayWhatTheModelAccepts() throws {
        let rows = KeyPathTable.markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == LayerProperty.allCases.count)
        let borderWidth = try #require(rows.first { $0.hasPrefix("| `borderWidth` |") })
        #expect(borderWidth == "| `borderWidth` | all | number | 0 | yes | ≥ 0 | yes |")
        let gravity = try #require(rows.first { $0.hasPrefix("| `contentsGravity` |") })
        for name in try #require(LayerProperty.contentsGravity.allowedStrings) {
            #expect(gravity.contains("`\(name)`"))
            try LayerState().settingChecked(.string(name), for: .contentsGravity)
        }
        let opacity = try #require(rows.first { $0.hasPrefix("| `opacity` |") })
        #expect(opacity == "| `opacity` | all | number | 1 | yes | any | clamped to 0…1 when drawn |")
        var state = LayerState()
        try state.set(.number(2), for: .opacity)
        #expect(state.opacity == 2)
        #expect(throws: AnimCoreError.self) { try state.set(.number(-1), for: .borderWidth) }
    }
}

extension LayerState {
    fileprivate func settingChecked(_ value: PropertyValue, for property: LayerProperty) throws {
        var copy = self
        try copy.set(value, for: property)
    }
}
