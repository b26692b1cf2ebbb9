import AnimCore
import AnimProtocol
import Foundation
import Testing

@testable import AnimServer

@Suite("Inspection")
struct InspectionTests {
    static func inspect(_ h: ServerHarness, _ query: WireInspectQuery, from s: SessionID) throws -> Any {
        let replies = h.send(.inspectRequest(InspectRequest(request: 11, query: query)), from: s)
        guard case .inspectReply(let reply) = try #require(replies.first) else {
            Issue.record("expected InspectReply, got \(replies)")
            throw ServerHarness.HarnessError.unexpected
        }
        #expect(reply.request == 11)
        return try JSONSerialization.jsonObject(with: Data(reply.json.utf8))
    }

    static func scene(_ h: ServerHarness) throws -> SessionID {
        let s = try h.connect(name: "scene")
        h.commit(
            [
                W.create(1), W.create(2, .shape), W.insert(2, into: 1), W.set(2, "opacity", .number(0.5)),
                W.add(W.basic("opacity", from: .number(0), to: .number(1), duration: 2), to: 2, id: 33, key: "fade"),
                W.add(W.basic("position.x", from: .number(0), to: .number(1), begin: 4), to: 2, id: 34, key: nil),
            ], from: s)
        return s
    }

    /// protocol/README.md: a colour is hex exactly when each component is a multiple of 1/255 in 0…1, colour by
    /// colour, else the array of its components; the presentation of an animated colour follows the same rule.
    @Test func coloursAreHexExactlyWhenEveryComponentIsAMultipleOfOne255th() throws {
        let h = ServerHarness()
        let s = try h.connect()
        func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> WireColor {
            WireColor(red: r, green: g, blue: b, alpha: a)
        }
        h.commit(
            [
                W.create(1), W.set(1, "backgroundColor", .color(color(1, 0, 0, 1))),
                W.set(1, "borderColor", .color(color(51.0 / 255, 102.0 / 255, 153.0 / 255, 128.0 / 255))),
                W.set(1, "shadowColor", .color(color(0.5, 0, 0, 1))),
                W.create(2, .gradient),
                W.set(2, "colors", .colors([color(0, 0, 1, 1), color(0, 0, 0.3, 1), color(1.5, 0, 0, 1)])),
                W.add(
                    W.basic(
                        "backgroundColor", from: .color(color(0, 0, 0, 1)), to: .color(color(1, 1, 1, 1)), duration: 2),
                    to: 2, id: 1, key: "fade"),
            ], from: s)
        let model = try #require(
            try Self.inspect(h, .layer(WireInspectLayer(client: 0, layer: 1, presentation: false)), from: s)
                as? [String: Any])
        let properties = try #require(model["properties"] as? [String: Any])
        #expect(properties["backgroundColor"] as? String == "#ff0000")
        #expect(properties["borderColor"] as? String == "#33669980")
        #expect(properties["shadowColor"] as? [Double] == [0.5, 0, 0, 1])
        try h.frame(at: 1)
        let gradient = try #require(
            try Self.inspect(h, .layer(WireInspectLayer(client: 0, layer: 2, presentation: true)), from: s)
                as? [String: Any])
        let gradientProperties = try #require(gradient["properties"] as? [String: Any])
        let colors = try #require(gradientProperties["colors"] as? [Any])
        #expect(colors.first as? String == "#0000ff")
        #expect(colors.dropFirst().first as? [Double] == [0, 0, 0.3, 1])
        #expect(colors.last as? [Double] == [1.5, 0, 0, 1])
        // Halfway through black → white (0.5 each) is no multiple of 1/255: an array.
        #expect(gradientProperties["backgroundColor"] as? [Double] == [0.5, 0.5, 0.5, 1])
    }

    @Test func statusHoldsTheCounters() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        try h.frame(at: 0.5)
        let status = try #require(try Self.inspect(h, .status, from: s) as? [String: Any])
        #expect(status["clients"] as? Int == 1)
        #expect(status["layers"] as? Int == 2)
        #expect(status["animations"] as? Int == 2)
        #expect(status["frames"] as? Int == 1)
        #expect(status["images"] as? Int == 0)
        let frameTime = try #require(status["frameTime"] as? [String: Any])
        #expect((frameTime["p50"] as? Double ?? -1) >= 0)
        #expect((frameTime["max"] as? Double ?? -1) >= (frameTime["p50"] as? Double ?? 0))
        let memory = try #require(status["memory"] as? [String: Any])
        #expect((memory["rss"] as? Int ?? 0) > 0)
        #expect((status["openFDs"] as? Int ?? 0) > 0)
        #expect((status["uptime"] as? Double ?? -1) >= 0)
    }

    @Test func clientsTreeLayerAndAnimations() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        let clients = try #require(try Self.inspect(h, .clients, from: s) as? [[String: Any]])
        #expect(clients.count == 1)
        #expect(clients.first?["name"] as? String == "scene")
        #expect(clients.first?["session"] as? Int == 1)
        #expect(clients.first?["pid"] as? Int == 4242)
        #expect(clients.first?["uid"] as? Int == 1000)
        #expect(clients.first?["layers"] as? Int == 2)
        #expect(clients.first?["animations"] as? Int == 2)

        try h.clock.set(0.5)
        let model = try #require(
            try Self.inspect(h, .tree(WireInspectTree(client: 0, presentation: false)), from: s) as? [String: Any])
        #expect(model["session"] as? Int == 1)
        let roots = try #require(model["roots"] as? [[String: Any]])
        #expect(roots.count == 1)
        #expect(roots.first?["id"] as? Int == 1)
        #expect(roots.first?["class"] as? String == "CALayer")
        let sub = try #require((roots.first?["sublayers"] as? [[String: Any]])?.first)
        #expect(sub["class"] as? String == "CAShapeLayer")
        #expect((sub["properties"] as? [String: Any])?["opacity"] as? Double == 0.5)
        #expect((sub["properties"] as? [String: Any])?["position"] as? [Double] == [0, 0])
        let presented = try #require(
            try Self.inspect(h, .tree(WireInspectTree(client: 1, presentation: true)), from: s) as? [String: Any])
        let presentedSub = try #require(
            ((presented["roots"] as? [[String: Any]])?.first?["sublayers"] as? [[String: Any]])?.first)
        #expect((presentedSub["properties"] as? [String: Any])?["opacity"] as? Double == 0.25)

        let layer = try #require(
            try Self.inspect(h, .layer(WireInspectLayer(client: 0, layer: 2, presentation: false)), from: s)
                as? [String: Any])
        #expect(layer["id"] as? Int == 2)
        let keys = try #require(layer["animations"] as? [Any])
        #expect(keys.count == 2)
        #expect(keys.first as? String == "fade")
        #expect(keys.last is NSNull)
        #expect((layer["properties"] as? [String: Any])?["lineWidth"] as? Double == 1)

        let animations = try #require(try Self.inspect(h, .animations(0), from: s) as? [[String: Any]])
        #expect(animations.count == 2)
        #expect(animations.last?["id"] as? Int == 34)
        #expect(animations.last?["key"] is NSNull)
        #expect(animations.last?["beginTime"] as? Double == 4)
        #expect(animations.first?["id"] as? Int == 33)
        #expect(animations.first?["layer"] as? Int == 2)
        #expect(animations.first?["key"] as? String == "fade")
        #expect(animations.first?["class"] as? String == "CABasicAnimation")
        #expect(animations.first?["beginTime"] as? Double == 0)
        #expect(animations.first?["duration"] as? Double == 2)
    }

    @Test func inspectionIsRefusedToOtherUsersAndUnknownClients() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        let stranger = try h.connect(uid: 1234)
        let denied = h.send(.inspectRequest(InspectRequest(request: 3, query: .status)), from: stranger)
        #expect(denied.errorReports.first?.code == WireErrorCode.permissionDenied.rawValue)
        #expect(denied.errorReports.first?.fatal == false)
        let unknown = h.send(.inspectRequest(InspectRequest(request: 4, query: .animations(99))), from: s)
        #expect(unknown.errorReports.first?.code == WireErrorCode.unknownClient.rawValue)
        #expect(unknown.errorReports.first?.value == "99")
        let noLayer = h.send(
            .inspectRequest(
                InspectRequest(request: 5, query: .layer(WireInspectLayer(client: 0, layer: 9, presentation: false)))),
            from: s)
        #expect(noLayer.errorReports.first?.code == WireErrorCode.unknownLayer.rawValue)
        // Root may inspect another user's client.
        let root = try h.connect(uid: 0)
        let other = try #require(
            try Self.inspect(h, .tree(WireInspectTree(client: s.rawValue, presentation: false)), from: root)
                as? [String: Any])
        #expect((other["roots"] as? [[String: Any]])?.count == 1)
    }
}
