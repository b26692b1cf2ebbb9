import AnimServer
import Dispatch
import Glibc
import Logging

enum DaemonSignals {
    /// SIGTERM (systemd stop) and SIGINT (Ctrl-C) stop the server cleanly, then the process exits 0.
    /// SIGPIPE is ignored: a client that vanished is noticed through the socket, not by dying.
    static func stopOnTermination(_ server: Server, logger: Logger) {
        signal(SIGPIPE, SIG_IGN)
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                logger.info("stopping", metadata: ["signal": "\(number)"])
                server.stop()
                exit(0)
            }
            source.resume()
            sources.append(source)
        }
    }

    // Signal sources must outlive the call that installs them.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
}
