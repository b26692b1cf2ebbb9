/// A JSON checker stricter than JSONSerialization, which keeps the last of two equal keys without a word: it
/// refuses an object that repeats a key, as a client reading protocol/vectors with a strict parser does.
struct StrictJSON {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let bytes: [UInt8]
    private var at = 0

    /// Checks that `text` is one JSON value, with no object repeating a key.
    static func check(_ text: String) throws(Failure) {
        var parser = StrictJSON(bytes: Array(text.utf8))
        try parser.value()
        parser.skipSpace()
        guard parser.at == parser.bytes.count else { throw parser.failure("text after the value") }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ what: String) -> Failure { Failure(description: "\(what) at byte \(at)") }

    private mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else {
            throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        at += 1
    }

    private mutating func value() throws(Failure) {
        skipSpace()
        guard at < bytes.count else { throw failure("expected a value") }
        switch bytes[at] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): _ = try string()
        default:
            // A number, true, false or null: the characters up to the next delimiter.
            let start = at
            while at < bytes.count, !",]} \n\r\t".utf8.contains(bytes[at]) { at += 1 }
            let word = String(decoding: bytes[start..<at], as: UTF8.self)
            guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
                throw failure("'\(word)' is not a JSON value")
            }
        }
    }

    private mutating func object() throws(Failure) {
        try expect(UInt8(ascii: "{"))
        var keys: Set<String> = []
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
            at += 1
            return
        }
        while true {
            skipSpace()
            let key = try string()
            guard keys.insert(key).inserted else { throw failure("duplicate key \"\(key)\"") }
            try expect(UInt8(ascii: ":"))
            try value()
            skipSpace()
            guard at < bytes.count else { throw failure("unterminated object") }
            at += 1
            if bytes[at - 1] == UInt8(ascii: "}") { return }
            guard bytes[at - 1] == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
        }
    }

    private mutating func array() throws(Failure) {
        try expect(UInt8(ascii: "["))
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
            at += 1
            return
        }
        while true {
            try value()
            skipSpace()
            guard at < bytes.count else { throw failure("unterminated array") }
            at += 1
            if bytes[at - 1] == UInt8(ascii: "]") { return }
            guard bytes[at - 1] == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
        }
    }

    /// A string's raw text between its quotes (escapes kept as written: two keys differ when their text does).
    private mutating func string() throws(Failure) -> String {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw failure("expected a string") }
        at += 1
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
            at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard at < bytes.count else { throw failure("unterminated string") }
        at += 1
        return String(decoding: bytes[start..<(at - 1)], as: UTF8.self)
    }
}
