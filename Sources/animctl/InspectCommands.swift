import AnimKit
import AnimProtocol
import ArgumentParser

/// `animctl status`: uptime, clients, layers, animations, frames, frame times, memory.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the server's counters and frame times.")

    @OptionGroup var server: ServerConnectionOptions

    func run() throws {
        let answer = try server.inspect(.status, as: InspectionDocuments.Status.self)
        if server.json { return print(answer.json) }
        for (key, field) in answer.document.fields.sorted(by: { $0.key < $1.key }) {
            if case .object(let nested) = field {
                for (inner, value) in nested.sorted(by: { $0.key < $1.key }) { print("\(key).\(inner): \(value.flat)") }
            } else {
                print("\(key): \(field.flat)")
            }
        }
    }
}

/// `animctl clients`: one line per connected client.
struct Clients: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the connected clients.")

    @OptionGroup var server: ServerConnectionOptions

    func run() throws {
        let answer = try server.inspect(.clients, as: Array<InspectionDocuments.Client>.self)
        if server.json { return print(answer.json) }
        let columns = ["session", "name", "pid", "uid", "version", "layers", "animations"]
        let rows = answer.document.map { c in
            [
                "\(c.session)", c.name, InspectText.optional(c.pid) { "\($0)" },
                InspectText.optional(c.uid) { "\($0)" },
                "\(c.version)", "\(c.layers)", "\(c.animations)",
            ]
        }
        print(TextTable.render(header: columns, rows: rows))
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
        let answer = try server.inspect(
            .tree(WireInspectTree(client: client, presentation: presentation)), as: InspectionDocuments.Tree.self)
        if server.json { return print(answer.json) }
        print("session \(answer.document.session) (\(presentation ? "presentation" : "model"))")
        for root in answer.document.roots { printLayer(root, depth: 1) }
    }

    private func printLayer(_ layer: InspectionDocuments.TreeLayer, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        print("\(indent)layer \(layer.id) (\(layer.class))")
        for (key, value) in layer.properties.sorted(by: { $0.key < $1.key }) {
            print("\(indent)  \(key) = \(InspectText.value(value))")
        }
        for sublayer in layer.sublayers { printLayer(sublayer, depth: depth + 1) }
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
            .layer(WireInspectLayer(client: client, layer: id, presentation: presentation)),
            as: InspectionDocuments.Layer.self)
        if server.json { return print(answer.json) }
        let layer = answer.document
        print("layer \(layer.id) (\(layer.class)), session \(layer.session)")
        for (key, value) in layer.properties.sorted(by: { $0.key < $1.key }) {
            print("  \(key) = \(InspectText.value(value))")
        }
        print("  animations: \(InspectText.list(layer.animations.map { $0 ?? "null" }))")
    }
}

/// `animctl animations`: every running animation of a client (or of all clients).
struct Animations: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List a client's animations.")

    @OptionGroup var server: ServerConnectionOptions

    @Option(help: "The client's session number.")
    var client: UInt32 = 0

    func run() throws {
        let answer = try server.inspect(.animations(client), as: Array<InspectionDocuments.Animation>.self)
        if server.json { return print(answer.json) }
        let columns = ["session", "layer", "id", "key", "class", "beginTime", "duration"]
        let rows = answer.document.map { a in
            [
                "\(a.session)", "\(a.layer)", "\(a.id)", a.key ?? "null", a.class, InspectText.number(a.beginTime),
                InspectText.number(a.duration),
            ]
        }
        print(TextTable.render(header: columns, rows: rows))
    }
}
