import CIPC
import Glibc

/// Small helpers for raw descriptors the transport hands around (received fds, memfds).
public enum FileDescriptor {
    /// Closes `fd`. EINTR is not retried: on Linux the descriptor is released even when close reports EINTR, and a
    /// retry could close a descriptor another thread just received.
    public static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Closes every descriptor in `fds`.
    public static func close(_ fds: [Int32]) {
        for fd in fds { close(fd) }
    }

    /// A close-on-exec duplicate of `fd` (F_DUPFD_CLOEXEC).
    public static func duplicate(_ fd: Int32) throws(TransportError) -> Int32 {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw .lastError("dup", fd: fd) }
        return copy
    }
}
