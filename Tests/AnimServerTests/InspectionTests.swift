import AnimCore
import AnimProtocol
import Foundation
import Testing

@testable import AnimServer

@Suite("Inspection")
struct InspectionTests {
    /// The JSON text of the InspectReply answering `query`.
    static func inspect(_ h: ServerHarness, _ query: WireInspectQuery, from s: SessionID) throws -> String {
        let replies = h.send(.inspectRequest(InspectRequest(request: 11, query: query)), from: s)
        guard case .inspectReply(let reply) = try #require(replies.first) else {
            Issue.record("expected InspectReply, got \(replies)")
            throw ServerHarness.HarnessError.unexpected
        }
        #expect(reply.request == 11)
        return reply.json
    }

    /// The document answering `query`, decoded as `type`.
    static func inspect<Document: Decodable>(
        _ h: ServerHarness, _ query: WireInspectQuery, from s: SessionID, as type: Document.Type
    ) throws -> Document {
        try InspectionJSON.decode(type, from: try inspect(h, query, from: s))
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
        func value(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> PropertyValue {
            .color(Color(wire: color(r, g, b, a)))
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
        let modelJSON = try Self.inspect(h, .layer(WireInspectLayer(client: 0, layer: 1, presentation: false)), from: s)
        let properties = try InspectionJSON.decode(InspectionDocuments.Layer.self, from: modelJSON).properties
        #expect(modelJSON.contains(##""backgroundColor":"#ff0000""##))
        #expect(properties["backgroundColor"] == value(1, 0, 0, 1))
        #expect(modelJSON.contains(##""borderColor":"#33669980""##))
        #expect(properties["borderColor"] == value(51.0 / 255, 102.0 / 255, 153.0 / 255, 128.0 / 255))
        #expect(modelJSON.contains(#""shadowColor":[0.5,0,0,1]"#))
        #expect(properties["shadowColor"] == value(0.5, 0, 0, 1))
        try h.frame(at: 1)
        let gradientJSON = try Self.inspect(
            h, .layer(WireInspectLayer(client: 0, layer: 2, presentation: true)), from: s)
        let gradientProperties = try InspectionJSON.decode(InspectionDocuments.Layer.self, from: gradientJSON)
            .properties
        #expect(gradientJSON.contains(##""colors":["#0000ff",[0,0,0.3,1],[1.5,0,0,1]]"##))
        #expect(
            gradientProperties["colors"]
                == .colors([color(0, 0, 1, 1), color(0, 0, 0.3, 1), color(1.5, 0, 0, 1)].map(Color.init(wire:))))
        // Halfway through black → white (0.5 each) is no multiple of 1/255: an array.
        #expect(gradientJSON.contains(#""backgroundColor":[0.5,0.5,0.5,1]"#))
        #expect(gradientProperties["backgroundColor"] == value(0.5, 0.5, 0.5, 1))
    }

    @Test func statusHoldsTheCounters() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        try h.frame(at: 0.5)
        let status = try Self.inspect(h, .status, from: s, as: InspectionDocuments.Status.self)
        #expect(status.clients == 1)
        #expect(status.layers == 2)
        #expect(status.animations == 2)
        #expect(status.frames == 1)
        #expect(status.images == 0)
        #expect(status.frameTime.p50 >= 0)
        #expect(status.frameTime.max >= status.frameTime.p50)
        #expect(status.memory.rss > 0)
        #expect(status.openFDs > 0)
        #expect(status.uptime >= 0)
    }

    @Test func clientsTreeLayerAndAnimations() throws {
        let h = ServerHarness()
        let s = try Self.scene(h)
        let clients = try Self.inspect(h, .clients, from: s, as: Array<InspectionDocuments.Client>.self)
        #expect(clients.count == 1)
        #expect(clients.first?.name == "scene")
        #expect(clients.first?.session == 1)
        #expect(clients.first?.pid == 4242)
        #expect(clients.first?.uid == 1000)
        #expect(clients.first?.layers == 2)
        #expect(clients.first?.animations == 2)

        try h.clock.set(0.5)
        let model = try Self.inspect(
            h, .tree(WireInspectTree(client: 0, presentation: false)), from: s, as: InspectionDocuments.Tree.self)
        #expect(model.session == 1)
        #expect(model.roots.count == 1)
        #expect(model.roots.first?.id == 1)
        #expect(model.roots.first?.class == "CALayer")
        let sub = try #require(model.roots.first?.sublayers.first)
        #expect(sub.class == "CAShapeLayer")
        #expect(sub.properties["opacity"] == .number(0.5))
        #expect(sub.properties["position"] == .point(Point(x: 0, y: 0)))
        let presented = try Self.inspect(
            h, .tree(WireInspectTree(client: 1, presentation: true)), from: s, as: InspectionDocuments.Tree.self)
        let presentedSub = try #require(presented.roots.first?.sublayers.first)
        #expect(presentedSub.properties["opacity"] == .number(0.25))

        let layer = try Self.inspect(
            h, .layer(WireInspectLayer(client: 0, layer: 2, presentation: false)), from: s,
            as: InspectionDocuments.Layer.self)
        #expect(layer.id == 2)
        #expect(layer.animations == ["fade", nil])
        #expect(layer.properties["lineWidth"] == .number(1))

        let animations = try Self.inspect(h, .animations(0), from: s, as: Array<InspectionDocuments.Animation>.self)
        #expect(animations.count == 2)
        #expect(animations.last?.id == 34)
        #expect(animations.last.map { $0.key == nil } == true)
        #expect(animations.last?.beginTime == 4)
        #expect(animations.first?.id == 33)
        #expect(animations.first?.layer == 2)
        #expect(animations.first?.key == "fade")
        #expect(animations.first?.class == "CABasicAnimation")
        #expect(animations.first?.beginTime == 0)
        #expect(animations.first?.duration == 2)
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
        let other = try Self.inspect(
            h, .tree(WireInspectTree(client: s.rawValue, presentation: false)), from: root,
            as: InspectionDocuments.Tree.self)
        #expect(other.roots.count == 1)
    }
}
