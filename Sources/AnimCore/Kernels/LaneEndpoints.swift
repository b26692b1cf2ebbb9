// Fast path, fenced in Sources/AnimCore/Kernels (internal to AnimCore, not public API).
// Reference path it must equal: `BasicProgram.endpoints`.
// Checked by: LaneProgramTests, FastPathDifferentialTests.

/// The eight endpoint cases of docs/core-animation-rules.md#from-to-and-by (`BasicProgram.endpoints`) resolved at
/// attach time for a lane fast path: what is known is folded into two non-optional lane vectors and a mode, so a frame
/// reads 65 bytes instead of four optional vectors (the sums `a + by` and `b − by` are the same IEEE operations the
/// frame did).
struct LaneEndpoints<Lanes: Sendable>: Sendable {
    enum Mode: UInt8, Sendable {
        /// from = first, to = second.
        case fixed
        /// from = first, to = the model value.
        case fromToModel
        /// from = the model value, to = second.
        case modelTo
        /// from = m, to = m + second, with m the model value.
        case modelBy
        /// from = first, to = the model value (the captured presentation value as from).
        case capturedToModel
        /// from = to = the model value (nothing captured).
        case modelToModel
    }

    let first: Lanes
    let second: Lanes
    let mode: Mode

    /// Folds the given endpoints (`zero` fills the unused vector; `add` and `subtract` are the lane sums).
    init(
        from: Lanes?, to: Lanes?, by: Lanes?, captured: Lanes?, zero: Lanes, add: (Lanes, Lanes) -> Lanes,
        subtract: (Lanes, Lanes) -> Lanes
    ) {
        switch (from, to, by) {
        case (let a?, let b?, _): (first, second, mode) = (a, b, .fixed)
        case (let a?, nil, let by?): (first, second, mode) = (a, add(a, by), .fixed)
        case (nil, let b?, let by?): (first, second, mode) = (subtract(b, by), b, .fixed)
        case (let a?, nil, nil): (first, second, mode) = (a, zero, .fromToModel)
        case (nil, let b?, nil): (first, second, mode) = (zero, b, .modelTo)
        case (nil, nil, let by?): (first, second, mode) = (zero, by, .modelBy)
        case (nil, nil, nil):
            if let captured {
                (first, second, mode) = (captured, zero, .capturedToModel)
            } else {
                (first, second, mode) = (zero, zero, .modelToModel)
            }
        }
    }

    /// (from, to) with `model()` read only in the cases that need it.
    @inline(__always)
    func resolve(add: (Lanes, Lanes) -> Lanes, model: () -> Lanes) -> (from: Lanes, to: Lanes) {
        switch mode {
        case .fixed: return (first, second)
        case .fromToModel, .capturedToModel: return (first, model())
        case .modelTo: return (model(), second)
        case .modelBy:
            let m = model()
            return (m, add(m, second))
        case .modelToModel:
            let m = model()
            return (m, m)
        }
    }
}
