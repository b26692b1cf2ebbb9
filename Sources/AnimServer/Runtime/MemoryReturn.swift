import CIPC
import AnimTransport
import Glibc

/// Gives freed heap memory back to the kernel once clients that held much of it have gone. glibc keeps what is
/// freed for reuse, and the pages between live allocations stay resident: after 16 clients of 1,000 visible layers
/// left, RSS stayed 47 MiB above the empty daemon's (`serverbench --memory-only`). `malloc_trim(0)` returns every whole free page of every arena, but
/// walks them all, so it runs once, a while after the last large client closed (by then the frame that no longer
/// draws its layers has released the old snapshot), never on the frame path and never for each small client.
struct MemoryReturn {
    /// Layers freed since the last trim that make one worth it (about 1.5 KB each with what they draw)...
    static let layerThreshold = 1000
    /// ...or image bytes.
    static let imageByteThreshold = 4 << 20
    /// Seconds from the close that made a trim due to the trim.
    static let delay = 1.0

    /// What the clients that closed since the last trim held.
    private(set) var freedLayers = 0
    private(set) var freedImageBytes = 0
    /// Trims done, and the resident bytes they gave back (RSS before less after, each at least 0).
    private(set) var trims = 0
    private(set) var returnedBytes = 0

    /// A client holding `layers` and `imageBytes` closed; true when a trim is now due (the caller schedules it).
    /// The last client to leave makes any freed memory worth a trim.
    mutating func clientClosed(layers: Int, imageBytes: Int, clientsLeft: Int) -> Bool {
        freedLayers += layers
        freedImageBytes += imageBytes
        let anything = freedLayers > 0 || freedImageBytes > 0
        return freedLayers >= Self.layerThreshold || freedImageBytes >= Self.imageByteThreshold
            || (clientsLeft == 0 && anything)
    }

    /// Trims the heap now; returns the resident bytes given back and the seconds the trim took.
    @discardableResult
    mutating func trim() -> (bytes: Int, seconds: Double) {
        let before = ProcessResources.residentBytes() ?? 0
        let start = MonotonicClock.now()
        malloc_trim(0)
        let seconds = MonotonicClock.now() - start
        let after = ProcessResources.residentBytes() ?? 0
        freedLayers = 0
        freedImageBytes = 0
        trims += 1
        returnedBytes += max(0, before - after)
        return (max(0, before - after), seconds)
    }
}

extension ServerCore {
    /// Gives the heap's free pages back to the kernel (`MemoryReturn`); the glue calls it a while after
    /// `wantsMemoryReturn` became true, on the loop, between frames.
    public func returnFreedMemory() {
        wantsMemoryReturn = false
        let (returned, seconds) = memoryReturn.trim()
        logger.debug(
            "heap trimmed",
            metadata: [
                "returnedBytes": "\(returned)", "milliseconds": "\(seconds * 1000)", "trims": "\(memoryReturn.trims)",
            ])
    }
}
