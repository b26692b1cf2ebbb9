import AnimKit
import AnimProtocol
import ArgumentParser
import Dispatch
import Foundation

/// `animctl input`: synthetic touches, pointer drags and keys, routed by the server exactly as a device's, and
/// `--watch`, which prints every event the server routes.
struct InputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input",
        abstract: "Send synthetic input, or watch the input the server routes.",
        discussion: """
            Synthetic events take the path a device's take: hit-tested on the presentation tree at their time and \
            routed to the client under them (README.md, "Input"). Times are media time; each command returns once \
            its last event was routed (on a manual clock, once the clock got there). Allowed to the server's own \
            user and root. --watch prints one line per routed event (client, kind, phase, time, layer, points) \
            until interrupted or --count events.
            """,
        subcommands: [Tap.self, Swipe.self, Drag.self, Key.self, Text.self])

    @OptionGroup var server: ServerConnectionOptions

    @Flag(help: "Print every event the server routes to any client, one line each.")
    var watch = false

    @Option(help: "With --watch: exit after this many events.")
    var count: Int?

    // ArgumentParser validates this command's options before a subcommand's too, so only `count` is checked here.
    func validate() throws {
        if let count, count < 1 { throw ValidationError("input --count: \(count) must be at least 1") }
    }

    func run() throws {
        guard watch else { throw ValidationError("input: name a subcommand (tap, swipe, drag, key, text) or --watch") }
        let connection = try server.connect()
        defer { connection.close() }
        let done = DispatchSemaphore(value: 0)
        let seen = Counter(limit: count)
        let json = server.json
        connection.delegateQueue = DispatchQueue(label: "animctl.input.watch")
        let failure = Failure()
        connection.statusHandler = { _ in done.signal() }
        connection.errorHandler = { error in
            failure.error = "\(error)"
            done.signal()
        }
        connection.inputHandler = { message in
            guard case .inputWatched(let watched) = message else { return }
            // Written at once, not buffered: a reader of a pipe sees each event as it is routed.
            let line = json ? InputEventText.json(watched) : InputEventText.line(watched)
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            if seen.increment() { done.signal() }
        }
        do {
            try connection.subscribeInput([], watchAll: true)
        } catch {
            throw AnimctlError("\(error)")
        }
        // A refusal (not the server's user) comes back through the error handler.
        done.wait()
        if let error = failure.error { throw AnimctlError(error) }
    }

    final class Failure: @unchecked Sendable {
        var error: String?
    }

    /// Counts events on the delegate queue; true once the limit is reached.
    final class Counter: @unchecked Sendable {
        private var seen = 0
        private let limit: Int?
        init(limit: Int?) { self.limit = limit }
        func increment() -> Bool {
            seen += 1
            return limit.map { seen >= $0 } ?? false
        }
    }
}

/// Sends the events and waits until the server routed the last; a refusal names the field at fault.
func injectInput(_ events: [WireInjectedInput], server: ServerConnectionOptions) throws {
    let connection = try server.connect()
    defer { connection.close() }
    let time: Double
    do {
        time = try connection.injectInput(events)
    } catch {
        throw AnimctlError("\(error)")
    }
    if server.json {
        print("{\"events\": \(events.count), \"time\": \(time)}")
    } else {
        print("input: \(events.count) events routed, the last at \(time) s")
    }
}
