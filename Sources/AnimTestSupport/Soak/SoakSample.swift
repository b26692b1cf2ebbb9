import AnimKit
import AnimProtocol
import Foundation

/// One second of a soak: the daemon's resident memory and open descriptors read from /proc, and the frame
/// counters of its `status` inspection document (protocol/README.md, "Inspection").
public struct SoakSample: Hashable, Sendable {
    /// Seconds since the soak started.
    public var time: Double
    /// What the soak was doing: "before", "load", "leaving" or "after".
    public var phase: String
    public var residentBytes: Int
    public var openDescriptors: Int
    public var clients: Int
    public var layers: Int
    public var animations: Int
    /// Frames the server's loop built since it started.
    public var frames: UInt64
    /// Milliseconds the server took to build a frame over its recent frames.
    public var frameTimeP50: Double
    public var frameTimeP99: Double
    public var frameTimeMax: Double
    /// Frames the output's render thread drew, and those it dropped for a newer one.
    public var framesDrawn: UInt64
    public var framesSkipped: UInt64
    /// The output's refresh rate (frames per second); 0 without an output.
    public var refresh: Double

    public init(
        time: Double, phase: String, residentBytes: Int, openDescriptors: Int, clients: Int, layers: Int,
        animations: Int, frames: UInt64, frameTimeP50: Double, frameTimeP99: Double, frameTimeMax: Double,
        framesDrawn: UInt64, framesSkipped: UInt64, refresh: Double
    ) {
        self.time = time
        self.phase = phase
        self.residentBytes = residentBytes
        self.openDescriptors = openDescriptors
        self.clients = clients
        self.layers = layers
        self.animations = animations
        self.frames = frames
        self.frameTimeP50 = frameTimeP50
        self.frameTimeP99 = frameTimeP99
        self.frameTimeMax = frameTimeMax
        self.framesDrawn = framesDrawn
        self.framesSkipped = framesSkipped
        self.refresh = refresh
    }

    public static let csvHeader =
        "time,phase,rss_bytes,open_fds,clients,layers,animations,frames,frame_ms_p50,frame_ms_p99,frame_ms_max,"
        + "frames_drawn,frames_skipped"

    public var csvRow: String {
        [
            String(format: "%.3f", time), phase, "\(residentBytes)", "\(openDescriptors)", "\(clients)", "\(layers)",
            "\(animations)", "\(frames)", String(format: "%.3f", frameTimeP50), String(format: "%.3f", frameTimeP99),
            String(format: "%.3f", frameTimeMax), "\(framesDrawn)", "\(framesSkipped)",
        ].joined(separator: ",")
    }
}

/// The `status` inspection document the soak and the hostile cases read: the shared type (protocol/README.md,
/// "Clock control and inspection").
public typealias StatusDocument = InspectionDocuments.Status

extension InspectionDocuments.Status {
    /// Asks the server over `connection`.
    public static func read(_ connection: Connection) throws -> InspectionDocuments.Status {
        try connection.inspectStatus()
    }
}

/// A process's resident set and open descriptors, read as `ps` and `ls /proc/PID/fd` would.
public enum ProcessFigures {
    /// VmRSS of /proc/PID/status, in bytes.
    public static func residentBytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        throw SoakError.unreadable("/proc/\(pid)/status has no VmRSS")
    }

    /// The entries of /proc/PID/fd.
    public static func openDescriptors(of pid: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }
}

/// Why a soak could not go on.
public enum SoakError: Error, CustomStringConvertible {
    case unreadable(String)
    case daemonExited(log: String)

    public var description: String {
        switch self {
        case .unreadable(let what): what
        case .daemonExited(let log): "animserverd exited during the soak; its log ends:\n\(log.suffix(4000))"
        }
    }
}
