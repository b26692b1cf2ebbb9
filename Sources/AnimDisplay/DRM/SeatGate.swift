import Foundation

/// Closed while the seat is disabled. The scan-out holds it across each sequence of ioctls (a frame's copy
/// and flip, a mode change, a re-probe), so closing it from the loop thread waits for the one in progress.
/// Recursive: resuming re-probes through the same gated path on the render thread.
final class SeatGate: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var paused = false

    func enter() { lock.lock() }
    func leave() { lock.unlock() }

    /// Read between `enter` and `leave`.
    var isPaused: Bool { paused }

    /// Waits for the ioctls in progress, then keeps every later one out.
    func close() {
        lock.withLock { paused = true }
    }

    func open() {
        lock.withLock { paused = false }
    }
}
