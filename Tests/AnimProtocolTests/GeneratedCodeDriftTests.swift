import AnimTestSupport
import Foundation
import Testing

/// The committed generated code must be exactly what tools/protogen makes of protocol/spec.json.
@Suite struct GeneratedCodeDriftTests {
    @Test func committedCodeMatchesTheSpec() throws {
        let result = try BuiltProgram.run("protogen", ["--check"])
        let text = result.standardOutput + result.standardError
        #expect(result.status == 0, "\(text)")
        #expect(text.contains("7 files match"))
    }
}
