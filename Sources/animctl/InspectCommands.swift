import AnimProtocol
import ArgumentParser

/// `animctl status`: uptime, clients, layers, animations, frames, frame times, memory.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the server's counters and frame times.")

    @OptionGroup var server: ServerConnectionOptions

    func run() throws {
        let answer = try server.inspect(.status)
        if server.json { return print(answer) }
        let status = try InspectJSON.object(answer)
        for key in status.keys.sorted() {
            if let nested = status[key] as? [String: Any] {
                for inner in nested.keys.sorted() { print("\(key).\(inner): \(InspectJSON.text(nested[inner]))") }
            } else {
                print("\(key): \(InspectJSON.text(status[key]))")
            }
        }
    }
}

/// `animctl clients`: one line per connected client.
struct Clients: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the connected clients.")

    @OptionGroup var server: ServerConnectionOptions

    func run() throws {
        let answer = try server.inspect(.clients)
        if server.json { return print(answer) }
        let rows = try InspectJSON.array(answer)
        let columns = ["session", "name", "pid", "uid", "version", "layers", "animations"]
        print(TextTable.render(header: columns, rows: rows.map { row in columns.map { InspectJSON.text(row[$0]) } }))
    }
}

/// `animctl tree`: a client's layer tree, model or presentation.
struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a client's layer tree with every property.",
        discussion: "Client 0 (the default) is animctl's own connection, so name the client: see `animctl clients`.")

    @OptionGroup var server: ServerConnectionOptions

    @Option(help: "The client's session number.")
    var client: UInt32 = 0

    @Flag(help: "Presentation values (animations applied at the server's current time) instead of model values.")
    var presentation = false

    func run() throws {
        let answer = try server.inspect(.tree(WireInspectTree(client: client, presentation: presentation)))
        if server.json { return print(answer) }
        let tree = try InspectJSON.object(answer)
        let roots = tree["roots"] as? [[String: Any]] ?? []
        print("session \(InspectJSON.text(tree["session"])) (\(presentation ? "presentation" : "model"))")
        for root in roots { printLayer(root, depth: 1) }
    }

    private func printLayer(_ layer: [String: Any], depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        print("\(indent)layer \(InspectJSON.text(layer["id"])) (\(InspectJSON.text(layer["class"])))")
        let properties = layer["properties"] as? [String: Any] ?? [:]
        for key in properties.keys.sorted() { print("\(indent)  \(key) = \(InspectJSON.text(properties[key]))") }
        for sublayer in layer["sublayers"] as? [[String: Any]] ?? [] { printLayer(sublayer, depth: depth + 1) }
    }
}

/// `animctl layer ID`: one layer's properties and animation keys.
struct LayerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layer", abstract: "Print one layer's properties and the keys of its animations.")

    @OptionGroup var server: ServerConnectionOptions

    @Argument(help: "The layer's id (as the client numbered it).")
    var id: UInt32

    @Option(help: "The client's session number.")
    var client: UInt32 = 0

    @Flag(help: "Presentation values instead of model values.")
    var presentation = false

    func run() throws {
        let answer = try server.inspect(
            .layer(WireInspectLayer(client: client, layer: id, presentation: presentation)))
        if server.json { return print(answer) }
        let layer = try InspectJSON.object(answer)
        print(
            "layer \(InspectJSON.text(layer["id"])) (\(InspectJSON.text(layer["class"]))), session \(InspectJSON.text(layer["session"]))"
        )
        let properties = layer["properties"] as? [String: Any] ?? [:]
        for key in properties.keys.sorted() { print("  \(key) = \(InspectJSON.text(properties[key]))") }
        print("  animations: \(InspectJSON.text(layer["animations"]))")
    }
}

/// `animctl animations`: every running animation of a client (or of all clients).
struct Animations: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List a client's animations.")

    @OptionGroup var server: ServerConnectionOptions

    @Option(help: "The client's session number.")
    var client: UInt32 = 0

    func run() throws {
        let answer = try server.inspect(.animations(client))
        if server.json { return print(answer) }
        let rows = try InspectJSON.array(answer)
        let columns = ["session", "layer", "id", "key", "class", "beginTime", "duration"]
        print(TextTable.render(header: columns, rows: rows.map { row in columns.map { InspectJSON.text(row[$0]) } }))
    }
}
