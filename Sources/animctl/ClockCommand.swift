import AnimKit
import AnimProtocol
import ArgumentParser

/// `animctl clock`: shows or steers the server's clock.
struct Clock: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or steer the server clock.",
        discussion: """
            With no action, prints the clock. pause and resume freeze and restart media time; set T and \
            advance DT need a server started with --clock manual; rate R scales how fast media time runs \
            (0.25 = four times slower, for debugging animations). Allowed to the server's own user and root.
            """)

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case pause, resume, set, advance, rate
    }

    @OptionGroup var server: ServerConnectionOptions

    @Argument(help: "pause, resume, set, advance or rate; none prints the clock.")
    var action: Action?

    @Argument(help: "Seconds for set and advance, a factor for rate.")
    var value: Double?

    func validate() throws {
        switch action {
        case .set, .advance, .rate:
            guard let value else { throw ValidationError("clock \(action!.rawValue) needs a value") }
            guard value.isFinite else { throw ValidationError("clock \(action!.rawValue): \(value) is not finite") }
        case .pause, .resume, nil:
            guard value == nil else { throw ValidationError("clock \(action?.rawValue ?? ""): takes no value") }
        }
    }

    func run() throws {
        let wire: WireClockAction
        switch action {
        case nil: wire = .query
        case .pause: wire = .pause
        case .resume: wire = .resume
        case .set: wire = .set(value ?? 0)
        case .advance: wire = .advance(value ?? 0)
        case .rate: wire = .rate(value ?? 1)
        }
        let connection = try server.connect()
        defer { connection.close() }
        let state: AnimKit.ClockState
        do {
            state = try connection.clock(wire)
        } catch {
            throw AnimctlError("\(error)")
        }
        if server.json {
            print(
                "{\"mode\": \"\(state.mode)\", \"time\": \(state.time), \"paused\": \(state.isPaused), \"rate\": \(state.rate)}"
            )
        } else {
            print(
                "clock \(state.mode): time \(state.time) s, \(state.isPaused ? "paused" : "running"), rate \(state.rate)"
            )
        }
    }
}
