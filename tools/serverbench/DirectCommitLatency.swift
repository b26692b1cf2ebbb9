import AnimProtocol

/// Commit → applied without the SDK: pre-encoded commits of `properties` position changes sent straight to
/// the daemon, each followed by a Sync, against Sync alone on the same connection (CommitApplied off, as the SDK
/// has it). What is left of the SDK figures after subtracting these is the client library's time.
struct DirectCommitLatency {
    let connection: RawConnection
    let runs: Int

    init(socketPath: String, runs: Int) throws {
        connection = try RawConnection(path: socketPath, acknowledgeCommits: false)
        self.runs = runs
        try connection.createLayers(1000)
    }

    func syncOnly() throws -> Double {
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try seconds { try connection.sync() }) }
        return median(samples) * 1e6
    }

    func commit(properties: Int) throws -> Double {
        var samples: [Double] = []
        for run in 0..<runs {
            let frame = FrameCodec.encode(
                .commit(
                    Commit(
                        transaction: UInt64(run + 2), completions: [],
                        operations: (0..<properties).map { index in
                            .setProperty(
                                WireSetProperty(
                                    layer: UInt32(index + 1), keyPath: "position",
                                    value: .point(WirePoint(x: Double(run), y: Double(properties)))))
                        })))
            samples.append(
                try seconds {
                    try connection.send(frame)
                    try connection.sync()
                })
        }
        return median(samples) * 1e6
    }

    func close() { connection.close() }
}
