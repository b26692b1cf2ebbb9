import Foundation

/// State shared between the app's threads and the connection's reader thread, behind one lock. It holds
/// the app's objects (layers, animations, delegates), which are not Sendable, so it is a lock around a
/// value rather than `Synchronization.Mutex`, whose `sending` rules would forbid keeping them.
final class Locked<State>: @unchecked Sendable {
    private var state: State
    private let lock = NSLock()

    init(_ state: State) { self.state = state }

    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
