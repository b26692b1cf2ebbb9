/// How `Server` listens and paces frames; `animserverd` fills it from its arguments and the environment.
public struct ServerOptions: Sendable {
    /// Where the listening socket is bound; ignored when `listenFD` is set.
    public var socketPath: String
    /// A listening socket handed over by systemd socket activation (`LISTEN_FDS`): adopted instead of binding.
    public var listenFD: Int32?
    /// Quotas and the frame rate (the headless output's refresh rate while something animates).
    public var configuration: ServerConfiguration
    /// `.monotonic` follows CLOCK_MONOTONIC; `.manual` only moves through `ClockControl` (tests, inspection).
    public var clockMode: ServerClock.Mode
    /// The manual clock's first value.
    public var manualClockStart: Double
    /// Memory the messages a client has not read yet may hold (their bytes and per-message overhead) before it is
    /// told it stopped reading and disconnected (protocol/README.md, "Errors").
    public var maxQueuedBytesPerClient: Int

    public init(
        socketPath: String, listenFD: Int32? = nil, configuration: ServerConfiguration = ServerConfiguration(),
        clockMode: ServerClock.Mode = .monotonic, manualClockStart: Double = 0,
        maxQueuedBytesPerClient: Int = 16 << 20
    ) {
        self.socketPath = socketPath
        self.listenFD = listenFD
        self.configuration = configuration
        self.clockMode = clockMode
        self.manualClockStart = manualClockStart
        self.maxQueuedBytesPerClient = maxQueuedBytesPerClient
    }
}
