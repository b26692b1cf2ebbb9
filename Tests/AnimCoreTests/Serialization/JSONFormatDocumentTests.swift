import Foundation
import Testing

@testable import AnimCore

/// docs/json-format.md stays true: its property table lists every property with its kind and default, and its
/// JSON examples read as what they claim to be.
@Suite("docs/json-format.md")
struct JSONFormatDocumentTests {
    static let document: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/json-format.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The fenced ```json blocks, in order.
    static var jsonBlocks: [String] {
        document.components(separatedBy: "```json\n").dropFirst().map {
            $0.components(separatedBy: "\n```").first ?? ""
        }
    }

    @Test func propertyTableListsEveryPropertyWithItsKindAndDefault() throws {
        #expect(!Self.document.isEmpty)
        for property in LayerProperty.allCases {
            let layerClass = property.introducingClass?.rawValue ?? "all"
            let row =
                "| `\(property.key)` | \(layerClass) | \(property.valueKind.rawValue) | "
                + "`\(try JSONTest.text(property.defaultValue))` | \(property.isAnimatable ? "yes" : "no") |"
            #expect(Self.document.contains(row), "missing or wrong: \(row)")
        }
    }

    @Test func examplesReadAsWhatTheyShow() throws {
        let blocks = Self.jsonBlocks
        try #require(blocks.count == 5)
        let scene = try JSONTest.decode(SceneDocument.self, blocks[0])
        #expect(scene.animations.map(\.key) == ["fade", nil])
        #expect(try JSONTest.decode(LayerState.self, blocks[1]).layerClass == .shape)
        guard case .transform(let t) = try JSONTest.value(blocks[2], as: .transform) else {
            Issue.record("not a transform")
            return
        }
        #expect(
            t.isApproximatelyEqual(
                to: Transform3D.scale(0.5, 0.5, 1).concatenating(.rotation(.pi / 4, 0, 0, 1)).concatenating(
                    .translation(100, 0, 0))))
        #expect(try JSONTest.decode(Animation.self, blocks[3]).timingFunction == .easeOut)
        let output = try JSONSerialization.jsonObject(with: Data(blocks[4].utf8)) as? [String: Any]
        #expect(output?["animations"] is [Any] && output?["samples"] is [Any])
    }
}
