import Testing

@testable import AnimCore

/// The keyframe kernel keeps what every frame reads in its first 88 bytes (two cache lines of the entry
/// at most) and the key times and cumulative step, read only in some cases, after them: this fails if a
/// new or reordered field spreads the hot part out again.
@Suite("The keyframe kernel's hot fields come first")
struct KeyframeKernelLayoutTests {
    private static let hotBytes = 88

    @Test func everyFieldAFrameReadsLiesInTheFirstBytes() throws {
        typealias K = LaneKeyframeKernel
        let hot: [(PartialKeyPath<K>, Int)] = [
            (\K.timing, MemoryLayout<FrameTiming>.size), (\K.slice, MemoryLayout<LaneSlice>.size),
            (\K.isNarrow, 1), (\K.isEvenlySpaced, 1), (\K.isCubic, 1), (\K.isAdditive, 1),
            (\K.curve, 8), (\K.segments, 8), (\K.last, MemoryLayout<Int>.size), (\K.isCumulative, 1),
        ]
        for (path, size) in hot {
            let offset = try #require(MemoryLayout<K>.offset(of: path))
            #expect(offset + size <= Self.hotBytes, "\(path)")
        }
        let keyTimes = try #require(MemoryLayout<K>.offset(of: \K.keyTimes))
        let step = try #require(MemoryLayout<K>.offset(of: \K.cumulativeStep))
        #expect(keyTimes >= Self.hotBytes)
        #expect(step >= Self.hotBytes)
    }
}
