import AnimKit

/// From `Transaction.commit()` until the server has applied the commit. The SDK learns that through a Sync
/// round trip (the server answers it after CommitApplied), so the sync round trip alone is the baseline.
struct CommitLatency {
    let client: Connection
    let runs: Int
    let layers: [Layer]

    init(client: Connection, runs: Int) throws {
        self.client = client
        self.runs = runs
        Transaction.begin()
        layers = (0..<1000).map { _ in Layer(connection: client) }
        Transaction.commit()
        try client.sync()
    }

    func syncOnly() throws -> Double {
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try seconds { try client.sync() }) }
        return median(samples) * 1e6
    }

    /// Changes `properties` layers' positions (actions off: no animation) and waits until applied.
    func commit(properties: Int) throws -> Double {
        var samples: [Double] = []
        for run in 0..<runs {
            samples.append(
                try seconds {
                    Transaction.begin()
                    Transaction.disableActions = true
                    for layer in layers.prefix(properties) {
                        layer.position = Point(x: Double(run), y: Double(properties))
                    }
                    Transaction.commit()
                    try client.sync()
                })
        }
        return median(samples) * 1e6
    }
}
