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

extension DRMScanout {
    var session: SeatSessionDescription? { pacer.session }

    func seatPaused() {
        seatGate.close()
        logger.notice(
            "seat disabled: the display is left alone until it comes back", metadata: ["device": "\(device.path)"])
    }

    func seatResumed() throws(DRMError) {
        seatGate.enter()
        defer { seatGate.leave() }
        // Disabled again before this ran (the pause waits at the gate for it): the gate stays closed.
        guard !pacer.isSeatPaused else { return }
        seatGate.open()
        guard !stopped else { return }
        let wasPowered = powered
        // A connector that came or went while the VT was away was not followed: this lights or darkens it.
        if try connectorsChanged() != nil { return }
        guard !unplugged, let previous = modeset else { return }
        try light()
        // Each light makes a MODE_ID blob of its own.
        if let blob = previous.modeBlob, blob != modeset?.modeBlob { device.destroyBlob(blob) }
        if !wasPowered, let modeset {
            try setPower(false, atomic: modeset.atomic)
            powered = false
            publish()
        }
        logger.notice("seat enabled: display lit again", metadata: ["connector": "\(plan.connector.name)"])
    }
}
