/// What the server remembers about an animation a client attached, beside AnimCore's entry: the id the
/// client chose (events carry it back) and whether its stop was already reported (an animation that
/// stays attached after finishing, with removedOnCompletion false, reports its stop only once).
struct ClientAnimation: Sendable {
    let id: UInt64
    var stopped = false
}
