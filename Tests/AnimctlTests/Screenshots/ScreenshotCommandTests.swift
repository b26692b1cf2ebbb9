import Testing

/// `animctl screenshot` and `record` refuse bad arguments before talking to any server.
@Suite struct ScreenshotCommandTests {
    @Test func aClientWithoutALayerIsRefused() throws {
        let result = try AnimctlRunner.run(["screenshot", "--client", "3", "/nonexistent/never.png"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--client 3 names a client: add --layer ID"))
    }

    @Test(arguments: [
        (["--frames", "0", "/nonexistent/never"], "--frames 0: must be 1…100000"),
        (["--frames", "2", "--step=-1", "/nonexistent/never"], "--step -1.0: must be a positive number of seconds"),
        (["--frames", "2", "--step", "nan", "/nonexistent/never"], "--step nan: must be a positive number of seconds"),
    ])
    func badRecordArgumentsAreRefused(arguments: [String], message: String) throws {
        let result = try AnimctlRunner.run(["record"] + arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func withoutAServerTheErrorNamesTheSocket() throws {
        let result = try AnimctlRunner.run([
            "screenshot", "--socket", "/nonexistent/animserver.sock", "/nonexistent/never.png",
        ])
        #expect(result.status != 0)
        #expect(result.standardError.contains("cannot reach animserverd"))
        #expect(result.standardError.contains("/nonexistent/animserver.sock"))
    }
}
