// protogen: generates Sources/AnimProtocol/Generated/*.swift from protocol/spec.json.
// Usage: swift run protogen [--check] [--spec PATH] [--output DIR]
// --check compares instead of writing and exits 1 when a committed file differs from what the spec gives.
import Foundation

struct Field {
    var name: String
    var type: String
}

struct NamedType {
    var name: String
    var doc: String?
    var fields: [Field]
    var nests = false
}

struct UnionCase {
    var name: String
    var type: String?
    /// The protocol version that added the case (`{"since": N}` after the type); nil: every version.
    var since: Int? = nil
}

struct Union {
    var name: String
    var doc: String?
    var cases: [UnionCase]
}

struct EnumType {
    var name: String
    var doc: String?
    var cases: [String]
}

struct MessageSpec {
    var name: String
    var opcode: Int
    var from: String
    var since: Int
    var fds: Int
    var doc: String?
    var fields: [Field]
}

struct ErrorSpec {
    var code: Int
    var name: String
    var fatal: Bool
    var doc: String
}

struct Spec {
    var version: Int
    var minimumVersion: Int
    var limits: [(String, Int, String)]
    var errors: [ErrorSpec]
    var enums: [EnumType]
    var structs: [NamedType]
    var unions: [Union]
    var messages: [MessageSpec]
    var frameHeader: [(name: String, type: String, doc: String)]
}

enum SpecError: Error, CustomStringConvertible {
    case malformed(String)
    var description: String {
        switch self {
        case .malformed(let s): "protocol/spec.json: \(s)"
        }
    }
}

func fields(_ any: Any?, in owner: String) throws -> [Field] {
    guard let list = any as? [[String]] else { throw SpecError.malformed("\(owner).fields must be [[name, type]]") }
    return try list.map { pair in
        guard pair.count == 2 else { throw SpecError.malformed("\(owner) has a field that is not [name, type]") }
        return Field(name: pair[0], type: pair[1])
    }
}

func loadSpec(_ path: String) throws -> Spec {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw SpecError.malformed("top level must be an object")
    }
    func list(_ key: String) throws -> [[String: Any]] {
        guard let l = root[key] as? [[String: Any]] else { throw SpecError.malformed("\(key) must be a list") }
        return l
    }
    let limits = try list("limits").map { ($0["name"] as! String, $0["value"] as! Int, $0["doc"] as? String ?? "") }
    let errors = try list("errors").map {
        ErrorSpec(
            code: $0["code"] as! Int, name: $0["name"] as! String, fatal: $0["fatal"] as! Bool,
            doc: $0["doc"] as! String)
    }
    let enums = try list("enums").map {
        EnumType(name: $0["name"] as! String, doc: $0["doc"] as? String, cases: $0["cases"] as! [String])
    }
    let structs = try list("structs").map { s in
        let name = s["name"] as! String
        return NamedType(
            name: name, doc: s["doc"] as? String, fields: try fields(s["fields"], in: name),
            nests: s["nests"] as? Bool ?? false)
    }
    let unions = try list("unions").map { u in
        let name = u["name"] as! String
        guard let cases = u["cases"] as? [[Any]] else { throw SpecError.malformed("\(name).cases") }
        return Union(
            name: name, doc: u["doc"] as? String,
            cases: cases.map {
                UnionCase(
                    name: $0[0] as! String, type: $0[1] as? String,
                    since: $0.count > 2 ? ($0[2] as? [String: Any])?["since"] as? Int : nil)
            })
    }
    let messages = try list("messages").map { m in
        let name = m["name"] as! String
        return MessageSpec(
            name: name, opcode: m["opcode"] as! Int, from: m["from"] as! String,
            since: m["since"] as! Int, fds: m["fds"] as! Int, doc: m["doc"] as? String,
            fields: try fields(m["fields"], in: name))
    }
    guard let frame = root["frame"] as? [String: Any], let frameHeader = frame["header"] as? [[String: Any]] else {
        throw SpecError.malformed("frame.header must be a list")
    }
    return Spec(
        version: root["version"] as! Int, minimumVersion: root["minimumVersion"] as! Int, limits: limits,
        errors: errors, enums: enums, structs: structs, unions: unions, messages: messages,
        frameHeader: frameHeader.map { ($0["name"] as! String, $0["type"] as! String, $0["doc"] as? String ?? "") })
}

// MARK: - Type mapping

let primitiveSwift: [String: String] = [
    "u8": "UInt8", "u16": "UInt16", "u32": "UInt32", "u64": "UInt64", "i32": "Int32", "f64": "Double",
    "bool": "Bool", "string": "String", "text": "String",
]

func swiftType(_ t: String) -> String {
    if t.hasSuffix("?") { return swiftType(String(t.dropLast())) + "?" }
    if t.hasPrefix("[") { return "[" + swiftType(String(t.dropFirst().dropLast())) + "]" }
    return primitiveSwift[t] ?? t
}

func decodeExpr(_ t: String, depth: Int = 0) -> String {
    if t.hasSuffix("?") {
        let inner = decodeExpr(String(t.dropLast()), depth: depth + 1)
        return "try r.optional { (r: inout WireReader) throws(ProtocolError) in \(inner) }"
    }
    if t.hasPrefix("[") {
        let inner = decodeExpr(String(t.dropFirst().dropLast()), depth: depth + 1)
        return "try r.array { (r: inout WireReader) throws(ProtocolError) in \(inner) }"
    }
    if primitiveSwift[t] != nil { return "try r.\(t)()" }
    return "try \(t)(from: &r)"
}

func encodeStmt(_ t: String, _ expr: String, depth: Int = 0) -> String {
    let v = "v\(depth)"
    if t.hasSuffix("?") {
        return "w.optional(\(expr)) { w, \(v) in \(encodeStmt(String(t.dropLast()), v, depth: depth + 1)) }"
    }
    if t.hasPrefix("[") {
        return "w.array(\(expr)) { w, \(v) in \(encodeStmt(String(t.dropFirst().dropLast()), v, depth: depth + 1)) }"
    }
    if primitiveSwift[t] != nil { return "w.\(t)(\(expr))" }
    return "\(expr).encode(to: &w)"
}

func jsonExpr(_ t: String, _ expr: String, depth: Int = 0) -> String {
    let v = "v\(depth)"
    if t.hasSuffix("?") {
        return ".optional(\(expr)) { \(v) in \(jsonExpr(String(t.dropLast()), v, depth: depth + 1)) }"
    }
    if t.hasPrefix("[") {
        return ".array(\(expr)) { \(v) in \(jsonExpr(String(t.dropFirst().dropLast()), v, depth: depth + 1)) }"
    }
    switch t {
    case "u8", "u16", "u32", "u64": return ".unsigned(\(expr))"
    case "i32": return ".signed(\(expr))"
    case "f64": return ".number(\(expr))"
    case "bool": return ".bool(\(expr))"
    case "string", "text": return ".string(\(expr))"
    default: return "\(expr).wireJSON"
    }
}

let swiftKeywords: Set<String> = [
    "default", "class", "struct", "enum", "case", "protocol", "func", "var", "let",
    "in", "is", "as", "self", "Type", "init", "internal", "public", "private",
    "return", "switch", "where", "while", "for", "if", "else", "repeat",
]

func ident(_ name: String) -> String { swiftKeywords.contains(name) ? "`\(name)`" : name }

func lowerFirst(_ s: String) -> String { s.prefix(1).lowercased() + s.dropFirst() }

func docLines(_ doc: String?, indent: String = "") -> String {
    guard let doc, !doc.isEmpty else { return "" }
    return "\(indent)/// \(doc)\n"
}

let header = """
    // swift-format-ignore-file
    // Generated by tools/protogen from protocol/spec.json. Do not edit: change the spec and run `swift run protogen`.

    """

// MARK: - Emitters

func emitEnums(_ spec: Spec) -> String {
    var out = header
    for e in spec.enums {
        out += "\n" + docLines(e.doc)
        out += "public enum \(e.name): UInt8, Hashable, Sendable, CaseIterable {\n"
        for (i, c) in e.cases.enumerated() { out += "    case \(ident(c)) = \(i)\n" }
        out += "}\n\nextension \(e.name) {\n"
        out += "    public init(from r: inout WireReader) throws(ProtocolError) {\n"
        out += "        let raw = try r.u8()\n"
        out += "        guard let value = \(e.name)(rawValue: raw) else {\n"
        out += "            throw WireReader.invalidTag(raw, of: \"\(e.name)\", caseCount: \(e.cases.count))\n"
        out += "        }\n        self = value\n    }\n\n"
        out += "    public func encode(to w: inout WireWriter) { w.u8(rawValue) }\n\n"
        out += "    /// The case's name in the spec.\n"
        out += "    public var caseName: String {\n        switch self {\n"
        for c in e.cases { out += "        case .\(ident(c)): \"\(c)\"\n" }
        out += "        }\n    }\n\n"
        out += "    public var wireJSON: WireJSON { .string(caseName) }\n}\n"
    }
    return out
}

func emitStructBody(name: String, fields: [Field], extraFDs: Bool) -> String {
    var out = ""
    for f in fields { out += "    public var \(ident(f.name)): \(swiftType(f.type))\n" }
    if extraFDs {
        out += "    /// Sent as SCM_RIGHTS beside the frame; the receiver owns them.\n    public var fds: [Int32]\n"
    }
    var params = fields.map { "\($0.name): \(swiftType($0.type))" }
    if extraFDs { params.append("fds: [Int32]") }
    out += "\n    public init(\(params.joined(separator: ", "))) {\n"
    for f in fields { out += "        self.\(f.name) = \(ident(f.name))\n" }
    if extraFDs { out += "        self.fds = fds\n" }
    out += "    }\n"
    return out
}

func emitCodingExtension(name: String, fields: [Field], nests: Bool, message: MessageSpec?) -> String {
    var out = "\nextension \(name) {\n"
    let fdParam = message.map { $0.fds > 0 ? ", fds: [Int32]" : "" } ?? ""
    out += "    public init(from r: inout WireReader\(fdParam)) throws(ProtocolError) {\n"
    if nests {
        out += "        try r.enterNesting(\"\(name)\")\n        defer { r.leaveNesting() }\n"
    }
    for f in fields {
        out += "        do { \(f.name) = \(decodeExpr(f.type)) } catch { throw error.at(\"\(f.name)\") }\n"
    }
    if let message, message.fds > 0 { out += "        self.fds = fds\n" }
    out += "    }\n\n"
    if fields.isEmpty {
        out += "    public func encode(to w: inout WireWriter) {}\n\n"
    } else {
        out += "    public func encode(to w: inout WireWriter) {\n"
        for f in fields { out += "        \(encodeStmt(f.type, ident(f.name)))\n" }
        out += "    }\n\n"
    }
    var members = fields.map { "(\"\($0.name)\", \(jsonExpr($0.type, ident($0.name))))" }
    if let message {
        // The frame's own facts go under "header", apart from the fields: a message may have fields named
        // "message" or "opcode" (ErrorReport), and a JSON object's keys must differ.
        members.insert(
            "(\"header\", .object([(\"message\", .string(\"\(message.name)\")), (\"opcode\", .unsigned(\(message.opcode) as UInt16))]))",
            at: 0)
        if message.fds > 0 { members.append("(\"fds\", .unsigned(UInt(fds.count)))") }
    }
    out += "    public var wireJSON: WireJSON {\n        .object([\n"
    for (i, m) in members.enumerated() { out += "            \(m)" + (i == members.count - 1 ? "\n" : ",\n") }
    out += "        ])\n    }\n}\n"
    return out
}

func emitStructs(_ spec: Spec) -> String {
    var out = header
    for s in spec.structs {
        out += "\n" + docLines(s.doc)
        out += "public struct \(s.name): Hashable, Sendable {\n"
        out += emitStructBody(name: s.name, fields: s.fields, extraFDs: false)
        out += "}\n"
        out += emitCodingExtension(name: s.name, fields: s.fields, nests: s.nests, message: nil)
    }
    return out
}

func emitUnions(_ spec: Spec) -> String {
    var out = header
    for u in spec.unions {
        out += "\n" + docLines(u.doc)
        out += "public enum \(u.name): Hashable, Sendable {\n"
        for c in u.cases {
            if let since = c.since { out += "    /// Since version \(since).\n" }
            out += "    case \(ident(c.name))" + (c.type.map { "(\(swiftType($0)))" } ?? "") + "\n"
        }
        out += "}\n\nextension \(u.name) {\n"
        out += "    public init(from r: inout WireReader) throws(ProtocolError) {\n"
        out += "        let tag = try r.u8()\n        switch tag {\n"
        for (i, c) in u.cases.enumerated() {
            if let t = c.type {
                out += "        case \(i):\n"
                out +=
                    "            do { self = .\(ident(c.name))(\(decodeExpr(t))) } catch { throw error.at(\"\(c.name)\") }\n"
            } else {
                out += "        case \(i): self = .\(ident(c.name))\n"
            }
        }
        out += "        default: throw WireReader.invalidTag(tag, of: \"\(u.name)\", caseCount: \(u.cases.count))\n"
        out += "        }\n    }\n\n"
        out += "    public func encode(to w: inout WireWriter) {\n        switch self {\n"
        for (i, c) in u.cases.enumerated() {
            if let t = c.type {
                out += "        case .\(ident(c.name))(let value):\n            w.u8(\(i))\n"
                out += "            \(encodeStmt(t, "value"))\n"
            } else {
                out += "        case .\(ident(c.name)): w.u8(\(i))\n"
            }
        }
        out += "        }\n    }\n\n"
        if u.cases.contains(where: { $0.since != nil }) {
            out +=
                "    /// The protocol version that added the case: a connection speaking an older one may not send it.\n"
            out += "    public var sinceVersion: UInt16 {\n        switch self {\n"
            for c in u.cases where c.since != nil { out += "        case .\(ident(c.name)): \(c.since!)\n" }
            out += "        default: 1\n        }\n    }\n\n"
        }
        out += "    /// The case's name in the spec.\n    public var caseName: String {\n        switch self {\n"
        for c in u.cases { out += "        case .\(ident(c.name)): \"\(c.name)\"\n" }
        out += "        }\n    }\n\n"
        out += "    public var wireJSON: WireJSON {\n        switch self {\n"
        for c in u.cases {
            if let t = c.type {
                out +=
                    "        case .\(ident(c.name))(let value): .object([(\"\(c.name)\", \(jsonExpr(t, "value")))])\n"
            } else {
                out += "        case .\(ident(c.name)): .string(\"\(c.name)\")\n"
            }
        }
        out += "        }\n    }\n}\n"
    }
    return out
}

func emitMessages(_ spec: Spec) -> String {
    var out = header
    for m in spec.messages {
        out += "\n" + docLines(m.doc)
        out += "/// Opcode \(m.opcode), sent by the \(m.from), since version \(m.since).\n"
        out += "public struct \(m.name): Hashable, Sendable {\n"
        out += "    public static let opcode: UInt16 = \(m.opcode)\n"
        out += emitStructBody(name: m.name, fields: m.fields, extraFDs: m.fds > 0)
        out += "}\n"
        out += emitCodingExtension(name: m.name, fields: m.fields, nests: false, message: m)
    }
    return out
}

func emitMessageEnum(_ spec: Spec) -> String {
    var out = header
    out += """

        /// Which side sends a message.
        public enum MessageSender: String, Hashable, Sendable {
            case client, server
        }

        /// Every message of the protocol.
        public enum Message: Hashable, Sendable {

        """
    for m in spec.messages { out += "    case \(lowerFirst(m.name))(\(m.name))\n" }
    out += "}\n\nextension Message {\n"
    out += "    /// Every opcode, in spec order.\n"
    out +=
        "    public static let allOpcodes: [UInt16] = [\(spec.messages.map { String($0.opcode) }.joined(separator: ", "))]\n\n"
    out += "    public var opcode: UInt16 {\n        switch self {\n"
    for m in spec.messages { out += "        case .\(lowerFirst(m.name)): \(m.name).opcode\n" }
    out += "        }\n    }\n\n"
    out += "    public var name: String { Message.name(ofOpcode: opcode) ?? \"\" }\n\n"
    out += "    public var sender: MessageSender { Message.sender(ofOpcode: opcode) ?? .client }\n\n"
    out += "    /// The file descriptors that travel with this message (SCM_RIGHTS).\n"
    out += "    public var fds: [Int32] {\n        switch self {\n"
    for m in spec.messages where m.fds > 0 { out += "        case .\(lowerFirst(m.name))(let m): m.fds\n" }
    out += "        default: []\n        }\n    }\n\n"
    out += "    public static func name(ofOpcode opcode: UInt16) -> String? {\n        switch opcode {\n"
    for m in spec.messages { out += "        case \(m.opcode): \"\(m.name)\"\n" }
    out += "        default: nil\n        }\n    }\n\n"
    out += "    public static func sender(ofOpcode opcode: UInt16) -> MessageSender? {\n        switch opcode {\n"
    for m in spec.messages { out += "        case \(m.opcode): .\(m.from)\n" }
    out += "        default: nil\n        }\n    }\n\n"
    out += "    /// The protocol version that introduced the message.\n"
    out += "    public static func since(ofOpcode opcode: UInt16) -> UInt16? {\n        switch opcode {\n"
    for m in spec.messages { out += "        case \(m.opcode): \(m.since)\n" }
    out += "        default: nil\n        }\n    }\n\n"
    out += "    public static func fdCount(ofOpcode opcode: UInt16) -> Int {\n        switch opcode {\n"
    for m in spec.messages where m.fds > 0 { out += "        case \(m.opcode): \(m.fds)\n" }
    out += "        default: 0\n        }\n    }\n\n"
    out +=
        "    static func decodePayload(opcode: UInt16, from r: inout WireReader, fds: [Int32]) throws(ProtocolError) -> Message {\n"
    out += "        switch opcode {\n"
    for m in spec.messages {
        let fdArg = m.fds > 0 ? ", fds: fds" : ""
        out += "        case \(m.opcode): .\(lowerFirst(m.name))(try \(m.name)(from: &r\(fdArg)))\n"
    }
    out +=
        "        default: throw ProtocolError(.unknownOpcode, opcode: opcode, detail: \"no message has opcode \\(opcode)\")\n"
    out += "        }\n    }\n\n"
    out += "    func encodePayload(to w: inout WireWriter) {\n        switch self {\n"
    for m in spec.messages { out += "        case .\(lowerFirst(m.name))(let m): m.encode(to: &w)\n" }
    out += "        }\n    }\n\n"
    out += "    public var wireJSON: WireJSON {\n        switch self {\n"
    for m in spec.messages { out += "        case .\(lowerFirst(m.name))(let m): m.wireJSON\n" }
    out += "        }\n    }\n\n"
    out += "    /// The canonical decoded text (protocol/vectors/*.json).\n"
    out += "    public var jsonText: String { wireJSON.text }\n}\n"
    return out
}

func emitErrorsAndLimits(_ spec: Spec) -> String {
    var out = header
    out +=
        "\n/// The error codes of ErrorReport.\npublic enum WireErrorCode: UInt16, Hashable, Sendable, CaseIterable {\n"
    for e in spec.errors {
        out += "    /// \(e.doc)\n    case \(ident(e.name)) = \(e.code)\n"
    }
    out += "}\n\nextension WireErrorCode {\n"
    out += "    /// Fatal errors close the connection after the ErrorReport.\n"
    out += "    public var isFatal: Bool {\n        switch self {\n"
    let fatal = spec.errors.filter(\.fatal).map { "." + ident($0.name) }
    out += "        case \(fatal.joined(separator: ", ")): true\n        default: false\n        }\n    }\n\n"
    out += "    /// The spec's name for the code.\n    public var name: String {\n        switch self {\n"
    for e in spec.errors { out += "        case .\(ident(e.name)): \"\(e.name)\"\n" }
    out += "        }\n    }\n\n"
    out += "    /// What the code means (the spec's text).\n    public var meaning: String {\n        switch self {\n"
    for e in spec.errors {
        let escaped = e.doc.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        out += "        case .\(ident(e.name)): \"\(escaped)\"\n"
    }
    out += "        }\n    }\n}\n\n"
    out +=
        "/// The protocol's limits; a decoder refuses anything beyond them with limitExceeded.\npublic enum ProtocolLimits {\n"
    for (name, value, doc) in spec.limits { out += "    /// \(doc)\n    public static let \(name) = \(value)\n" }
    out += "}\n\n/// The versions this build speaks.\npublic enum ProtocolVersion {\n"
    out +=
        "    public static let current: UInt16 = \(spec.version)\n    public static let minimum: UInt16 = \(spec.minimumVersion)\n}\n"
    return out
}

// MARK: - Layout

/// Bytes of each fixed-size primitive; `string`, `text`, arrays and optionals have no fixed size.
let primitiveSizes: [String: Int] = ["u8": 1, "u16": 2, "u32": 4, "u64": 8, "i32": 4, "f64": 8, "bool": 1]

/// The wire size of `type` when every value of it has the same size (primitives and structs of them).
func fixedSize(_ type: String, _ spec: Spec) -> Int? {
    if let size = primitiveSizes[type] { return size }
    guard let s = spec.structs.first(where: { $0.name == type }) else { return nil }
    var total = 0
    for f in s.fields {
        guard let size = fixedSize(f.type, spec) else { return nil }
        total += size
    }
    return total
}

/// A static constant that inlines across modules (a `static let` would be read through its global).
func constant(_ name: String, _ type: String, _ value: Int, doc: String? = nil, indent: String = "        ") -> String {
    docLines(doc, indent: indent) + "\(indent)@inlinable public static var \(ident(name)): \(type) { \(value) }\n"
}

/// The offsets of `fields` from the start of their type, up to and including the first field without a fixed size
/// (the fields after it move with its length).
func fieldOffsets(_ fields: [Field], _ spec: Spec) -> [(String, Int)] {
    var offsets: [(String, Int)] = []
    var at = 0
    for f in fields {
        offsets.append((f.name, at))
        guard let size = fixedSize(f.type, spec) else { break }
        at += size
    }
    return offsets
}

/// Tags, fixed sizes and field offsets from the spec, for readers that check a frame's layout in place instead of
/// decoding it (`SetPropertyBatch`): no wire number is written by hand outside the spec.
func emitLayout(_ spec: Spec) -> String {
    var out = header
    out += "\n/// Sizes of the frame and of the spec's fixed-size primitives, in bytes.\npublic enum WireLayout {\n"
    var headerSize = 0
    out += "    /// The frame header's fields, as offsets from the frame's start.\n    public enum FrameHeader {\n"
    for entry in spec.frameHeader {
        out += constant(entry.name, "Int", headerSize, doc: entry.doc)
        headerSize += primitiveSizes[entry.type] ?? 0
    }
    out += constant("size", "Int", headerSize, doc: "The header's size: the payload starts here.")
    out += "    }\n\n"
    for name in ["u8", "u16", "u32", "u64", "i32", "f64", "bool"] {
        out += constant("\(name)Size", "Int", primitiveSizes[name]!, indent: "    ")
    }
    out += constant(
        "optionalFlagSize", "Int", 1, doc: "An optional's leading `u8`: 0 absent, 1 present.", indent: "    ")
    out += constant(
        "countSize", "Int", 4, doc: "The `u32` before a string's bytes or an array's elements.", indent: "    ")
    out += constant("unionTagSize", "Int", 1, doc: "The `u8` tag before a union case's payload.", indent: "    ")
    out += "}\n"
    for s in spec.structs where fixedSize(s.name, spec) != nil {
        out += "\nextension \(s.name) {\n"
        out += constant("wireSize", "Int", fixedSize(s.name, spec)!, doc: "Bytes on the wire.", indent: "    ")
        out += "}\n"
    }
    let withFields: [(String, [Field])] =
        spec.structs.map { ($0.name, $0.fields) } + spec.messages.map { ($0.name, $0.fields) }
    for (name, fields) in withFields where !fields.isEmpty {
        out += "\nextension \(name) {\n"
        out +=
            "    /// Field offsets from the start of the \(name) (of its payload for a message), up to the first field\n"
        out += "    /// without a fixed size.\n    public enum FieldOffset {\n"
        for (field, offset) in fieldOffsets(fields, spec) { out += constant(field, "Int", offset) }
        out += "    }\n}\n"
    }
    for u in spec.unions {
        out += "\nextension \(u.name) {\n"
        out += "    /// Each case's tag: the `u8` before its payload.\n    public enum Tag {\n"
        for (i, c) in u.cases.enumerated() { out += constant(c.name, "UInt8", i) }
        out += "    }\n"
        var sizes: [(String, Int, String?)] = []
        for c in u.cases {
            guard let type = c.type else {
                sizes.append((c.name, 0, nil))
                continue
            }
            if let size = fixedSize(type, spec) {
                sizes.append((c.name, size, nil))
            } else if type.hasSuffix("?"), let size = fixedSize(String(type.dropLast()), spec) {
                sizes.append((c.name + "Absent", 1, "The flag alone."))
                sizes.append((c.name + "Present", 1 + size, "The flag and the value."))
            }
        }
        if !sizes.isEmpty {
            out +=
                "\n    /// The payload's bytes after the tag, for the cases whose payload has a fixed size (an optional of a\n"
            out += "    /// fixed-size type: absent or present).\n    public enum PayloadSize {\n"
            for (name, size, doc) in sizes { out += constant(name, "Int", size, doc: doc) }
            out += "    }\n"
        }
        out += "}\n"
    }
    return out
}

// MARK: - Main

var arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var specPath = "protocol/spec.json"
var outputDir = "Sources/AnimProtocol/Generated"
while let arg = arguments.first {
    arguments.removeFirst()
    switch arg {
    case "--check": check = true
    case "--spec": specPath = arguments.removeFirst()
    case "--output": outputDir = arguments.removeFirst()
    default:
        FileHandle.standardError.write(Data("protogen: unknown argument \(arg)\n".utf8))
        exit(2)
    }
}

do {
    let spec = try loadSpec(specPath)
    let files: [(String, String)] = [
        ("WireEnums.swift", emitEnums(spec)),
        ("WireStructs.swift", emitStructs(spec)),
        ("WireUnions.swift", emitUnions(spec)),
        ("Messages.swift", emitMessages(spec)),
        ("Message.swift", emitMessageEnum(spec)),
        ("WireErrorCode.swift", emitErrorsAndLimits(spec)),
        ("WireLayout.swift", emitLayout(spec)),
    ]
    var drifted: [String] = []
    for (name, text) in files {
        let path = outputDir + "/" + name
        if check {
            let existing = try? String(contentsOfFile: path, encoding: .utf8)
            if existing != text { drifted.append(path) }
        } else {
            try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
    if check {
        if drifted.isEmpty {
            print("protogen: \(files.count) files match \(specPath)")
        } else {
            print("protogen: generated code differs from \(specPath); run `swift run protogen`:")
            for p in drifted { print("  \(p)") }
            exit(1)
        }
    } else {
        print("protogen: wrote \(files.count) files to \(outputDir)")
    }
} catch {
    FileHandle.standardError.write(Data("protogen: \(error)\n".utf8))
    exit(1)
}
