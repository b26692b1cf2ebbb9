/// Carries a value to the delegate queue. AnimKit hands delegates and blocks to the queue the app chose
/// (`Connection.delegateQueue`), as Core Animation hands them to the main thread; the app's objects need
/// not be Sendable for that, so the hand-over is unchecked.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
