import AnimCore
import AnimDisplay
import AnimProtocol
import AnimTransport
import Foundation

/// InspectRequest: JSON documents about the server and its clients, for the server's user or root.
extension ControlService {
    func inspect(_ request: InspectRequest, from session: Session) -> [Message] {
        guard isPrivileged(session) else {
            return [
                permissionDenied(session, opcode: InspectRequest.opcode, request: request.request, what: "inspection")
            ]
        }
        do {
            let json = try inspectionJSON(request.query, asker: session)
            return [.inspectReply(InspectReply(request: request.request, json: json))]
        } catch {
            return [errorReport(error, request: UInt64(request.request))]
        }
    }

    private func inspectionJSON(_ query: WireInspectQuery, asker: Session) throws(ProtocolError) -> String {
        switch query {
        case .status:
            return encode(statusDocument())
        case .clients:
            return encode(
                sessions.keys.sorted().compactMap { sessions[$0] }.map { s in
                    InspectionDocuments.Client(
                        session: s.id.rawValue, name: s.name, pid: s.credentials?.pid, uid: s.credentials?.uid,
                        version: s.version ?? 0, acknowledgesCommits: s.acknowledgesCommits,
                        layers: s.context.tree.count, animations: s.context.animationCount)
                })
        case .tree(let q):
            let target = try client(q.client, field: "query.tree.client", asker: asker)
            let tree = target.context.tree
            let states = q.presentation ? tree.presentationStates(atAbsoluteTime: clock.now()) : [:]
            func layer(_ id: LayerID) -> InspectionDocuments.TreeLayer? {
                guard let node = tree.node(id) else { return nil }
                let state = states[id] ?? node.state
                return InspectionDocuments.TreeLayer(
                    id: id.rawValue, class: state.layerClass.rawValue,
                    properties: InspectionDocuments.properties(of: state),
                    sublayers: node.sublayers.compactMap(layer))
            }
            return encode(
                InspectionDocuments.Tree(
                    session: target.id.rawValue, presentation: q.presentation, roots: tree.roots.compactMap(layer)))
        case .layer(let q):
            let target = try client(q.client, field: "query.layer.client", asker: asker)
            let id = LayerID(q.layer)
            guard let node = target.context.tree.node(id) else {
                throw ProtocolError(
                    .unknownLayer, opcode: InspectRequest.opcode, field: "query.layer.layer", value: "\(q.layer)",
                    detail: "\(id) does not exist in \(target.id)")
            }
            let state =
                q.presentation
                ? ((try? target.context.presentation(of: id, at: clock.now())) ?? node.state) : node.state
            return encode(
                InspectionDocuments.Layer(
                    session: target.id.rawValue, id: q.layer, class: state.layerClass.rawValue,
                    properties: InspectionDocuments.properties(of: state),
                    animations: node.animations.entries.map(\.key)))
        case .outputs:
            return encode(outputsDocument())
        case .animations(let raw):
            let target = try client(raw, field: "query.animations", asker: asker)
            var list: [InspectionDocuments.Animation] = []
            let tree = target.context.tree
            for id in tree.layerIDs {
                guard let node = tree.node(id) else { continue }
                for entry in node.animations.entries {
                    guard let owner = target.context.clientAnimation(on: id, entry: entry.id) else { continue }
                    let timing = entry.attached.animation.timing
                    // An animation of the layer's timeOffset begins on the parent's time.
                    let space = entry.runsOnParentTime ? node.parent : id
                    let begin = (try? tree.convertTime(timing.beginTime, from: space, to: nil)) ?? nil
                    list.append(
                        InspectionDocuments.Animation(
                            session: target.id.rawValue, layer: id.rawValue, id: owner.id, key: entry.key,
                            class: entry.attached.animation.kind.className, beginTime: begin ?? timing.beginTime,
                            duration: timing.duration))
                }
            }
            return encode(list)
        }
    }

    /// The session an inspection names; 0 is the asking one.
    private func client(_ raw: UInt32, field: String, asker: Session) throws(ProtocolError) -> Session {
        if raw == 0 { return asker }
        guard let session = sessions[SessionID(raw)], session.isReady else {
            throw ProtocolError(
                .unknownClient, opcode: InspectRequest.opcode, field: field, value: "\(raw)",
                detail: "no client session \(raw) is connected")
        }
        return session
    }

    private func statusDocument() -> InspectionDocuments.Status {
        let s = statistics
        return InspectionDocuments.Status(
            uptime: s.uptime, clients: s.sessions, layers: s.layers, animations: s.animations, frames: s.frames,
            frameTime: InspectionDocuments.FrameTime(
                p50: s.frameTime.p50 * 1000, p99: s.frameTime.p99 * 1000, max: s.frameTime.max * 1000),
            memory: InspectionDocuments.Memory(
                rss: ProcessResources.residentBytes() ?? 0, trims: memoryReturn.trims,
                returnedBytes: memoryReturn.returnedBytes),
            images: s.images,
            imageBytes: s.imageBytes, openFDs: ProcessResources.openDescriptorCount() ?? 0,
            output: output.map { outputDocument($0.statistics) })
    }

    private func outputDocument(_ o: OutputStatistics) -> InspectionDocuments.Output {
        InspectionDocuments.Output(
            width: o.size.width, height: o.size.height, refresh: o.refresh, renderer: o.renderer.kind.rawValue,
            device: o.renderer.device, reason: o.reason,
            maxTextureSize: o.renderer.maxTextureSize == Int.max ? nil : o.renderer.maxTextureSize,
            framesDrawn: o.framesDrawn, framesSkipped: o.framesSkipped, framesUnchanged: o.framesUnchanged,
            renderFailures: o.renderFailures, screenshots: o.screenshots,
            renderTime: InspectionDocuments.RenderTime(
                last: o.lastRenderTime * 1000, p50: o.renderTime.p50 * 1000, p99: o.renderTime.p99 * 1000),
            pixelsRedrawn: o.pixelsRedrawnLastFrame, tilesRastered: o.tilesRastered, tilesCached: o.tilesCached,
            tileCacheBytes: o.tileCacheBytes,
            pacing: o.pacing.map { p in
                InspectionDocuments.Pacing(
                    framesPresented: p.framesPresented, missedVblanks: p.missedVblanks,
                    sharedVblanks: p.sharedVblanks, hitchRatio: p.hitchRatio * 1000,
                    measuredRefresh: p.refreshInterval > 0 ? 1 / p.refreshInterval : 0,
                    commitToPhotonBoundsMs: LatencyHistogram.bounds.map { $0 * 1000 },
                    commitToPhotonCounts: p.commitToPhoton.counts, commitToPhotonMaxMs: p.commitToPhoton.max * 1000)
            },
            session: o.session.map { s in
                InspectionDocuments.Session(kind: s.kind.rawValue, backend: s.backend, seat: s.seat, reason: s.reason)
            })
    }

    private func encode(_ document: some Encodable) -> String {
        do {
            return try InspectionJSON.text(document)
        } catch {
            logger.error("inspection document not encodable", metadata: ["error": "\(error)"])
            return "{}"
        }
    }
}

/// What the kernel says about this process, from /proc.
enum ProcessResources {
    /// Resident set size in bytes (/proc/self/statm's second field, in pages).
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Open file descriptors (entries of /proc/self/fd), counted even at the descriptor limit, where listing the
    /// directory anew would need one more.
    static func openDescriptorCount() -> Int? {
        FileDescriptor.openCount()
    }
}
