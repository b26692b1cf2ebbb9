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

    /// Asks the server one inspection question; returns its JSON text and the document it holds.
    func inspect<Document: Decodable>(
        _ query: WireInspectQuery, as type: Document.Type
    ) throws -> (
        json: String, document: Document
    ) {
        let json = try inspect(query)
        return (json, try InspectText.document(type, from: json))
    }
}
