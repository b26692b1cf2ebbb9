import AnimDisplay
import AnimProtocol
import Foundation

/// `animctl output`: the outputs document (InspectRequest `outputs`) and OutputControl.
extension ControlService {
    /// One entry per output (per connector lit): its connector, its rectangle of the scene, modes, rotation and
    /// power.
    typealias OutputEntry = InspectionDocuments.OutputEntry

    func outputsDocument() -> [OutputEntry] {
        guard let output else { return [] }
        return Self.entries(output.outputDescriptions)
    }

    static func entries(_ descriptions: [OutputDescription]) -> [OutputEntry] {
        descriptions.map(entry)
    }

    /// Why `name` picks none of `descriptions` (`""` picks the first); nil when it picks one.
    static func unknownOutput(_ name: String, in descriptions: [OutputDescription]) -> String? {
        let names = descriptions.map(\.name)
        guard !name.isEmpty, !names.contains(name) else { return nil }
        return "no such output (this server has \(names.joined(separator: ", ")))"
    }

    private static func modeText(_ mode: DisplayMode) -> String {
        "\(mode.width)x\(mode.height)@\((mode.refresh * 100).rounded() / 100)"
    }

    func outputControl(_ control: OutputControl, from session: Session) -> [Message] {
        guard isPrivileged(session) else {
            return [
                permissionDenied(
                    session, opcode: OutputControl.opcode, request: control.request, what: "output control")
            ]
        }
        func refuse(_ code: WireErrorCode, _ field: String, _ value: String, _ detail: String) -> [Message] {
            [
                errorReport(
                    ProtocolError(code, opcode: OutputControl.opcode, field: field, value: value, detail: detail),
                    request: UInt64(control.request))
            ]
        }
        guard let output else { return refuse(.renderFailed, "output", control.output, "this server has no output") }
        if let unknown = Self.unknownOutput(control.output, in: output.outputDescriptions) {
            return refuse(.invalidValue, "output", control.output, unknown)
        }
        let change: OutputChange
        switch control.action {
        case .mode(let mode):
            guard (1...16384).contains(mode.width), (1...16384).contains(mode.height),
                mode.refresh == 0 || (mode.refresh.isFinite && mode.refresh >= 1 && mode.refresh <= 1000)
            else {
                return refuse(
                    .invalidValue, "action.mode", "\(mode.width)x\(mode.height)@\(mode.refresh)",
                    "sides must be 1…16384 and the refresh 0 (the highest) or 1…1000 Hz")
            }
            change = .mode(
                ModeRequest(
                    width: Int(mode.width), height: Int(mode.height), refresh: mode.refresh == 0 ? nil : mode.refresh))
        case .rotation(let degrees):
            guard let rotation = Int(exactly: degrees).flatMap(OutputRotation.init(rawValue:)) else {
                return refuse(.invalidValue, "action.rotation", "\(degrees)", "must be 0, 90, 180 or 270")
            }
            change = .rotation(rotation)
        case .power(let on):
            change = .power(on)
        }
        let session = session.id
        let request = control.request
        let deliver = deliverLater
        output.control(change, output: control.output) { result in
            let message: Message
            switch result {
            case .success(let descriptions):
                message = .inspectReply(InspectReply(request: request, json: Self.json(Self.entries(descriptions))))
            case .failure(let error):
                message = .errorReport(
                    ErrorReport(
                        code: WireErrorCode.renderFailed.rawValue, opcode: OutputControl.opcode,
                        request: UInt64(request), field: "OutputControl.action", value: "\(change)",
                        message: "\(error)",
                        fatal: false))
            }
            deliver?([Delivery(session: session, message: message)])
        }
        // The frame after the change (queued behind it on the render thread) redraws the whole output.
        markChanged()
        return []
    }

    private static func entry(_ d: OutputDescription) -> OutputEntry {
        OutputEntry(
            name: d.name, device: d.device, x: d.position.x, y: d.position.y, width: d.sceneSize.width,
            height: d.sceneSize.height,
            mode: d.mode.map(modeText), modes: d.modes.map(modeText), rotation: d.rotation.rawValue,
            rotatedBy: d.planeRotates ? "plane" : "renderer", power: d.powered ? "on" : "off",
            modesetting: d.modesetting)
    }

    static func json(_ entries: [OutputEntry]) -> String {
        (try? InspectionJSON.text(entries)) ?? "[]"
    }
}
