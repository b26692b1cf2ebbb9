import AnimKit
import AnimProtocol
import AnimTestSupport
import Foundation
import Glibc
import Testing

/// The inspection documents of a real daemon decode into AnimProtocol's `InspectionDocuments` and encode back to the
/// same bytes; on the demo client's scene they are the bytes the server wrote before the documents became shared
/// types, and `animctl` prints the same text (`Goldens/inspection/`, written by the server and animctl of commit
/// 9bd447b on the same scene: a manual clock at 0.5 s, the software renderer, 320x240, `animdemo --scale 0.5` as
/// session 2).
@Suite struct InspectionDocumentTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens/inspection")

    /// `ANIMSERVER_RECORD_GOLDENS=1` rewrites the goldens from this daemon and animctl (after a change to the
    /// documents that is meant, such as a new layer property).
    static let recording = ProcessInfo.processInfo.environment["ANIMSERVER_RECORD_GOLDENS"] == "1"

    static func golden(_ name: String) throws -> String {
        try String(contentsOf: goldens.appendingPathComponent(name), encoding: .utf8)
    }

    /// A golden of the demo client, whose session is 2 in the goldens, for the demo as `session` (how many
    /// connections the harness opened before it is the harness's business; a one-digit session keeps the columns).
    static func golden(_ name: String, session: UInt32) throws -> String {
        renumber(try golden(name), name, from: 2, to: session)
    }

    /// Writes `text`, the demo's as `session`, as the golden `name`.
    static func record(_ text: String, _ name: String, session: UInt32) throws {
        try renumber(text, name, from: session, to: 2).write(
            to: goldens.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// `text` (golden `name`) with the demo's session `old` written as `new`.
    static func renumber(_ text: String, _ name: String, from old: UInt32, to new: UInt32) -> String {
        guard old != new else { return text }
        if name.hasSuffix(".json") {
            return text.replacingOccurrences(of: #""session":\#(old)"#, with: #""session":\#(new)"#)
        }
        if name == "animations.text" {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("\(old) ") ? "\(new)" + line.dropFirst() : String(line)
            }.joined(separator: "\n")
        }
        return text.replacingOccurrences(of: "session \(old)", with: "session \(new)")
    }

    /// The daemon with an observer and the demo scene, and the demo's session.
    static func demoScene() throws -> (DaemonHarness, Connection, Process, UInt32) {
        let daemon = try DaemonHarness(size: "320x240")
        let observer = try connectClient(daemon, name: "observer")
        let demo = Process()
        demo.executableURL = BuiltProgram.url("animdemo")
        demo.arguments = ["--socket", daemon.socketPath, "--scale", "0.5", "--timeout", "60"]
        demo.standardOutput = FileHandle.nullDevice
        demo.standardError = FileHandle.nullDevice
        try demo.run()
        #expect(try eventually(timeout: 30) { try serverStatus(observer).layers == 3 })
        try moveClock(observer, to: 0.5)
        let session = try #require(try observer.inspectClients().first { $0.name == "animdemo" }?.session)
        try #require(session < 10)
        return (daemon, observer, demo, session)
    }

    /// `json` decodes as `Document` and encodes back to exactly `json`.
    @discardableResult
    static func roundTrip<Document: Codable & Equatable>(
        _ json: String, as type: Document.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Document {
        let document = try InspectionJSON.decode(type, from: json)
        #expect(try InspectionJSON.text(document) == json, sourceLocation: sourceLocation)
        return document
    }

    @Test func everyDocumentOfTheDemoSceneKeepsItsBytesRoundTripsAndPrintsTheSameText() throws {
        let (daemon, observer, demo, session) = try Self.demoScene()
        defer { if demo.isRunning { kill(demo.processIdentifier, SIGKILL) } }
        let client = "\(session)"

        func check<Document: Codable & Equatable>(
            _ query: WireInspectQuery, _ name: String, as type: Document.Type, animctl arguments: [String],
            typed: () throws -> Document
        ) throws {
            let json = try observer.inspect(query)
            let text = try daemon.animctl(arguments)
            #expect(text.status == 0, "\(text.standardError)")
            if Self.recording {
                try Self.record(json + "\n", "\(name).json", session: session)
                try Self.record(text.standardOutput, "\(name).text", session: session)
            }
            #expect(
                json + "\n" == (try Self.golden("\(name).json", session: session)),
                "\(name): the server's bytes changed (ANIMSERVER_RECORD_GOLDENS=1 rewrites the goldens)")
            let document = try Self.roundTrip(json, as: type)
            #expect(try typed() == document, "\(name): the SDK's typed inspection")
            #expect(
                text.standardOutput == (try Self.golden("\(name).text", session: session)),
                "\(name): animctl's text changed")
        }
        try check(
            .tree(WireInspectTree(client: session, presentation: false)), "tree", as: InspectionDocuments.Tree.self,
            animctl: ["tree", "--client", client]
        ) { try observer.inspectTree(client: session) }
        try check(
            .tree(WireInspectTree(client: session, presentation: true)), "tree-presentation",
            as: InspectionDocuments.Tree.self, animctl: ["tree", "--client", client, "--presentation"]
        ) { try observer.inspectTree(client: session, presentation: true) }
        try check(
            .layer(WireInspectLayer(client: session, layer: 2, presentation: false)), "layer",
            as: InspectionDocuments.Layer.self, animctl: ["layer", "2", "--client", client]
        ) { try observer.inspectLayer(2, client: session) }
        try check(
            .layer(WireInspectLayer(client: session, layer: 2, presentation: true)), "layer-presentation",
            as: InspectionDocuments.Layer.self, animctl: ["layer", "2", "--client", client, "--presentation"]
        ) { try observer.inspectLayer(2, client: session, presentation: true) }
        try check(
            .animations(session), "animations", as: Array<InspectionDocuments.Animation>.self,
            animctl: ["animations", "--client", client]
        ) { try observer.inspectAnimations(client: session) }
        try check(.outputs, "outputs", as: Array<InspectionDocuments.OutputEntry>.self, animctl: ["output"]) {
            try observer.inspectOutputs()
        }
    }

    /// Status and clients hold live figures (uptime, pids, memory): they round-trip, and animctl prints the same lines.
    @Test func statusAndClientsRoundTripAndStatusPrintsTheSameLines() throws {
        let (daemon, observer, demo, _) = try Self.demoScene()
        defer { if demo.isRunning { kill(demo.processIdentifier, SIGKILL) } }

        let status = try Self.roundTrip(try observer.inspect(.status), as: InspectionDocuments.Status.self)
        #expect(status.layers == 3 && status.images == 1 && status.animations == 2)
        #expect(status.output?.width == 320 && status.output?.maxTextureSize == nil)
        let typedStatus = try observer.inspectStatus()
        #expect(typedStatus.layers == 3 && typedStatus.output?.renderer == "software")
        let text = try daemon.animctl(["status"])
        let keys = text.standardOutput.split(separator: "\n").map { $0.prefix { $0 != ":" } }
        if Self.recording { try Self.record(keys.joined(separator: "\n") + "\n", "status-keys.text", session: 2) }
        #expect(keys.joined(separator: "\n") + "\n" == (try Self.golden("status-keys.text")))

        let clients = try Self.roundTrip(try observer.inspect(.clients), as: Array<InspectionDocuments.Client>.self)
        #expect(clients.map(\.name) == ["observer", "animdemo"])
        #expect(clients.last?.layers == 3 && clients.last?.animations == 2)
        #expect(try observer.inspectClients() == clients)
    }

    /// A document that does not fit its type is the SDK's `unexpectedReply` naming the JSON path, not a crash or a
    /// default.
    @Test func aDocumentOfAnotherTypeIsAnUnexpectedReplyNamingThePath() throws {
        let daemon = try DaemonHarness()
        let observer = try connectClient(daemon, name: "observer")
        #expect {
            _ = try observer.inspect(.outputs, as: InspectionDocuments.Status.self)
        } throws: { error in
            guard case AnimKitError.unexpectedReply(let text) = error else { return false }
            return text.contains("is no Status document")
        }
    }
}
