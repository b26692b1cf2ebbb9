extension Connection {
    /// The server's media time now, without a round trip: what `CACurrentMediaTime()` is on iOS, the clock
    /// `beginTime`, the server's animation events and input timestamps are on (`animation.beginTime =
    /// connection.currentMediaTime() + 0.5` starts an animation half a second from now).
    ///
    /// The connection keeps the server clock's offset: the time Welcome reported, moved on by the local
    /// monotonic clock at the server clock's rate, and forward to any later time the server reports (a
    /// `SyncReply`, a `ClockState`, an input event). A manual server clock moves only when the server reports
    /// it, so call `sync()` after stepping it (`animctl clock`) to read the new time here.
    public func currentMediaTime() -> Double { inputDispatcher.mediaTime }
}
