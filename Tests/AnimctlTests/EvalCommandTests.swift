import AnimTestSupport
import Foundation
import Testing

/// `animctl eval`, run as a built binary on the example documents.
@Suite("animctl eval")
struct EvalCommandTests {
    /// The table's rows after the `#` comment: cells are separated by two or more spaces.
    static func table(_ output: String) -> [[String]] {
        output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            line.split(separator: "  ", omittingEmptySubsequences: true).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// Seed 002's curve: the quadratic Bézier from (50, 50) with control (300, 50) to (300, 460) at parameter t.
    static func curvePoint(_ t: Double) -> (x: Double, y: Double) {
        let a = (1 - t) * (1 - t)
        let b = 2 * t * (1 - t)
        let c = t * t
        return (a * 50 + b * 300 + c * 300, a * 50 + b * 50 + c * 460)
    }

    /// "[237.5, 152.5]" → [237.5, 152.5].
    static func numbers(_ cell: String) -> [Double] {
        cell.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func tablePrintsTheSeedGroupAtExactTimes() throws {
        let result = try AnimctlRunner.run([
            "eval", "examples/seed002-group.json", "--times", "0,0.25,0.5,0.75,1,1.5,2",
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.hasPrefix("# CALayer in examples/seed002-group.json"))
        #expect(result.standardOutput.contains("visited in order"))
        let rows = Self.table(result.standardOutput)
        #expect(rows.first == ["time", "position", "transform.scale", "opacity", "events"])
        try #require(rows.count == 8)
        // Inside the 1 s group: opacity and scale go linearly from 1 to 0.1, the position follows the curve.
        for (row, t) in zip(rows[1...5], [0.0, 0.25, 0.5, 0.75]) {
            #expect(Double(row[0]) == t)
            let point = Self.numbers(row[1])
            let expected = Self.curvePoint(t)
            #expect(abs(point[0] - expected.x) <= 1e-6 && abs(point[1] - expected.y) <= 1e-6, "t = \(t): \(row[1])")
            #expect(abs(try #require(Double(row[2])) - (1 - 0.9 * t)) <= 1e-6)
            #expect(abs(try #require(Double(row[3])) - (1 - 0.9 * t)) <= 1e-6)
        }
        #expect(rows[1].last == "didStart(nil) at 0")
        // At t = 1 the group has ended (the end instant is after,
        // docs/core-animation-rules.md#decisions-on-open-points) and is removed: the model shows again.
        #expect(rows[5] == ["1", "[50, 50]", "1", "1", "didStop(nil, finished) at 1"])
        #expect(rows[6] == ["1.5", "[50, 50]", "1", "1"])
        #expect(rows[7] == ["2", "[50, 50]", "1", "1"])
    }

    @Test func jsonOutputParsesWithValuesAndEvents() throws {
        let result = try AnimctlRunner.run([
            "eval", "examples/seed002-group.json", "--times", "0,0.5,1", "--json",
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let animations = try #require(parsed["animations"] as? [[String: Any]])
        #expect(
            animations.count == 1 && animations[0]["type"] as? String == "group" && animations[0]["index"] as? Int == 0)
        #expect(animations[0]["key"] is NSNull && animations[0]["settlingDuration"] == nil)
        let rows = try #require(parsed["samples"] as? [[String: Any]])
        try #require(rows.count == 3)
        #expect(rows.allSatisfy { $0["layerTime"] == nil })
        #expect(rows.map { $0["time"] as? Double } == [0, 0.5, 1])
        let middle = try #require(rows[1]["values"] as? [String: Any])
        #expect(Set(middle.keys) == ["position", "transform.scale", "opacity"])
        #expect(abs(try #require(middle["opacity"] as? Double) - 0.55) <= 1e-12)
        #expect(abs(try #require(middle["transform.scale"] as? Double) - 0.55) <= 1e-12)
        #expect(try #require(middle["position"] as? [Double]) == [237.5, 152.5])
        let started = try #require(rows[0]["events"] as? [[String: Any]])
        #expect(started.count == 1 && started[0]["event"] as? String == "didStart")
        #expect(started[0]["key"] is NSNull && started[0]["time"] as? Double == 0)
        #expect((rows[1]["events"] as? [Any])?.isEmpty == true)
        let stopped = try #require(rows[2]["events"] as? [[String: Any]])
        #expect(stopped.count == 1 && stopped[0]["event"] as? String == "didStop")
        #expect(stopped[0]["finished"] as? Bool == true && stopped[0]["time"] as? Double == 1)
        #expect((rows[2]["values"] as? [String: Any])?["opacity"] as? Double == 1)
    }

    @Test func keyPathOptionsChooseTheColumns() throws {
        let result = try AnimctlRunner.run([
            "eval", "examples/seed002-rotation.json", "--times", "0.5,1.5", "--key-path", "transform.rotation.z",
            "--key-path", "position.x",
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = Self.table(result.standardOutput)
        #expect(rows[0] == ["time", "transform.rotation.z", "position.x", "events"])
        // Half of the first half turn, then (cumulative) the second half turn's middle: 3π/2, read in (−π, π].
        #expect(rows[1][1] == "1.570796" && rows[1][2] == "150")
        #expect(rows[2][1] == "-1.570796" && rows[2][2] == "150")
    }

    @Test func theAlphaKeyPathOfTheSeedIsAnErrorNamingItAndTheLayerClass() throws {
        let result = try AnimctlRunner.run(["eval", "examples/alpha-error.json", "--times", "0,1"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.contains(
                "animations[0].animation.animations[2].keyPath: unknown key path 'alpha' for layer class CALayer"),
            "stderr: \(result.standardError)")
    }

    @Test func anUnknownRequestedKeyPathIsAnError() throws {
        let result = try AnimctlRunner.run([
            "eval", "examples/seed002-group.json", "--times", "0", "--key-path", "alpha",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("--key-path: unknown key path 'alpha' for layer class CALayer"))
    }

    @Test func fileAndJSONErrorsNameTheProblem() throws {
        let folder = try TemporaryFolder()
        let missing = try AnimctlRunner.run([
            "eval", folder.url.appendingPathComponent("none.json").path, "--times", "0",
        ])
        #expect(missing.status == 1 && missing.standardError.contains("no such file"))

        let broken = try folder.file("broken.json", "{\n  \"layer\": {\"properties\": {\"opacity\": 0.5 \"x\"}}\n}")
        let syntax = try AnimctlRunner.run(["eval", broken, "--times", "0"])
        #expect(syntax.status == 1)
        #expect(syntax.standardError.contains("is not valid JSON"), "stderr: \(syntax.standardError)")
        #expect(syntax.standardError.contains("line 2, column 43"), "stderr: \(syntax.standardError)")

        let typo = try folder.file(
            "typo.json",
            #"{"animations": [{"key": "k", "animation": {"type": "basic", "keyPath": "opacity", "toValeu": 0}}]}"#)
        let unknown = try AnimctlRunner.run(["eval", typo, "--times", "0"])
        #expect(unknown.status == 1)
        #expect(
            unknown.standardError.contains(
                "animations[0].animation.toValeu: unknown field 'toValeu' in a basic animation"),
            "stderr: \(unknown.standardError)")
    }

    @Test func badTimesAreAValidationError() throws {
        let word = try AnimctlRunner.run(["eval", "examples/seed002-group.json", "--times", "0,soon"])
        #expect(word.status == 64)
        #expect(word.standardError.contains("'soon' is not a time in seconds"))
    }

    @Test func timesMayBeNegative() throws {
        let result = try AnimctlRunner.run([
            "eval", "examples/seed002-group.json", "--times", "-0.5,0.5", "--key-path", "opacity",
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        // Before the attach time the group has not begun: the model value, and no event yet.
        #expect(
            Self.table(result.standardOutput).dropFirst() == [["-0.5", "1"], ["0.5", "0.55", "didStart(nil) at 0"]])
    }

    @Test func warningsGoToStandardErrorAndEvaluationGoesOn() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.file(
            "repeat.json",
            #"""
            {"animations": [{"key": "twice", "animation": {"type": "basic", "keyPath": "opacity",
              "fromValue": 0, "toValue": 1, "duration": 2, "repeatCount": 2, "repeatDuration": 3}}]}
            """#)
        let result = try AnimctlRunner.run(["eval", scene, "--times", "1"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.hasPrefix("warning: animations[0] (key 'twice'): "))
        #expect(result.standardError.contains("repeatDuration wins"))
        #expect(Self.table(result.standardOutput).dropFirst().first?[1] == "0.5")
    }

    /// keyTimes that cannot be used are refused as the server refuses them (docs/core-animation-rules.md).
    @Test func badKeyTimesAreAnErrorNamingTheField() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.file(
            "keytimes.json",
            #"""
            {"animations": [{"key": "steps", "animation": {"type": "keyframe", "keyPath": "opacity",
              "values": [0, 1, 0.5], "keyTimes": [0, 1], "duration": 2}}]}
            """#)
        let result = try AnimctlRunner.run(["eval", scene, "--times", "1"])
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "animations[0] (key 'steps'): kind.keyframe.keyTimes: 2 keyTimes for 3 values; linear mode needs 3"))
        #expect(result.standardOutput.isEmpty)
    }
}
