import AnimCore
import AnimTestSupport
import Foundation
import Testing

/// What `animctl eval` shows of timing (docs/json-format.md, animctl eval): a spring's settling duration, transform
/// components as animated, the layer's own timing, and times in any order.
@Suite("animctl eval: timing")
struct EvalTimingTests {
    /// Runs eval with `--json` on a scene written to a temporary file; the parsed object.
    private func evalJSON(_ scene: String, times: String, keyPaths: [String] = []) throws -> [String: Any] {
        let folder = try TemporaryFolder()
        let file = try folder.file("scene.json", scene)
        let result = try AnimctlRunner.run(
            ["eval", file, "--times", times, "--json"] + keyPaths.flatMap { ["--key-path", $0] })
        try #require(result.status == 0, "stderr: \(result.standardError)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    private func samples(_ output: [String: Any]) throws -> [[String: Any]] {
        try #require(output["samples"] as? [[String: Any]])
    }

    private func number(_ sample: [String: Any], _ keyPath: String) throws -> Double {
        try #require((sample["values"] as? [String: Any])?[keyPath] as? Double)
    }

    /// `"duration": "settling"` runs a spring for its settlingDuration (not the transaction's 0.25 s), and the
    /// output names that duration per animation.
    @Test func springSettlingDurationIsExpressibleAndReadable() throws {
        let physics = SpringParameters(mass: 1, stiffness: 100, damping: 10)
        let settling = physics.settlingDuration
        let output = try evalJSON(
            #"""
            {"animations": [{"key": "bounce", "animation": {"type": "spring", "keyPath": "opacity", "fromValue": 0,
              "toValue": 1, "mass": 1, "stiffness": 100, "damping": 10, "duration": "settling"}},
              {"key": "slide", "animation": {"type": "basic", "keyPath": "position.x", "toValue": 10}}]}
            """#, times: "0.5,\(settling)")
        let animations = try #require(output["animations"] as? [[String: Any]])
        try #require(animations.count == 2)
        #expect(animations[0]["key"] as? String == "bounce" && animations[0]["type"] as? String == "spring")
        #expect(animations[0]["settlingDuration"] as? Double == settling)
        #expect(animations[1]["type"] as? String == "basic" && animations[1]["settlingDuration"] == nil)
        let rows = try samples(output)
        // Still moving at 0.5 s, past the transaction's 0.25 s; stopped at the settling duration.
        #expect(abs(try number(rows[0], "opacity") - physics.progress(at: 0.5)) <= 1e-12)
        let stopped = try #require(rows[1]["events"] as? [[String: Any]])
        #expect(stopped.contains { $0["key"] as? String == "bounce" && $0["time"] as? Double == settling })
    }

    /// The table shows it too, as a comment line.
    @Test func tableNamesTheSettlingDuration() throws {
        let folder = try TemporaryFolder()
        let file = try folder.file(
            "spring.json",
            #"""
            {"animations": [{"key": "bounce", "animation": {"type": "spring", "keyPath": "opacity", "toValue": 0,
              "stiffness": 100, "damping": 10, "duration": "settling"}}]}
            """#)
        let result = try AnimctlRunner.run(["eval", file, "--times", "0"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let settling = SpringParameters(mass: 1, stiffness: 100, damping: 10).settlingDuration
        let expected = String(format: "%.6f", settling).replacingOccurrences(
            of: #"0+$"#, with: "", options: .regularExpression)
        #expect(
            result.standardOutput.contains("# animations[0] (key 'bounce'): spring, settlingDuration \(expected) s"),
            "\(result.standardOutput)")
    }

    /// "settling" on anything but a spring is refused, naming the field.
    @Test func settlingNeedsASpring() throws {
        let folder = try TemporaryFolder()
        let file = try folder.file(
            "basic.json",
            #"{"animations": [{"key": "fade", "animation": {"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": "settling"}}]}"#
        )
        let result = try AnimctlRunner.run(["eval", file, "--times", "0"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("animations[0].animation.duration"), "\(result.standardError)")
        #expect(result.standardError.contains("not a spring"), "\(result.standardError)")
    }

    /// A transform component animated directly reads the animated value: a 0 → 2π turn at 0.75 is 3π/2
    /// (4.712389), not the −1.570796 of the decomposed matrix; the same for a keyframe turn about x, and an
    /// additive turn adds to the running angle.
    @Test func transformComponentsReadTheAnimatedValue() throws {
        let folder = try TemporaryFolder()
        let file = try folder.file(
            "turns.json",
            #"""
            {"animations": [
              {"key": "turn", "animation": {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0,
                "toValue": 6.283185307179586, "duration": 1}},
              {"key": "tilt", "animation": {"type": "keyframe", "keyPath": "transform.rotation.x",
                "values": [0, 3.141592653589793, 6.283185307179586], "duration": 1}},
              {"key": "more", "animation": {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0,
                "toValue": 1, "additive": true, "duration": 1}}]}
            """#)
        let result = try AnimctlRunner.run(["eval", file, "--times", "0.75"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = EvalCommandTests.table(result.standardOutput)
        #expect(rows.first == ["time", "transform.rotation.z", "transform.rotation.x", "events"])
        #expect(rows.dropFirst().first?.prefix(3) == ["0.75", "5.462389", "4.712389"], "\(result.standardOutput)")
        let output = try evalJSON(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self), times: "0.75")
        let row = try samples(output)[0]
        #expect(abs(try number(row, "transform.rotation.z") - (1.5 * .pi + 0.75)) <= 1e-12)
        #expect(abs(try number(row, "transform.rotation.x") - 1.5 * .pi) <= 1e-12)
    }

    /// The layer's beginTime, speed and timeOffset map the given times to the layer's time:
    /// (t − 1)·2 + 0.5, so t = 2 is layer time 2.5, 5/8 of the 4 s fade.
    @Test func layerTimingIsApplied() throws {
        let output = try evalJSON(
            #"""
            {"layer": {"properties": {"beginTime": 1, "speed": 2, "timeOffset": 0.5}},
             "animations": [{"key": "fade", "animation": {"type": "basic", "keyPath": "opacity", "fromValue": 1,
               "toValue": 0, "duration": 4}}]}
            """#, times: "2,1")
        let rows = try samples(output)
        #expect(rows[0]["time"] as? Double == 2 && rows[0]["layerTime"] as? Double == 2.5)
        #expect(try number(rows[0], "opacity") == 1 - 2.5 / 4)
        #expect(rows[1]["layerTime"] as? Double == 0.5)
        #expect(try number(rows[1], "opacity") == 1 - 0.5 / 4)
    }

    /// Times in any order: rows in the order given, evaluated as if visited in time order (the group is removed
    /// at its end for every later time, its events belong to the rows that cross them in time order).
    @Test func timesInAnyOrder() throws {
        let result = try AnimctlRunner.run([
            "eval", "examples/seed002-group.json", "--times", "1,0,0.5,2", "--key-path", "opacity",
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(
            EvalCommandTests.table(result.standardOutput).dropFirst() == [
                ["1", "1", "didStop(nil, finished) at 1"], ["0", "1", "didStart(nil) at 0"], ["0.5", "0.55"],
                ["2", "1"],
            ])
    }
}
