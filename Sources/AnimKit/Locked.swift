import Foundation

/// State shared between the app's threads and the connection's reader thread, behind one lock. It holds
/// the app's objects (layers, animations, delegates), which are not Sendable, so it is a lock around a
/// value rather than `Synchronization.Mutex`, whose `sending` rules would forbid keeping them.
///
/// The lock is what keeps accesses to `state` exclusive, so the runtime's own exclusivity check (paid on
/// every access to a class's stored property) is switched off for it.
final class Locked<State>: @unchecked Sendable {
    @exclusivity(unchecked) private var state: State
    private let lock = NSLock()

    init(_ state: State) { self.state = state }

    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
