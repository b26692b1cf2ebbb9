import Foundation

/// The work waiting for the render thread, shared by the loop thread (which adds) and the render thread
/// (which takes). Everything is guarded by one condition lock.
final class RenderQueue: @unchecked Sendable {
    enum Job {
        /// A frame of the loop, with the screenshots to take once it is drawn.
        case frame(DisplayFrame, [ScreenshotJob])
        /// A snapshot drawn for one screenshot.
        case capture(DisplayFrame, ScreenshotJob)
        /// A change of the display (`animctl output`), answered on the render thread.
        /// The change and the output's name (`""`: the first); answered with every output after it.
        case control(OutputChange, String, @Sendable (Result<[OutputDescription], OutputControlError>) -> Void)
        /// udev reported a change of the card: re-probe the connectors (hotplug).
        case reprobe
        /// The seat came back (VT switched back): relight the display and redraw it.
        case seatResumed
    }

    struct State {
        var jobs: [Job] = []
        var nextFrameShots: [ScreenshotJob] = []
        var busy = false
        var stopping = false
        var statistics: OutputStatistics?
        /// The display was lit again (after a hotplug) and shows nothing of the scene until a frame is drawn.
        var redrawWanted = false
    }

    private let condition = NSCondition()
    private var state = State()

    func withLock<R>(_ body: (inout State) -> R) -> R {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }

    /// Adds `frame`, replacing every frame not yet started (their screenshots move to it).
    func submit(_ frame: DisplayFrame) {
        let refused: [ScreenshotJob] = withLock { s in
            var shots: [ScreenshotJob] = []
            var skipped: UInt64 = 0
            s.jobs.removeAll { job in
                guard case .frame(_, let carried) = job else { return false }
                shots += carried
                skipped += 1
                return true
            }
            shots += s.nextFrameShots
            s.nextFrameShots = []
            s.statistics?.framesSkipped += skipped
            s.redrawWanted = false
            if s.stopping { return shots }
            s.jobs.append(.frame(frame, shots))
            condition.signal()
            return []
        }
        for shot in refused { shot.completion(.failure(.outputStopped)) }
    }

    func enqueue(_ job: Job) {
        let accepted = withLock { s in
            guard !s.stopping else { return false }
            s.jobs.append(job)
            condition.signal()
            return true
        }
        guard !accepted else { return }
        switch job {
        case .capture(_, let shot): shot.completion(.failure(.outputStopped))
        case .control(_, _, let completion): completion(.failure(.outputStopped))
        case .frame, .reprobe, .seatResumed: break
        }
    }

    /// The next job, waiting for one; nil once stopping. Marks the queue busy until `finished()`.
    func take() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while state.jobs.isEmpty && !state.stopping { condition.wait() }
        guard !state.stopping else { return nil }
        state.busy = true
        return state.jobs.removeFirst()
    }

    func finished() {
        withLock { s in
            s.busy = false
            condition.broadcast()
        }
    }

    func waitUntilIdle() {
        condition.lock()
        defer { condition.unlock() }
        while (!state.jobs.isEmpty || state.busy) && !state.stopping { condition.wait() }
    }

    /// Stops taking jobs; returns the screenshots that will never be taken, failed with `outputStopped`.
    func stop() {
        let abandoned: ([ScreenshotJob], [@Sendable (Result<[OutputDescription], OutputControlError>) -> Void]) =
            withLock { s in
                guard !s.stopping else { return ([], []) }
                s.stopping = true
                var shots = s.nextFrameShots
                var controls: [@Sendable (Result<[OutputDescription], OutputControlError>) -> Void] = []
                for job in s.jobs {
                    switch job {
                    case .frame(_, let carried): shots += carried
                    case .capture(_, let shot): shots.append(shot)
                    case .control(_, _, let completion): controls.append(completion)
                    case .reprobe, .seatResumed: break
                    }
                }
                s.jobs = []
                s.nextFrameShots = []
                condition.broadcast()
                return (shots, controls)
            }
        for shot in abandoned.0 { shot.completion(.failure(.outputStopped)) }
        for control in abandoned.1 { control(.failure(.outputStopped)) }
    }
}
