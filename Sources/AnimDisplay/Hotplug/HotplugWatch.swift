import Logging
import Synchronization

/// The card's connector hotplug as a source of the server's loop: the udev monitor's descriptor, read when it
/// is readable; a change of the card runs the handler (the output re-probes its connectors on the render
/// thread).
final class HotplugWatch: Sendable {
    private let monitor: UdevMonitor
    private let card: String
    private let logger: Logger
    private let handler = Mutex<(@Sendable () -> Void)?>(nil)

    init(monitor: UdevMonitor, card: String, logger: Logger) {
        self.monitor = monitor
        self.card = card
        self.logger = logger
    }

    /// Runs on the loop thread when the card's connectors may have changed.
    func setHandler(_ handler: @escaping @Sendable () -> Void) {
        self.handler.withLock { $0 = handler }
    }

    /// Reads what udev relayed; a hotplug never asks for a frame by itself (the re-probe does when it lights).
    func handleEvents() {
        guard UdevMonitor.concerns(monitor.receive(), card: card) else { return }
        logger.notice("connectors changed", metadata: ["device": "\(card)"])
        handler.withLock { $0 }?()
    }

    var loopSource: LoopSource {
        LoopSource(name: "udev", descriptor: monitor.fd) { [self] in
            handleEvents()
            return false
        }
    }
}
