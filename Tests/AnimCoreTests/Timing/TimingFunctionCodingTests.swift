import Foundation
import Testing

@testable import AnimCore

@Suite("TimingFunction JSON form")
struct TimingFunctionCodingTests {
    private struct Holder: Codable, Equatable {
        var timingFunction: TimingFunction
    }

    private func json(_ function: TimingFunction) throws -> String {
        String(decoding: try JSONEncoder().encode(function), as: UTF8.self)
    }

    private func decode(_ text: String) throws -> TimingFunction {
        try JSONDecoder().decode(TimingFunction.self, from: Data(text.utf8))
    }

    /// The decoding error's description, which must name the bad value.
    private func decodingFailure(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            return "unexpected error \(error)"
        }
    }

    @Test func namedFunctionsEncodeAsTheirName() throws {
        #expect(try json(.easeIn) == #""easeIn""#)
        #expect(try json(.default) == #""default""#)
        #expect(try json(.easeInEaseOut) == #""easeInEaseOut""#)
    }

    @Test func customFunctionsEncodeAsAnArray() throws {
        #expect(try json(TimingFunction(controlPoints: 0.25, 0.5, 0.75, 1.5)) == "[0.25,0.5,0.75,1.5]")
    }

    @Test func roundTrips() throws {
        for function in TimingFunction.Name.allCases.map(TimingFunction.init(name:)) + [
            TimingFunction(controlPoints: 0.1, -0.7, 0.9, 1.3), TimingFunction(controlPoints: 0, 0, 0, 0),
        ] {
            let decoded = try decode(try json(function))
            #expect(decoded == function)
            #expect(decoded.name == function.name)
            #expect(decoded.evaluate(0.3) == function.evaluate(0.3))
        }
    }

    @Test func decodesBothForms() throws {
        #expect(try decode(#""easeOut""#).name == .easeOut)
        let custom = try decode("[0.25, 0.1, 0.25, 1]")
        #expect(custom == .default)
        #expect(custom.name == nil)
        let holder = try JSONDecoder().decode(Holder.self, from: Data(#"{"timingFunction": "linear"}"#.utf8))
        #expect(holder.timingFunction.name == .linear)
    }

    @Test func badJSONNamesTheBadValue() throws {
        let unknown = try #require(decodingFailure(#""bouncy""#))
        #expect(unknown.contains("'bouncy'"))
        let outside = try #require(decodingFailure("[1.5, 0, 1, 1]"))
        #expect(outside.contains("timingFunction.x1") && outside.contains("1.5"))
        let negative = try #require(decodingFailure("[0, 0, -0.5, 1]"))
        #expect(negative.contains("timingFunction.x2") && negative.contains("-0.5"))
        let short = try #require(decodingFailure("[0.1, 0.2, 0.3]"))
        #expect(short.contains("expected 4 numbers, got 3"))
        let long = try #require(decodingFailure("[0.1, 0.2, 0.3, 0.4, 0.5]"))
        #expect(long.contains("got 5"))
        for text in [#"{"x1": 0}"#, #"[0, "a", 1, 1]"#, "true", "null", "12"] {
            let failure = try #require(decodingFailure(text), "\(text) was accepted")
            #expect(failure.contains("name string or an array"), "\(text): \(failure)")
        }
    }
}
