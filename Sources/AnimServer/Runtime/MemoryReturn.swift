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
    /// ...or image bytes...
    static let imageByteThreshold = 4 << 20
    /// ...or this much more free heap than after the last trim: a client that held little in its tree can still
    /// have held much in its outbound queue (one that stopped reading holds up to the queue limits, 16 MiB of
    /// replies and 64 MiB of inspection parts) or in the documents built for it.
    static let freeHeapThreshold = 4 << 20
    /// Seconds from the close that made a trim due to the trim.
    static let delay = 1.0

    /// What the clients that closed since the last trim held.
    private(set) var freedLayers = 0
    private(set) var freedImageBytes = 0
    /// Trims done, and the resident bytes they gave back (RSS before less after, each at least 0).
    private(set) var trims = 0
    private(set) var returnedBytes = 0

    /// The heap's free bytes (glibc's `mallinfo2().fordblks`) after the last trim: a trim gives back free pages
    /// but the bytes stay free in malloc's count.
    private var freeHeapAtLastTrim = 0

    /// A client holding `layers` and `imageBytes` closed, leaving `freeHeapBytes` free in the heap; true when a trim
    /// is now due (the caller schedules it). The last client to leave makes any freed memory worth a trim.
    mutating func clientClosed(layers: Int, imageBytes: Int, clientsLeft: Int, freeHeapBytes: Int) -> Bool {
        freedLayers += layers
        freedImageBytes += imageBytes
        let anything = freedLayers > 0 || freedImageBytes > 0
        return freedLayers >= Self.layerThreshold || freedImageBytes >= Self.imageByteThreshold
            || freeHeapBytes - freeHeapAtLastTrim >= Self.freeHeapThreshold || (clientsLeft == 0 && anything)
    }

    /// The heap's free bytes now, in every arena.
    static func freeHeapBytes() -> Int { Int(mallinfo2().fordblks) }

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
        freeHeapAtLastTrim = Self.freeHeapBytes()
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
