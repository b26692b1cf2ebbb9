import AnimKit
import Dispatch
import Foundation

/// One scripted transition: `start` begins it on the app's queue and calls its argument once it has ended.
/// Used only from the script's thread, which hands `start` to the app's queue.
public struct ScriptStep: @unchecked Sendable {
    let name: String
    let start: (@escaping @Sendable () -> Void) -> Void

    public init(_ name: String, start: @escaping (@escaping @Sendable () -> Void) -> Void) {
        self.name = name
        self.start = start
    }
}

/// `--script`: starts each step once the previous one has ended and the server's media time has moved `pause`
/// seconds past that, so on a manual clock each transition begins at a media time the driver chose (it moves the
/// clock there) and its frames are the same every run.
struct ScriptRunner: @unchecked Sendable {
    let connection: Connection
    let queue: DispatchQueue
    let pause: Double

    func run(_ steps: [ScriptStep]) {
        Thread {
            var next = connection.currentMediaTime() + pause
            for step in steps {
                guard waitForMediaTime(next) else { return }
                let ended = DispatchSemaphore(value: 0)
                queue.async { step.start { ended.signal() } }
                ended.wait()
                ExampleOutput.line("script step done: \(step.name)")
                next = connection.currentMediaTime() + pause
            }
            ExampleOutput.line("script done")
        }.start()
    }

    /// Polls the server (a sync reports its clock) until its media time reaches `time`; false once the
    /// connection has closed.
    private func waitForMediaTime(_ time: Double) -> Bool {
        while connection.currentMediaTime() < time {
            do { try connection.sync() } catch { return false }
            if connection.currentMediaTime() >= time { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }
}
