import AnimKit
import AnimTestSupport
import Dispatch
import Foundation
import Glibc
import Synchronization

/// One of the seed examples (`examples/fragment-004`, `examples/core-animation-002`) run as a subprocess, as a user
/// runs it, its standard output gathered as it comes. Killed when released.
final class SeedExampleProcess {
    let process = Process()
    let output = LockedText()
    private let errors = LockedText()

    init(_ name: String, _ arguments: [String]) throws {
        let out = Pipe()
        let err = Pipe()
        out.fileHandleForReading.readabilityHandler = { [output] handle in
            output.append(String(decoding: handle.availableData, as: UTF8.self))
        }
        err.fileHandleForReading.readabilityHandler = { [errors] handle in
            errors.append(String(decoding: handle.availableData, as: UTF8.self))
        }
        process.executableURL = BuiltProgram.url(name)
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
    }

    var lines: [String] { output.text.split(separator: "\n").map(String.init) }

    /// Waits until a line contains `text`; false after `timeout` seconds.
    func waitForLine(containing text: String, timeout: Double = 30) -> Bool {
        eventually(timeout: timeout) { output.text.contains(text) }
    }

    /// What it printed on both streams, for failure messages.
    var transcript: String { "stdout:\n\(output.text)\nstderr:\n\(errors.text)" }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Runs `animctl input swipe x1 y1 x2 y2 --duration d` against `daemon` while `clock` moves the manual clock on
/// from `start` in steps of 1/64 s (a synthetic event waits for the clock to reach its time), until it returns.
/// The clock is at `start` and moves only once animctl is connected, so the swipe's touch goes down at `start`.
func swipeOnManualClock(
    _ daemon: DaemonHarness, clock: Connection, from start: Double, _ points: [Double], duration: Double
) throws -> ProgramResult? {
    let result = Mutex<ProgramResult?>(nil)
    let finished = DispatchSemaphore(value: 0)
    let arguments = ["input", "swipe"] + points.map { "\($0)" } + ["--duration", "\(duration)"]
    try moveClock(clock, to: start)
    DispatchQueue.global().async {
        let swipe = try? daemon.animctl(arguments)
        result.withLock { $0 = swipe }
        finished.signal()
    }
    _ = try eventually(timeout: 20) { try clock.inspectClients().contains { $0.name == "animctl" } }
    // Its InputInject follows the connection at once; the touch down is routed at the clock's time on receipt.
    Thread.sleep(forTimeInterval: 0.2)
    var t = start
    while finished.wait(timeout: .now() + 0.05) == .timedOut {
        guard t < start + 2 else {
            _ = finished.wait(timeout: .now() + 20)
            break
        }
        t += 1.0 / 64
        try moveClock(clock, to: t)
    }
    return result.withLock { $0 }
}
