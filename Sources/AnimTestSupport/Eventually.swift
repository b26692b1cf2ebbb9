import AnimTransport
import Glibc

/// Polls `condition` every 10 ms until it holds or `timeout` seconds pass; true when it held. For a state another
/// thread or process reaches by itself (a loop thread, the daemon); bounded, so a broken one fails the test
/// instead of hanging it.
public func eventually(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = MonotonicClock.now() + timeout
    repeat {
        if try condition() { return true }
        usleep(10_000)
    } while MonotonicClock.now() < deadline
    return try condition()
}
