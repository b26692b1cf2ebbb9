import AnimProtocol
import AnimTestSupport
import Testing

/// The daemon applies a large commit in slices, serving other clients in between (docs/architecture.md, "Fair
/// reading"); the committing client's own records wait for it, so its answers keep their order.
@Suite struct SlicedCommitIntegrationTests {
    static let layers = 7000

    /// Position, bounds, opacity and zPosition of every layer in turn: 28,000 changes, many slices.
    static func flood(transaction: UInt64) -> Message {
        .commit(
            Commit(
                transaction: transaction, completions: [],
                operations: (0..<layers).flatMap { index -> [WireOperation] in
                    let layer = UInt32(index + 1)
                    let at = Double(index)
                    return [
                        .setProperty(
                            WireSetProperty(layer: layer, keyPath: "position", value: .point(WirePoint(x: 1, y: at)))),
                        .setProperty(
                            WireSetProperty(
                                layer: layer, keyPath: "bounds",
                                value: .rect(WireRect(x: 0, y: 0, width: 10, height: at)))
                        ),
                        .setProperty(WireSetProperty(layer: layer, keyPath: "opacity", value: .number(0.5))),
                        .setProperty(WireSetProperty(layer: layer, keyPath: "zPosition", value: .number(at))),
                    ]
                }))
    }

    @Test func recordsSentAfterALargeCommitAreAnsweredAfterIt() throws {
        let daemon = try DaemonHarness()
        let client = try RawClient(daemon)
        let other = try RawClient(daemon)
        client.send(
            .commit(
                Commit(
                    transaction: 1, completions: [],
                    operations: (1...UInt32(Self.layers)).map {
                        .createLayer(WireCreateLayer(layer: $0, layerClass: .layer))
                    })))
        client.send(Self.flood(transaction: 2))
        client.send(
            .commit(
                Commit(
                    transaction: 3, completions: [],
                    operations: [.setProperty(WireSetProperty(layer: 2, keyPath: "opacity", value: .number(0.25)))])))
        client.send(.presentationQuery(PresentationQuery(request: 4, layer: 2, time: nil)))
        other.send(.sync(Sync(request: 5)))

        var transactions: [UInt64] = []
        for _ in 0..<3 {
            guard case .commitApplied(let applied)? = try client.next() else {
                Issue.record("expected CommitApplied")
                return
            }
            transactions.append(applied.transaction)
        }
        #expect(transactions == [1, 2, 3])
        guard case .presentationReply(let reply)? = try client.next() else {
            Issue.record("expected the PresentationReply")
            return
        }
        #expect(reply.request == 4)
        let values = Dictionary(reply.properties.map { ($0.keyPath, $0.value) }, uniquingKeysWith: { a, _ in a })
        // The large commit's changes, then the small commit's opacity over them.
        #expect(values["opacity"] == .number(0.25))
        #expect(values["position"] == .point(WirePoint(x: 1, y: 1)))
        #expect(values["zPosition"] == .number(1))
        guard case .syncReply(let sync)? = try other.next() else {
            Issue.record("expected the other client's SyncReply")
            return
        }
        #expect(sync.request == 5)
        #expect(daemon.isRunning)
    }
}
