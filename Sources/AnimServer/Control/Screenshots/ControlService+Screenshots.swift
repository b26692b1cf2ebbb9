import AnimCore
import AnimDisplay
import AnimProtocol
import AnimTransport

/// A nextFrame screenshot waiting for the loop's next frame.
struct PendingScreenshot {
    /// Whose layer (the asker's when the request said client 0); unused for the whole output.
    var client: SessionID
    /// nil for the whole output.
    var layer: LayerID?
    var reply: ScreenshotReplier
}

/// ScreenshotRequest: the output's pixels or one layer drawn alone, answered from the render thread.
extension ControlService {
    func screenshot(_ request: ScreenshotRequest, from session: Session) -> [Message] {
        guard isPrivileged(session) else {
            return [
                permissionDenied(
                    session, opcode: ScreenshotRequest.opcode, request: request.request, what: "screenshots")
            ]
        }
        let replier = ScreenshotReplier(session: session.id, request: request.request, deliver: deliverLater)
        guard let output else {
            return [
                replier.error(.renderFailed, field: "layer", value: "\(request.layer)", "this server has no output")
            ]
        }
        let target: Session
        if request.client == 0 {
            target = session
        } else {
            guard let named = sessions[SessionID(request.client)], named.isReady else {
                return [
                    replier.error(
                        .unknownClient, field: "client", value: "\(request.client)",
                        "no client session \(request.client) is connected")
                ]
            }
            target = named
        }
        var layer: LayerID?
        if request.layer != 0 {
            guard let raw = UInt32(exactly: request.layer), target.context.tree.hasLayer(LayerID(raw)) else {
                return [
                    replier.error(
                        .unknownLayer, field: "layer", value: "\(request.layer)",
                        "layer#\(request.layer) does not exist in \(target.id)")
                ]
            }
            layer = LayerID(raw)
        }
        if request.nextFrame {
            pendingScreenshots.append(PendingScreenshot(client: target.id, layer: layer, reply: replier))
            // A frame is due at once, so the request is answered even when nothing animates.
            markChanged()
            return []
        }
        let now = clock.now()
        let job = ScreenshotJob(
            target: layer.map { .layer($0, in: sceneClient(target, at: now)) } ?? .output, completion: replier.finish)
        if layer == nil {
            let clients = sessions.keys.sorted().compactMap { sessions[$0] }.filter(\.isReady).map {
                sceneClient($0, at: now)
            }
            output.screenshot(of: DisplayFrame(frame: frames, time: now, scenes: clients), job)
        } else {
            output.screenshot(of: DisplayFrame(frame: frames, time: now, scenes: []), job)
        }
        return []
    }

    /// Hands the waiting nextFrame screenshots to the output with the frame about to be presented.
    func attachPendingScreenshots(to snapshot: RenderSnapshot) {
        guard !pendingScreenshots.isEmpty else { return }
        let pending = pendingScreenshots
        pendingScreenshots = []
        guard let output else {
            for shot in pending { shot.reply.finish(.failure(.outputStopped)) }
            return
        }
        var jobs: [ScreenshotJob] = []
        for shot in pending {
            guard let layer = shot.layer else {
                jobs.append(ScreenshotJob(target: .output, completion: shot.reply.finish))
                continue
            }
            guard let client = snapshot.clients.first(where: { $0.session == shot.client }) else {
                shot.reply.send([
                    shot.reply.error(
                        .unknownClient, field: "client", value: "\(shot.client.rawValue)",
                        "client session \(shot.client.rawValue) went away before the next frame")
                ])
                continue
            }
            jobs.append(ScreenshotJob(target: .layer(layer, in: client), completion: shot.reply.finish))
        }
        output.screenshotNextFrame(jobs)
    }
}
