import AnimKit
import AnimTestSupport
import Foundation
import Testing

/// `animctl` against a running daemon, as a user runs it: the built binary, its output checked.
@Suite struct AnimctlServerCommandTests {
    /// A daemon with one client holding a root layer with one sublayer, animated under "fade".
    private func scene() throws -> (DaemonHarness, Connection, AnimKit.Layer) {
        let daemon = try DaemonHarness()
        let client = try connectClient(daemon, name: "scene")
        Transaction.begin()
        let root = AnimKit.Layer(connection: client)
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let child = AnimKit.Layer(connection: client)
        child.opacity = 0.5
        try root.addSublayer(child)
        let fade = AnimKit.BasicAnimation(keyPath: "opacity", from: .number(0), to: .number(1))
        fade.duration = 4
        fade.timingFunction = .linear
        try child.add(fade, forKey: "fade")
        Transaction.commit()
        try client.sync()
        return (daemon, client, child)
    }

    @Test func statusAndClientsReportTheScene() throws {
        let (daemon, client, _) = try scene()
        let status = try daemon.animctl(["status", "--json"])
        #expect(status.status == 0, "\(status.standardError)")
        let json = try InspectionJSON.decode(InspectionDocuments.Status.self, from: status.standardOutput)
        #expect(json.layers == 2)
        #expect(json.animations == 1)
        #expect(json.clients == 2)  // the scene and animctl itself
        #expect(json.frames >= 1)

        let text = try daemon.animctl(["status"])
        #expect(text.standardOutput.contains("layers: 2\n"))
        #expect(text.standardOutput.contains("animations: 1\n"))

        let clients = try daemon.animctl(["clients"])
        #expect(clients.status == 0)
        let lines = clients.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("session  name") == true)
        let row = try #require(lines.first { $0.contains(" scene ") })
        #expect(row.hasPrefix("\(client.session) "))
        #expect(row.split(separator: " ").suffix(2) == ["2", "1"])
    }

    @Test func treeLayerAndAnimationsShowModelAndPresentation() throws {
        let (daemon, client, child) = try scene()
        _ = try client.clock(.set(1))
        let session = "\(client.session)"

        let tree = try daemon.animctl(["tree", "--client", session])
        #expect(tree.status == 0, "\(tree.standardError)")
        #expect(tree.standardOutput.hasPrefix("session \(session) (model)\n  layer 1 (CALayer)\n"))
        #expect(tree.standardOutput.contains("    layer 2 (CALayer)\n"))
        #expect(tree.standardOutput.contains("  bounds = [0, 0, 200, 100]\n"))

        let model = try daemon.animctl(["layer", "\(child.id.rawValue)", "--client", session])
        #expect(model.standardOutput.contains("  opacity = 0.5\n"))
        #expect(model.standardOutput.contains("  animations: [fade]"))
        let presented = try daemon.animctl(["layer", "\(child.id.rawValue)", "--client", session, "--presentation"])
        #expect(presented.standardOutput.contains("  opacity = 0.25\n"), "\(presented.standardOutput)")

        let animations = try daemon.animctl(["animations", "--client", session, "--json"])
        let list = try InspectionJSON.decode(Array<InspectionDocuments.Animation>.self, from: animations.standardOutput)
        #expect(list.count == 1)
        #expect(list.first?.key == "fade")
        #expect(list.first?.class == "CABasicAnimation")
        #expect(list.first?.duration == 4)

        let unknown = try daemon.animctl(["layer", "99", "--client", session])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("layer#99") || unknown.standardError.contains("99"))
    }

    @Test func clockCommandsSteerTheManualClock() throws {
        let (daemon, _, child) = try scene()
        let shown = try daemon.animctl(["clock"])
        #expect(shown.standardOutput == "clock manual: time 0.0 s, running, rate 1.0\n")
        #expect(try daemon.animctl(["clock", "set", "2"]).standardOutput.contains("time 2.0 s"))
        #expect(abs(try child.presentation().opacity - 0.5) < 1e-9)
        #expect(try daemon.animctl(["clock", "advance", "1"]).standardOutput.contains("time 3.0 s"))
        #expect(abs(try child.presentation().opacity - 0.75) < 1e-9)
        #expect(try daemon.animctl(["clock", "pause"]).standardOutput.contains("paused"))
        #expect(try daemon.animctl(["clock", "resume"]).standardOutput.contains("running"))
        let rate = try daemon.animctl(["clock", "rate", "0.25", "--json"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(rate.standardOutput.utf8)) as? [String: Any])
        #expect(json["rate"] as? Double == 0.25)
        #expect(json["mode"] as? String == "manual")

        let missing = try daemon.animctl(["clock", "set"])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("needs a value"))
    }

    @Test func aMissingServerIsAClearError() throws {
        let folder = try TemporaryFolder()
        let result = try BuiltProgram.run(
            "animctl", ["status", "--socket", folder.url.appendingPathComponent("nobody.sock").path])
        #expect(result.status != 0)
        #expect(result.standardError.contains("cannot reach animserverd"))
        #expect(result.standardError.contains("nobody.sock"))
    }
}
