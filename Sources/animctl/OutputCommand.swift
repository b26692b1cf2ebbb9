import AnimOutputSettings
import AnimProtocol
import ArgumentParser

/// `animctl output`: lists the outputs, or changes one's mode, rotation or power.
struct OutputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "output",
        abstract: "List the outputs, or set an output's mode, rotation or power.",
        discussion: """
            With no option, lists each output (one per connector lit): its connector, its rectangle of the scene \
            (WIDTHxHEIGHT+X+Y: several connectors share one scene, laid out by animserverd --layout), the mode, \
            the rotation and what turns the picture, and the power. --output NAME picks the output to change \
            (default: the first); after a change every output is listed again. --mode WIDTHxHEIGHT[@HZ] lights another mode of the \
            connector, --rotation 0|90|180|270 turns the picture clockwise, --power on|off lights or blanks the \
            display (animations keep running). One change per call. The headless output takes only --mode WIDTHxHEIGHT \
            (another size at its frame rate) and refuses other changes. Allowed \
            to the server's own user and root.
            """)

    enum Power: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    @OptionGroup var server: ServerConnectionOptions

    @Option(
        name: [.customLong("output"), .customLong("name")],
        help: "The output to change (its connector's name, HDMI-A-1); default: the first.")
    var name: String = ""

    @Option(help: "A mode of the connector: WIDTHxHEIGHT or WIDTHxHEIGHT@HZ.")
    var mode: String?

    @Option(help: "Clockwise degrees: 0, 90, 180 or 270.")
    var rotation: UInt32?

    @Option(help: "on or off.")
    var power: Power?

    func validate() throws {
        let changes = [mode != nil, rotation != nil, power != nil].filter { $0 }.count
        guard changes <= 1 else { throw ValidationError("give one of --mode, --rotation and --power at a time") }
        if let rotation, ![0, 90, 180, 270].contains(rotation) {
            throw ValidationError("--rotation \(rotation): must be 0, 90, 180 or 270")
        }
        if let mode { _ = try ModeRequest(parsing: mode) }
    }

    func run() throws {
        let action: WireOutputAction
        if let mode {
            let request = try ModeRequest(parsing: mode)
            action = .mode(
                WireOutputMode(
                    width: UInt32(request.width), height: UInt32(request.height), refresh: request.refresh ?? 0))
        } else if let rotation {
            action = .rotation(rotation)
        } else if let power {
            action = .power(power == .on)
        } else {
            return try show(try server.inspect(.outputs))
        }
        let connection = try server.connect()
        defer { connection.close() }
        let answer: String
        do {
            answer = try connection.outputControl(output: name, action: action)
        } catch {
            throw AnimctlError("\(error)")
        }
        try show(answer)
    }

    private func show(_ answer: String) throws {
        if server.json { return print(answer) }
        let outputs = try InspectText.document(Array<InspectionDocuments.OutputEntry>.self, from: answer)
        for output in outputs {
            var line = "\(output.name): \(output.width)x\(output.height)+\(output.x)+\(output.y)"
            if let mode = output.mode {
                line += ", mode \(mode), rotation \(output.rotation) (\(output.rotatedBy)), power \(output.power)"
                line += ", \(output.modesetting ?? "null") on \(output.device ?? "null")"
            }
            print(line)
            if !output.modes.isEmpty {
                print("  modes: \(output.modes.joined(separator: ", "))")
            }
        }
    }
}
