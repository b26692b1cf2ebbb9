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

    /// Descriptors this process has open (the entries of /proc/self/fd), or nil when they cannot be listed. Works
    /// at the descriptor limit too, where opening the directory to list it would fail with EMFILE.
    public static func openCount() -> Int? {
        let count = ipc_count_open_fds()
        return count >= 0 ? Int(count) : nil
    }

    /// Whether this process can open no more descriptors (EMFILE or ENFILE): an accept or a received descriptor
    /// failed for want of one, not because the peer did something wrong.
    public static func isExhaustion(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE
    }
}
