/// The keyframe segment search, the one both keyframe evaluators call: `KeyframeProgram` (the reference
/// path) over its key time array and `LaneKeyframeKernel` (the fast path) over the key times its block
/// holds. Two copies had drifted apart at their ends; one search keeps them bit for bit the same
/// (`KeyframeSegmentLookupTests`, `FastPathDifferentialTests`).
enum KeyframeSegmentSearch {
    /// The segment holding fraction `f` for key times `time(0) … time(last)` (non-decreasing): the last
    /// i < last with time(i) ≤ f, and the local fraction in it (1 in a segment of no length). Before the
    /// first time: segment 0 at 0; from the last time on: the last segment at 1 (0 when there is one key).
    @inline(__always)
    static func locate(_ f: Double, last: Int, time: (Int) -> Double) -> (segment: Int, s: Double) {
        if f <= time(0) { return (0, 0) }
        if f >= time(last) { return (max(last - 1, 0), last == 0 ? 0 : 1) }
        var lo = 0
        var hi = last
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if time(mid) <= f { lo = mid } else { hi = mid }
        }
        let start = time(lo)
        let span = time(lo + 1) - start
        return (lo, span > 0 ? (f - start) / span : 1)
    }
}
