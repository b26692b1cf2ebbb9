import AnimKit
import AnimProtocol
import ArgumentParser
import Foundation

/// Options every server command shares: which socket, and JSON or text output.
struct ServerConnectionOptions: ParsableArguments {
    @Option(help: "The server's socket. Default: $ANIMSERVER_SOCKET, else $XDG_RUNTIME_DIR/animserver-0.")
    var socket: String?

    @Flag(help: "Print the server's JSON answer instead of text.")
    var json = false

    /// A connection named "animctl" (it shows in `animctl clients`); failures name the socket.
    func connect() throws -> Connection {
        do {
            return try Connection.connect(socketPath: socket, name: "animctl")
        } catch {
            throw AnimctlError("cannot reach animserverd: \(error)")
        }
    }

    /// Asks the server one inspection question and returns its JSON text.
    func inspect(_ query: WireInspectQuery) throws -> String {
        let connection = try connect()
        defer { connection.close() }
        do {
            return try connection.inspect(query)
        } catch {
            throw AnimctlError("\(error)")
        }
    }
}

/// The server's JSON answer as Foundation values, with errors that say which part was unexpected.
enum InspectJSON {
    static func object(_ text: String) throws -> [String: Any] {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw AnimctlError("the server's answer is not a JSON object: \(text.prefix(200))")
        }
        return value
    }

    static func array(_ text: String) throws -> [[String: Any]] {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
            throw AnimctlError("the server's answer is not a JSON array: \(text.prefix(200))")
        }
        return value
    }

    /// A value as people read it: numbers without a trailing ".0", arrays and objects compact.
    static func text(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return "null"
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumbers of C type char ("c") or bool ("B").
            let type = String(cString: number.objCType)
            if type == "c" || type == "B" { return number.boolValue ? "true" : "false" }
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 1e15 ? String(Int64(double)) : String(double)
        case let string as String: return string
        case let array as [Any]: return "[" + array.map { text($0) }.joined(separator: ", ") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0): \(text(object[$0]))" }.joined(separator: ", ") + "}"
        default: return "\(value!)"
        }
    }
}
