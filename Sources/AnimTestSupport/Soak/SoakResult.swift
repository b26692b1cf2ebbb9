import Foundation

/// What a soak measured, its summary figures, and the bounds it broke.
public struct SoakResult: Sendable {
    public let configuration: SoakConfiguration
    public let samples: [SoakSample]
    /// Clients that connected over the whole run, churned ones included.
    public let clientsConnected: Int
    /// The clients whose connection had been closed by the server, or whose last Sync failed, with why.
    public let lostConnections: [String]

    public init(
        configuration: SoakConfiguration, samples: [SoakSample], clientsConnected: Int, lostConnections: [String]
    ) {
        self.configuration = configuration
        self.samples = samples
        self.clientsConnected = clientsConnected
        self.lostConnections = lostConnections
    }

    private var before: SoakSample? { samples.first }
    private var load: [SoakSample] { samples.filter { $0.phase == "load" } }
    private var after: SoakSample? { samples.last }

    public var residentBefore: Int { before?.residentBytes ?? 0 }
    public var residentPeak: Int { samples.map(\.residentBytes).max() ?? 0 }
    /// RSS at the last sample with clients connected.
    public var residentLoadedEnd: Int { load.last?.residentBytes ?? 0 }
    /// RSS at the last sample, after every client left.
    public var residentAfter: Int { after?.residentBytes ?? 0 }
    public var descriptorsBefore: Int { before?.openDescriptors ?? 0 }
    public var descriptorsPeak: Int { samples.map(\.openDescriptors).max() ?? 0 }
    public var descriptorsAfter: Int { after?.openDescriptors ?? 0 }

    /// The median of the server's per-frame p50 (milliseconds) over the seconds with clients connected.
    public var frameTimeP50: Double {
        let sorted = load.map(\.frameTimeP50).sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
    /// The highest per-frame p99 the server reported while clients were connected (milliseconds).
    public var frameTimeP99: Double { load.map(\.frameTimeP99).max() ?? 0 }
    public var frameTimeMax: Double { load.map(\.frameTimeMax).max() ?? 0 }

    /// The intervals between consecutive samples with clients connected.
    private var loadIntervals: [(SoakSample, SoakSample)] { Array(zip(load, load.dropFirst())) }

    /// Frames the refresh rate asked for over those intervals.
    public var framesExpected: Double { loadIntervals.reduce(0) { $0 + $1.1.refresh * ($1.1.time - $1.0.time) } }
    /// Frames the loop built over those intervals.
    public var framesBuilt: UInt64 { loadIntervals.reduce(0) { $0 + ($1.1.frames - $1.0.frames) } }
    /// Frames not built when the refresh rate asked for one, plus built frames the render thread dropped for a
    /// newer one.
    public var framesMissed: Double {
        loadIntervals.reduce(0) { total, pair in
            let asked = pair.1.refresh * (pair.1.time - pair.0.time)
            let built = Double(pair.1.frames - pair.0.frames)
            return total + max(0, asked - built) + Double(pair.1.framesSkipped - pair.0.framesSkipped)
        }
    }
    /// Built frames the render thread dropped for a newer one, over those intervals.
    public var framesDropped: UInt64 { loadIntervals.reduce(0) { $0 + ($1.1.framesSkipped - $1.0.framesSkipped) } }
    /// Frames the render thread drew, over those intervals.
    public var framesDrawn: UInt64 { loadIntervals.reduce(0) { $0 + ($1.1.framesDrawn - $1.0.framesDrawn) } }

    /// Seconds with clients connected in which the loop built no frame at all.
    public var stalledIntervals: Int { loadIntervals.filter { $0.1.frames == $0.0.frames }.count }

    /// The bounds broken, each a sentence; empty when the soak passed.
    public var violations: [String] {
        var broken: [String] = []
        if descriptorsAfter != descriptorsBefore {
            broken.append("open descriptors \(descriptorsAfter) after every client left, \(descriptorsBefore) before")
        }
        if residentAfter > residentBefore + configuration.residentMarginBytes {
            broken.append(
                "RSS \(mebibytes(residentAfter)) MiB after every client left, above \(mebibytes(residentBefore)) MiB "
                    + "before + \(mebibytes(configuration.residentMarginBytes)) MiB")
        }
        if !lostConnections.isEmpty {
            broken.append("\(lostConnections.count) clients lost their connection: \(lostConnections.prefix(3))")
        }
        if loadIntervals.isEmpty {
            broken.append("no seconds sampled with clients connected")
        } else if stalledIntervals > 0 {
            broken.append("\(stalledIntervals) seconds with clients connected built no frame")
        }
        if framesExpected > 0 && framesMissed > framesExpected * configuration.missedFrameFraction {
            broken.append(
                String(
                    format: "%.0f of %.0f frames missed (%.1f %%), above %.1f %%", framesMissed, framesExpected,
                    100 * framesMissed / framesExpected, 100 * configuration.missedFrameFraction))
        }
        return broken
    }

    /// The samples as CSV, one line a second.
    public var csv: String { ([SoakSample.csvHeader] + samples.map(\.csvRow)).joined(separator: "\n") + "\n" }

    /// The figures, one per line, as the soak tool prints them.
    public var summary: String {
        let c = configuration
        let missedShare = framesExpected > 0 ? 100 * framesMissed / framesExpected : 0
        return """
            soak: \(c.clients) clients × \(c.layersPerClient) layers (\(Int(c.animatedFraction * 100)) % animated), \
            \(Int(c.duration)) s, \(clientsConnected) clients connected in all
            RSS: before \(mebibytes(residentBefore)) MiB, peak \(mebibytes(residentPeak)) MiB, \
            end of load \(mebibytes(residentLoadedEnd)) MiB, after all left \(mebibytes(residentAfter)) MiB \
            (bound: before + \(mebibytes(c.residentMarginBytes)) MiB)
            open fds: before \(descriptorsBefore), peak \(descriptorsPeak), after all left \(descriptorsAfter)
            frame time (server, ms): p50 \(format(frameTimeP50)), p99 \(format(frameTimeP99)), \
            max \(format(frameTimeMax))
            frames: \(framesBuilt) built of \(Int(framesExpected.rounded())) asked, \(framesDrawn) drawn, \
            \(framesDropped) dropped by the render thread; \
            \(Int(framesMissed.rounded())) missed (\(format(missedShare)) %, bound \(format(c.missedFrameFraction * 100)) %), \
            \(stalledIntervals) seconds without a frame
            lost connections: \(lostConnections.count)
            """
    }

    private func mebibytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576) }
    private func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
