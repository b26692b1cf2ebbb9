import AnimCore
import AnimDisplay
import AnimInput
import AnimServer
import Logging

/// The DRM output's input devices: libinput on the output's seat session, touches mapped onto `touchOutput`, the
/// cursor drawn by the output, each event handed to the server's router on the loop thread. Input that cannot be
/// watched (no udev, no seat) is logged and the display runs without it. The headless output has no devices:
/// `animctl input` is its input.
enum DaemonInput {
    /// Where the devices' events go, on the loop thread: the server's router (`Sources/AnimServer/Input/`), which
    /// hit-tests them on the presentation tree at their time.
    static func route(_ event: RawInputEvent, to server: Server) { server.deliverInput(event) }

    static func open(
        display: DRMOutput, configuration: ServerConfiguration, server: Server, logger: Logger
    ) -> InputDevices? {
        do throws(InputDeviceError) {
            let source = try LibinputSource(session: display.session, logger: logger)
            let devices = try InputDevices(
                source: source, touchOutput: configuration.touchOutput, cursorMode: configuration.cursor,
                absolutePointerAsTouch: configuration.absolutePointerAsTouch,
                cursor: display.output.cursor, outputs: { display.outputDescriptions },
                mediaTime: { server.inputTime(atMonotonic: $0) }, logger: logger)
            devices.sink = { route($0, to: server) }
            display.observeSeat(paused: { devices.seatPaused() }, resumed: { devices.seatResumed() })
            return devices
        } catch {
            logger.warning("input devices not watched", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
