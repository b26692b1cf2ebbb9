import AnimTestSupport
import AnimCore
import AnimProtocol
import Foundation
import Testing

/// The committed files in protocol/vectors and protocol/bad against the codec, and against tools/vectorgen.
@Suite struct VectorTests {
    static let protocolDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("protocol")

    /// The frame codec's fatal decode errors: every one has a file in protocol/bad. (versionMismatch and
    /// notNegotiated depend on the connection's state, not on one frame.)
    static let decodeErrors: Set<WireErrorCode> = [
        .malformedFrame, .unknownOpcode, .truncatedPayload, .trailingBytes, .invalidTag, .limitExceeded,
        .invalidUTF8, .wrongDirection, .fileDescriptorMismatch,
    ]

    struct Vector {
        var name: String
        var bytes: [UInt8]
        var text: String
    }

    static func files(in folder: String) throws -> [Vector] {
        let directory = protocolDirectory.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".bin") }.sorted()
        return try names.map { name in
            let stem = String(name.dropLast(4))
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            let text = try String(contentsOf: directory.appendingPathComponent(stem + ".txt"), encoding: .utf8)
            return Vector(name: stem, bytes: bytes, text: text)
        }
    }

    static func opcode(of bytes: [UInt8]) -> UInt16 { UInt16(bytes[4]) | UInt16(bytes[5]) << 8 }

    /// Placeholder descriptors for a message that carries some: the codec counts them and never uses them.
    static func fds(for bytes: [UInt8]) -> [Int32] {
        Array(repeating: -1, count: Message.fdCount(ofOpcode: opcode(of: bytes)))
    }

    static func decodeVectors() throws -> [(Vector, Message)] {
        try files(in: "vectors").map { vector in
            (vector, try FrameCodec.decode(vector.bytes, fds: fds(for: vector.bytes)))
        }
    }

    @Test func everyVectorDecodesToItsTextAndEncodesToItsBytes() throws {
        let vectors = try Self.decodeVectors()
        #expect(vectors.count >= Message.allOpcodes.count)
        for (vector, message) in vectors {
            #expect(message.jsonText + "\n" == vector.text, "\(vector.name)")
            #expect(FrameCodec.encode(message) == vector.bytes, "\(vector.name)")
            #expect(vector.name.contains("-\(message.name)-"), "\(vector.name) holds a \(message.name)")
        }
    }

    @Test func everyVectorTextIsStrictJSONWithoutRepeatedKeys() throws {
        for vector in try Self.files(in: "vectors") {
            do throws(StrictJSON.Failure) {
                try StrictJSON.check(vector.text)
            } catch {
                Issue.record("\(vector.name).txt: \(error)")
            }
        }
        // The checker itself refuses what it is for.
        #expect(throws: StrictJSON.Failure.self) { try StrictJSON.check(#"{"opcode": 130, "opcode": 2}"#) }
        #expect(throws: Never.self) { try StrictJSON.check(#"{"a": [1, {"a": "x\"y"}], "b": null}"#) }
    }

    @Test func everyVectorTheReadmeNamesExists() throws {
        let readme = try String(
            contentsOf: Self.protocolDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        let stems = Set(try Self.files(in: "vectors").map(\.name))
        let named = readme.matches(of: /vectors\/([0-9]{3}-[A-Za-z]+-[A-Za-z0-9-]+[A-Za-z0-9])/).map { String($0.1) }
        #expect(!named.isEmpty)
        for stem in named { #expect(stems.contains(stem), "README names vectors/\(stem), which does not exist") }
    }

    @Test func everyTruncatedVectorIsRefused() throws {
        for vector in try Self.files(in: "vectors") {
            let fds = Self.fds(for: vector.bytes)
            for count in FrameCodec.headerSize..<vector.bytes.count {
                // The length field says the truncated size, so only the payload is short.
                var bytes = Array(vector.bytes.prefix(count))
                for i in 0..<4 { bytes[i] = UInt8(truncatingIfNeeded: count >> (8 * i)) }
                do throws(ProtocolError) {
                    _ = try FrameCodec.decode(bytes, fds: fds)
                    Issue.record("\(vector.name) cut to \(count) bytes decoded")
                } catch {
                    #expect(error.code == .truncatedPayload, "\(vector.name) cut to \(count): \(error)")
                }
            }
        }
    }

    @Test func everyMessageHasAVector() throws {
        let opcodes = Set(try Self.files(in: "vectors").map { Self.opcode(of: $0.bytes) })
        #expect(opcodes == Set(Message.allOpcodes))
    }

    @Test func everyCaseOfTheClientUnionsHasAVector() throws {
        var collector = CaseCollector()
        for (_, message) in try Self.decodeVectors() { collector.message(message) }
        let spec = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.protocolDirectory.appendingPathComponent("spec.json")))
        let unions = try #require((spec as? [String: Any])?["unions"] as? [[String: Any]])
        let required = [
            "WireValue", "WireOperation", "WireAnimationKind", "WirePathElement", "WireClockAction", "WireInspectQuery",
        ]
        for name in required {
            let union = try #require(unions.first { $0["name"] as? String == name }, "\(name) is not in the spec")
            let cases = try #require(union["cases"] as? [[Any]]).compactMap { $0.first as? String }
            #expect(!cases.isEmpty)
            #expect(Set(cases).subtracting(collector.seen[name, default: []]).isEmpty, "\(name) cases without a vector")
        }
    }

    @Test func everyBadFrameFailsWithItsStatedCode() throws {
        let frames = try Self.files(in: "bad")
        var covered: Set<WireErrorCode> = []
        for frame in frames {
            let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
            try #require(lines.count == 3 && lines[2].isEmpty, "\(frame.name).txt is two lines")
            #expect(lines[1].hasSuffix("."), "\(frame.name).txt's second line is a sentence")
            let expected = try #require(Self.statedCode(String(lines[0])), "\(frame.name): \(lines[0])")
            covered.insert(expected)
            do throws(ProtocolError) {
                let message = try FrameCodec.decode(frame.bytes)
                try message.requireSentByClient()
                // A value the server refuses after decoding (not fatal): the conversion the server applies says so.
                if case .commit(let commit) = message {
                    for (i, operation) in commit.operations.enumerated() {
                        guard case .setProperty(let set) = operation else { continue }
                        do throws(ProtocolError) {
                            _ = try PropertyValue(wire: set.value)
                        } catch {
                            throw error.at("Commit.operations[\(i)].setProperty.value")
                        }
                    }
                }
                Issue.record("\(frame.name) was accepted as \(message.name)")
            } catch {
                #expect(error.code == expected, "\(frame.name): \(error)")
            }
        }
        #expect(covered.isSuperset(of: Self.decodeErrors))
    }

    /// `code: <name> (<number>)`, where name and number must agree.
    static func statedCode(_ line: String) -> WireErrorCode? {
        guard line.hasPrefix("code: "), line.hasSuffix(")"), let open = line.firstIndex(of: "(") else { return nil }
        let name = line[line.index(line.startIndex, offsetBy: 6)..<open].trimmingCharacters(in: .whitespaces)
        guard let number = UInt16(line[line.index(after: open)..<line.index(before: line.endIndex)]),
            let code = WireErrorCode(rawValue: number), code.name == name
        else { return nil }
        return code
    }

    @Test func badFramesFailOnlyForTheirStatedReason() throws {
        let frames = Dictionary(uniqueKeysWithValues: try Self.files(in: "bad").map { ($0.name, $0.bytes) })
        // The ImageUpload is well formed: with its one memfd it decodes.
        let upload = try #require(frames["fd-mismatch"])
        #expect(try FrameCodec.decode(upload, fds: [-1]).name == "ImageUpload")
        // The server-only message decodes; only the direction check refuses it.
        let reply = try FrameCodec.decode(try #require(frames["wrong-direction"]))
        #expect(throws: Never.self) { try reply.requireSentByServer() }
    }

    @Test func directionFollowsTheSpec() throws {
        for (vector, message) in try Self.decodeVectors() {
            let fromClient = Message.sender(ofOpcode: message.opcode) == .client
            if fromClient {
                #expect(throws: Never.self) { try message.requireSentByClient() }
                #expect(throws: ProtocolError.self) { try message.requireSentByServer() }
            } else {
                #expect(throws: Never.self) { try message.requireSentByServer() }
                do throws(ProtocolError) {
                    try message.requireSentByClient()
                    Issue.record("\(vector.name) passed as sent by a client")
                } catch {
                    #expect(error.code == .wrongDirection)
                    #expect(error.opcode == message.opcode)
                    #expect(error.field == message.name)
                }
            }
        }
    }

    @Test func readmeShowsTheHelloVectorBytes() throws {
        let readme = try String(
            contentsOf: Self.protocolDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        let hello = try #require(try Self.files(in: "vectors").first { $0.name == "001-Hello-v1" })
        let hex = hello.bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        // The worked example lists the frame in its annotated rows; together they spell the whole frame.
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("    ") && $0.contains("│") }
        let shown = rows.flatMap { row in
            row.split(separator: "│")[0].split(separator: " ").map(String.init)
        }
        #expect(shown == hex)
    }

    @Test func committedFilesMatchTheGenerator() throws {
        let result = try BuiltProgram.run("vectorgen", ["--check", "--output", Self.protocolDirectory.path])
        let text = result.standardOutput + result.standardError
        #expect(result.status == 0, "\(text)")
        #expect(text.contains("files match"))
    }
}

/// The union cases a set of messages uses, by union name.
struct CaseCollector {
    var seen: [String: Set<String>] = [:]

    mutating func message(_ message: Message) {
        switch message {
        case .commit(let commit):
            for op in commit.operations { operation(op) }
        case .clockControl(let control): seen["WireClockAction", default: []].insert(control.action.caseName)
        case .inspectRequest(let request): seen["WireInspectQuery", default: []].insert(request.query.caseName)
        case .presentationReply(let reply):
            for entry in reply.properties { value(entry.value) }
        default: break
        }
    }

    mutating func operation(_ operation: WireOperation) {
        seen["WireOperation", default: []].insert(operation.caseName)
        switch operation {
        case .setProperty(let set): value(set.value)
        case .addAnimation(let add): animation(add.animation)
        default: break
        }
    }

    mutating func value(_ value: WireValue) {
        seen["WireValue", default: []].insert(value.caseName)
        if case .path(let p?) = value { path(p) }
    }

    mutating func path(_ path: WirePath) {
        for element in path.elements { seen["WirePathElement", default: []].insert(element.caseName) }
    }

    mutating func animation(_ animation: WireAnimation) {
        seen["WireAnimationKind", default: []].insert(animation.kind.caseName)
        switch animation.kind {
        case .basic(let basic): self.basic(basic)
        case .spring(let spring): basic(spring.basic)
        case .keyframe(let keyframe):
            for v in keyframe.values ?? [] { value(v) }
            if let p = keyframe.path { path(p) }
        case .group(let group):
            for child in group.animations { self.animation(child) }
        case .transition: break
        }
    }

    mutating func basic(_ basic: WireBasic) {
        for v in [basic.fromValue, basic.toValue, basic.byValue] {
            if let v { value(v) }
        }
    }
}
