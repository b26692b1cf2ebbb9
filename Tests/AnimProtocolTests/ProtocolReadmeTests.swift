import AnimCore
import AnimProtocol
import Foundation
import Testing

/// What protocol/README.md states that the code decides, checked against the code.
@Suite struct ProtocolReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: VectorTests.protocolDirectory.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func namedTimingFunctionsHaveTheControlPointsTheReadmeStates() throws {
        let lines = try Self.readme().split(separator: "\n")
        for name in WireTimingFunctionName.allCases {
            let row = try #require(lines.first { $0.hasPrefix("| `\(name)` |") }, "no README row for \(name)")
            let stated = row.split(separator: "|").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                .compactMap(Double.init)
            let function = TimingFunction(name: TimingFunction.Name(wire: name))
            #expect(stated == [function.x1, function.y1, function.x2, function.y2], "\(name): \(row)")
        }
    }
}
