/// A failure `animctl` reports as `Error: <message>` on standard error, exiting with status 1.
struct AnimctlError: Error, CustomStringConvertible {
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}
