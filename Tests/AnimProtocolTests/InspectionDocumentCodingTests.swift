import AnimCore
import AnimProtocol
import Foundation
import Testing

/// The inspection documents' keys are one contract between the server that writes them and every reader: a key
/// renamed on one side only fails the reader (an error, or a document that no longer encodes back to what was
/// read), never a silent default.
@Suite struct InspectionDocumentCodingTests {
    /// A document's JSON text and how to read it and write it back.
    struct Sample {
        var name: String
        var json: String
        var reencode: (String) throws -> String

        init<Document: Codable>(_ name: String, _ json: String, as type: Document.Type) {
            self.name = name
            self.json = json
            reencode = { try InspectionJSON.text(try InspectionJSON.decode(type, from: $0)) }
        }

        init<Document: Codable>(_ name: String, _ document: Document) throws {
            self.init(name, try InspectionJSON.text(document), as: Document.self)
        }
    }

    /// The documents a real daemon wrote for the demo scene (IntegrationTests' goldens).
    static func daemonSamples() throws -> [Sample] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("IntegrationTests/Goldens/inspection")
        func text(_ name: String) throws -> String {
            var text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            if text.hasSuffix("\n") { text.removeLast() }
            return text
        }
        return [
            Sample("tree", try text("tree.json"), as: InspectionDocuments.Tree.self),
            Sample("layer", try text("layer-presentation.json"), as: InspectionDocuments.Layer.self),
            Sample("animations", try text("animations.json"), as: Array<InspectionDocuments.Animation>.self),
            Sample("outputs", try text("outputs.json"), as: Array<InspectionDocuments.OutputEntry>.self),
        ]
    }

    /// Documents with every key the demo scene leaves out or null: a display output's pacing and session, a
    /// client the kernel told nothing about, an animation without a key, a DRM connector.
    static func constructedSamples() throws -> [Sample] {
        let output = InspectionDocuments.Output(
            width: 1920, height: 1080, refresh: 59.94, renderer: "gles", device: "Mesa", reason: "--renderer gles",
            maxTextureSize: 8192, framesDrawn: 10, framesSkipped: 1, framesUnchanged: 2, renderFailures: 0,
            screenshots: 3, renderTime: InspectionDocuments.RenderTime(last: 1.5, p50: 1.25, p99: 2),
            pixelsRedrawn: 100, tilesRastered: 4, tilesCached: 5, tileCacheBytes: 6,
            pacing: InspectionDocuments.Pacing(
                framesPresented: 9, missedVblanks: 1, sharedVblanks: 0, hitchRatio: 0.5, measuredRefresh: 59.9,
                commitToPhotonBoundsMs: [8, 16, 33], commitToPhotonCounts: [1, 2, 3, 4], commitToPhotonMaxMs: 40),
            session: InspectionDocuments.Session(kind: "libseat", backend: "seatd", seat: "seat0", reason: "auto"))
        func status(_ output: InspectionDocuments.Output?) -> InspectionDocuments.Status {
            InspectionDocuments.Status(
                uptime: 12.5, clients: 2, layers: 3, animations: 4, frames: 5,
                frameTime: InspectionDocuments.FrameTime(p50: 0.25, p99: 0.5, max: 0.75),
                memory: InspectionDocuments.Memory(rss: 1000, trims: 1, returnedBytes: 200), images: 1,
                imageBytes: 40000, openFDs: 15, output: output)
        }
        var software = output
        software.maxTextureSize = nil
        software.pacing = nil
        software.session = nil
        let leaf = InspectionDocuments.TreeLayer(id: 2, class: "CALayer", properties: [:], sublayers: [])
        return [
            try Sample(
                "tree",
                InspectionDocuments.Tree(
                    session: 1, presentation: true,
                    roots: [InspectionDocuments.TreeLayer(id: 1, class: "CALayer", properties: [:], sublayers: [leaf])])
            ),
            try Sample(
                "layer",
                InspectionDocuments.Layer(session: 1, id: 2, class: "CALayer", properties: [:], animations: ["a", nil])),
            try Sample("status with a display", status(output)),
            try Sample("status with the software renderer", status(software)),
            try Sample("status without an output", status(nil)),
            try Sample(
                "clients",
                [
                    InspectionDocuments.Client(
                        session: 1, name: "app", pid: nil, uid: nil, version: 3, acknowledgesCommits: false, layers: 1,
                        animations: 0),
                    InspectionDocuments.Client(
                        session: 2, name: "animctl", pid: 42, uid: 1000, version: 1, acknowledgesCommits: true,
                        layers: 0, animations: 0),
                ]),
            try Sample(
                "animations",
                [
                    InspectionDocuments.Animation(
                        session: 1, layer: 2, id: 3, key: nil, class: "CASpringAnimation", beginTime: 0.5, duration: 1)
                ]),
            try Sample(
                "outputs",
                [
                    InspectionDocuments.OutputEntry(
                        name: "DP-1", device: "/dev/dri/card0", x: 0, y: 0, width: 1024, height: 768,
                        mode: "1024x768@60.0", modes: ["1024x768@60.0", "800x600@75.0"], rotation: 90,
                        rotatedBy: "plane", power: "on", modesetting: "atomic")
                ]),
        ]
    }

    /// Every `"key":` of a JSON text, as the range of its name.
    static func keyRanges(in json: String) -> [Range<String.Index>] {
        let pattern = /"([A-Za-z0-9_.]+)":/
        return json.matches(of: pattern).map { $0.output.1.startIndex..<$0.output.1.endIndex }
    }

    /// protocol/README.md's shapes of the documents name exactly the keys the types write.
    @Test func theProtocolReadmeNamesExactlyTheKeysTheDocumentsHave() throws {
        let readme = try ProtocolReadmeTests.readme()
        let start = try #require(readme.range(of: "`InspectRequest {request, query}`"))
        let end = try #require(readme.range(of: "`OutputControl {request, output, action}` →"))
        let documented = Set(
            readme[start.upperBound..<end.lowerBound].matches(of: /"([A-Za-z0-9]+)":/).map { String($0.output.1) })
        var written: Set<String> = []
        for sample in try Self.constructedSamples() {
            written.formUnion(Self.keyRanges(in: sample.json).map { String(sample.json[$0]) })
        }
        #expect(documented.subtracting(written).sorted() == [], "documented, not written")
        #expect(written.subtracting(documented).sorted() == [], "written, not documented")
    }

    @Test func everyDocumentRoundTripsToItsOwnBytes() throws {
        for sample in try Self.daemonSamples() + Self.constructedSamples() {
            #expect(try sample.reencode(sample.json) == sample.json, "\(sample.name)")
        }
    }

    @Test func renamingAnyOneKeyOnOneSideFailsTheReader() throws {
        var renamed = 0
        for sample in try Self.daemonSamples() + Self.constructedSamples() {
            let ranges = Self.keyRanges(in: sample.json)
            #expect(!ranges.isEmpty, "\(sample.name)")
            for range in ranges {
                var json = sample.json
                let key = String(json[range])
                json.replaceSubrange(range, with: key + "_renamed")
                let written = try? sample.reencode(json)
                #expect(written != sample.json, "\(sample.name): '\(key)' renamed passed unnoticed")
                renamed += 1
            }
        }
        // The demo tree alone names each property of its layers.
        #expect(renamed > 300)
    }

    /// A tree layer read with AnimCore's own reader for every property value (`PropertyValue.decode(from:as:)`).
    struct AnimCoreLayer: Decodable {
        struct Name: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        var id: UInt32
        var properties: [String: PropertyValue] = [:]
        var sublayers: [AnimCoreLayer]

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Name.self)
            id = try c.decode(UInt32.self, forKey: Name(stringValue: "id"))
            let name = try c.decode(String.self, forKey: Name(stringValue: "class"))
            let layerClass = try #require(LayerClass(rawValue: name))
            let object = try c.nestedContainer(keyedBy: Name.self, forKey: Name(stringValue: "properties"))
            for key in object.allKeys {
                let kind = try #require(LayerProperty.named(key.stringValue, on: layerClass)).valueKind
                properties[key.stringValue] = try PropertyValue.decode(from: object.superDecoder(forKey: key), as: kind)
            }
            sublayers = try c.decode([AnimCoreLayer].self, forKey: Name(stringValue: "sublayers"))
        }

        /// Whether `layer` holds the same ids and values, sublayers included.
        func matches(_ layer: InspectionDocuments.TreeLayer) -> Bool {
            id == layer.id && properties == layer.properties && sublayers.count == layer.sublayers.count
                && zip(sublayers, layer.sublayers).allSatisfy { $0.matches($1) }
        }
    }

    struct AnimCoreTree: Decodable {
        var roots: [AnimCoreLayer]
    }

    /// The documents read each property value as AnimCore's own reader reads the same bytes: every value of the
    /// demo's model and presentation trees, hex and array colours, ids, nulls and paths.
    @Test func everyPropertyValueIsWhatAnimCoresReaderReads() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("IntegrationTests/Goldens/inspection")
        for name in ["tree.json", "tree-presentation.json"] {
            let json = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let tree = try InspectionJSON.decode(InspectionDocuments.Tree.self, from: json)
            let reference = try InspectionJSON.decode(AnimCoreTree.self, from: json)
            #expect(reference.roots.count == tree.roots.count, "\(name)")
            #expect(zip(reference.roots, tree.roots).allSatisfy { $0.matches($1) }, "\(name)")
            #expect(reference.roots.first?.properties.count ?? 0 > 40, "\(name)")
        }
    }

    /// A property's key path decides its kind (a point and a size are both `[a, b]`): a key path the layer's class
    /// does not have, or a value of the wrong kind, is an error naming it.
    @Test func aLayerPropertyIsReadWithItsKindAndAnUnknownKeyPathIsNamed() throws {
        let json =
            ##"{"animations":[],"class":"CAShapeLayer","id":2,"properties":{"bounds":[0,0,10,20],"fillColor":"#ff0000","##
            + #""path":"M 0 0 L 10 0 Z","position":[1,2]},"session":1}"#
        let layer = try InspectionJSON.decode(InspectionDocuments.Layer.self, from: json)
        #expect(layer.properties["bounds"] == .rect(Rect(x: 0, y: 0, width: 10, height: 20)))
        #expect(layer.properties["position"] == .point(Point(x: 1, y: 2)))
        #expect(layer.properties["fillColor"] == .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(layer.properties["path"] == .path(try BezierPath(pathData: "M 0 0 L 10 0 Z")))
        // The other forms AnimCore reads (docs/json-format.md) are read too, though the server writes arrays.
        let objects = try InspectionJSON.decode(
            InspectionDocuments.Layer.self,
            from: json.replacingOccurrences(of: "[1,2]", with: #"{"x":1,"y":2}"#)
                .replacingOccurrences(of: ##""#ff0000""##, with: "[1,0,0]"))
        #expect(objects == layer)

        func failure(_ json: String) -> String {
            do {
                _ = try InspectionJSON.decode(InspectionDocuments.Layer.self, from: json)
                return "decoded"
            } catch let error as DecodingError {
                return error.pathAndReason
            } catch {
                return "\(error)"
            }
        }
        let unknown = failure(json.replacingOccurrences(of: "CAShapeLayer", with: "CALayer"))
        #expect(
            (unknown.contains("'fillColor'") || unknown.contains("'path'")) && unknown.contains("CALayer"), "\(unknown)"
        )
        let wrongKind = failure(json.replacingOccurrences(of: "[0,0,10,20]", with: "[0,0]"))
        #expect(wrongKind.contains("properties.bounds"), "\(wrongKind)")
        let unknownClass = failure(json.replacingOccurrences(of: "CAShapeLayer", with: "CAVideoLayer"))
        #expect(unknownClass.contains("CAVideoLayer"), "\(unknownClass)")
    }
}
