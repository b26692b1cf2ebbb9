/// The records a `RecordChannel` could not send yet, in order, and the memory they hold.
///
/// Each record's bytes are freed as soon as it is sent, not when the queue next becomes empty: a peer that reads
/// slowly keeps the queue from ever emptying, and the records already sent must not pile up behind its head. The
/// slots of sent records are reclaimed once they are half of the queue, and the whole storage is released when
/// the queue empties, so what a queue holds is bounded by what it accounts for (`memoryBytes`).
struct OutboundQueue {
    struct Record {
        var bytes: [UInt8]
        var fds: [Int32]
        var largeReplyPart: Bool
    }

    /// What one queued record costs besides its bytes' capacity: the array's heap header and malloc's chunk
    /// header and rounding. A 24-byte reply held in its own array costs about 120 bytes, so counting payload
    /// bytes alone lets a non-reading peer hold several times the limit.
    static let recordOverhead = 48
    /// A record whose array is larger than its bytes by more than this is copied to an array of its own size
    /// before it is queued (encoders reserve room ahead).
    static let slackToTrim = 32

    private var records: [Record] = []
    /// The first record not sent yet; those before it are sent, their bytes already freed.
    private var head = 0
    /// The heap bytes of the records waiting (bytes' capacity plus `recordOverhead` each, their descriptor arrays).
    private var heldBytes = 0
    /// The part of `heldBytes` that is large-reply parts.
    private(set) var heldReplyBytes = 0
    /// Payload bytes waiting to be sent.
    private(set) var payloadBytes = 0

    var isEmpty: Bool { head == records.count }
    var count: Int { records.count - head }

    /// The memory the queue holds: its records and its slots (sent ones not reclaimed yet included).
    var memoryBytes: Int { heldBytes + records.capacity * MemoryLayout<Record>.stride }

    var first: Record? { isEmpty ? nil : records[head] }

    mutating func append(_ bytes: [UInt8], fds: [Int32], largeReplyPart: Bool) {
        let stored = bytes.capacity - bytes.count > Self.slackToTrim ? Self.trimmed(bytes) : bytes
        let held = Self.heldBytes(stored, fds: fds)
        records.append(Record(bytes: stored, fds: fds, largeReplyPart: largeReplyPart))
        heldBytes += held
        payloadBytes += stored.count
        if largeReplyPart { heldReplyBytes += held }
    }

    /// Drops the first record, which was sent, and frees its bytes; its descriptors are the caller's to close.
    mutating func removeFirst() {
        guard !isEmpty else { return }
        let record = records[head]
        let held = Self.heldBytes(record.bytes, fds: record.fds)
        heldBytes -= held
        payloadBytes -= record.bytes.count
        if record.largeReplyPart { heldReplyBytes -= held }
        records[head] = Record(bytes: [], fds: [], largeReplyPart: false)
        head += 1
        if isEmpty {
            removeAll()
        } else if head >= 1024 && head * 2 >= records.count {
            // Moving the waiting half down costs no more than the sends that freed the other half.
            records = Array(records[head...])
            head = 0
        }
    }

    /// Empties the queue and releases its storage; returns the descriptors of the records that were waiting.
    @discardableResult
    mutating func removeAll() -> [Int32] {
        let fds = records[head...].flatMap(\.fds)
        records = []
        head = 0
        heldBytes = 0
        heldReplyBytes = 0
        payloadBytes = 0
        return fds
    }

    /// A copy of `bytes` in an array of their size (`Array(bytes[...])` may share the larger storage).
    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: bytes)
        }
    }

    private static func heldBytes(_ bytes: [UInt8], fds: [Int32]) -> Int {
        bytes.capacity + recordOverhead + (fds.isEmpty ? 0 : fds.capacity * 4 + recordOverhead)
    }
}
