import AnimCore
import AnimProtocol
import AnimServer
import AnimTransport
import Logging

/// Differential fuzzing of the server core (`scripts/fuzz-server.sh`). Each input is one record from a client,
/// given to two `ServerCore`s in the same state: one takes the bytes as the daemon's loop gives them (so a
/// commit of plain property changes goes through `SetPropertyBatch`), the other gets the record decoded by
/// `FrameCodec` and handed over as a `Message` (the general path). Both must answer a commit exactly the same
/// and show the same presentation of every layer afterwards; neither may crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let record = Array(UnsafeBufferPointer(start: data, count: size))
    let bytesFirst = FuzzCore.shared.bytes
    let decodedFirst = FuzzCore.shared.decoded
    let a = bytesFirst.openScene()
    let b = decodedFirst.openScene()
    let answerA = bytesFirst.core.receive(record: record, fds: [], from: a).deliveries.map(\.message)
    let answerB: [Message]
    do {
        let message = try FrameCodec.decode(record, maxMessageBytes: Int(bytesFirst.core.configuration.maxMessageBytes))
        answerB = decodedFirst.core.receive(message, fds: [], from: b).map(\.message)
    } catch {
        answerB = decodedFirst.core.reject(error, from: b).map(\.message)
    }
    // Other messages (status with uptime and memory, clock replies) answer with what differs between two
    // processes' moments; commits and decode errors answer only from the input and the scene.
    // Answers compare as their bytes: a NaN the two paths both computed is the same answer.
    let isCommit = FrameCodec.opcode(of: UnsafeRawBufferPointer(start: data, count: size)) == Commit.opcode
    precondition(
        !isCommit || answerA.map(FrameCodec.encode) == answerB.map(FrameCodec.encode),
        "the two paths answered differently: \(answerA) against \(answerB)")
    for layer in UInt32(1)...12 {
        let presentationA = bytesFirst.presentation(of: layer, in: a)
        let presentationB = decodedFirst.presentation(of: layer, in: b)
        precondition(
            presentationA.map(FrameCodec.encode) == presentationB.map(FrameCodec.encode),
            "layer \(layer) differs after \(answerA): \(presentationA) against \(presentationB)")
    }
    _ = bytesFirst.core.closeSession(a)
    _ = decodedFirst.core.closeSession(b)
    return 0
}

/// A server core on a manual clock, and the scene every input starts from.
final class FuzzCore {
    nonisolated(unsafe) static let shared = (bytes: FuzzCore(), decoded: FuzzCore())

    let core = ServerCore(
        configuration: ServerConfiguration(), clock: .manual(start: 0), serverUID: 0,
        logger: Logger(label: "fuzzserver", factory: { _ in SwiftLogNoOpLogHandler() }))

    /// A session after Hello with layers 1…8 of several classes, a sublayer, a mask and an animation.
    func openScene() -> SessionID {
        let session = core.openSession(credentials: PeerCredentials(pid: 1, uid: 0, gid: 0))
        let hello = Hello(minVersion: 1, maxVersion: ProtocolVersion.current, clientName: "fuzz")
        _ = core.receive(.hello(hello), fds: [], from: session)
        let classes: [WireLayerClass] = [.layer, .shape, .text, .gradient, .replicator, .emitter, .layer, .layer]
        var operations = classes.enumerated().map { index, layerClass in
            WireOperation.createLayer(WireCreateLayer(layer: UInt32(index + 1), layerClass: layerClass))
        }
        operations += [
            .insertSublayer(WireInsertSublayer(parent: 1, layer: 2, index: -1)),
            .setProperty(WireSetProperty(layer: 1, keyPath: "mask", value: .layer(7))),
            .setProperty(WireSetProperty(layer: 3, keyPath: "opacity", value: .number(0.5))),
            .addAnimation(
                WireAddAnimation(
                    layer: 2, animationID: 1, key: "fade", completion: 0, transactionDuration: 0.25,
                    animation: WireAnimation(
                        timing: WireTiming(
                            beginTime: 0, duration: 1, speed: 1, timeOffset: 0, repeatCount: 0, repeatDuration: 0,
                            autoreverses: false, fillMode: .removed),
                        timingFunction: .named(.linear), removedOnCompletion: true,
                        kind: .basic(
                            WireBasic(
                                keyPath: "opacity", fromValue: .number(0), toValue: .number(1), byValue: nil,
                                additive: false, cumulative: false, valueFunction: nil))))),
        ]
        _ = core.receive(
            .commit(Commit(transaction: 1, completions: [], operations: operations)), fds: [], from: session)
        return session
    }

    func presentation(of layer: UInt32, in session: SessionID) -> [Message] {
        core.receive(
            .presentationQuery(PresentationQuery(request: layer, layer: layer, time: 0.5)), fds: [], from: session
        ).map(\.message)
    }
}
