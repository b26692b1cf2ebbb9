/// A timing function held by reference for the evaluator's programs. The named functions (and no
/// function, which is linear) are one shared object each, so the thousands of programs of a scene read
/// one hot copy of the solver's ~200 bytes instead of carrying their own; a custom curve gets its own.
/// Evaluation depends on the control points alone, so a shared object gives the same values.
final class SharedTimingFunction: @unchecked Sendable {
    /// The function, allocated once and never written after init (hence Sendable). A pointer rather than a
    /// stored property: calling a method on a struct stored in a class copied all ~200 bytes out first,
    /// and holders keep it without retaining this object (see `BasicCurve.curve`).
    let function: UnsafePointer<TimingFunction>

    private init(_ function: TimingFunction) {
        let storage = UnsafeMutablePointer<TimingFunction>.allocate(capacity: 1)
        storage.initialize(to: function)
        self.function = UnsafePointer(storage)
    }

    deinit {
        UnsafeMutablePointer(mutating: function).deinitialize(count: 1).deallocate()
    }

    private static let linear = SharedTimingFunction(.linear)
    private static let named: [SharedTimingFunction] = [.easeIn, .easeOut, .easeInEaseOut, .default].map {
        SharedTimingFunction($0)
    }

    /// The shared object for `function` when it is linear, absent or a named curve; else a new one.
    static func of(_ function: TimingFunction?) -> SharedTimingFunction {
        guard let function, !function.isLinear else { return linear }
        // Equality is on the control points, which is all evaluation reads.
        return named.first { $0.function.pointee == function } ?? SharedTimingFunction(function)
    }

}
