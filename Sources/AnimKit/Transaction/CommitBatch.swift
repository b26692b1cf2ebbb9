import AnimCore
import AnimProtocol

/// One connection's share of an outermost transaction. Its operations are encoded as they are recorded,
/// so a commit copies one buffer into its frame instead of keeping an array of large `WireOperation`
/// values (each copied into the array, then out of it by the encoder, then destroyed) and encoding them
/// into a buffer that grows from 64 bytes.
struct CommitBatch {
    let connection: Connection
    /// The operations' encoding, back to back, as `Commit.operations` holds them after its count.
    private var encoded = WireWriter(capacity: 4096)
    /// How many operations `encoded` holds.
    private(set) var count = 0
    /// The layers this batch creates: the server knows them once its commit has gone out.
    private(set) var created: [LayerID] = []

    init(connection: Connection) {
        self.connection = connection
    }

    mutating func append(_ operation: WireOperation) {
        operation.encode(to: &encoded)
        count += 1
        if case .createLayer(let create) = operation { created.append(LayerID(create.layer)) }
    }

    /// Appends `.setProperty(change)` without building the `WireOperation` (a 600-byte value, the size of
    /// its largest case): the bytes are the same.
    mutating func append(setProperty change: WireSetProperty) {
        encoded.u8(Self.setPropertyTag)
        change.encode(to: &encoded)
        count += 1
    }

    /// `append(setProperty:)` of a whole `property` set to a number, point, size or rect given as lanes
    /// (`PropertyValue.lanes`), written without building the `WireSetProperty` and its `WireValue`: the same
    /// bytes (`LaneChangeTests`).
    mutating func append(setProperty layer: LayerID, _ property: LayerProperty, lanes: SIMD4<Double>, kind: ValueKind) {
        let (tag, laneCount): (UInt8, Int) =
            switch kind {
            case .number: (0, 1)
            case .point: (1, 2)
            case .size: (2, 2)
            default: (3, 4)
            }
        encoded.u8(Self.setPropertyTag)
        encoded.u32(layer.rawValue)
        encoded.string(property.key)
        encoded.u8(tag)
        encoded.f64(lanes: lanes, count: laneCount)
        count += 1
    }

    /// The tag `WireOperation.encode` writes before a setProperty, taken from the generated encoder.
    private static let setPropertyTag: UInt8 = {
        var w = WireWriter(capacity: 16)
        WireOperation.setProperty(WireSetProperty(layer: 0, keyPath: "", value: .bool(false))).encode(to: &w)
        return w.bytes[0]
    }()

    /// The Commit frame with this batch's operations and then `trailing`'s, byte for byte what
    /// `FrameCodec.encode(.commit(Commit(transaction:completions:operations:)))` writes for them.
    func frame(transaction: UInt64, completions: [UInt64], trailing: [WireOperation]) -> [UInt8] {
        var tail = WireWriter(capacity: trailing.isEmpty ? 0 : 64 * trailing.count)
        for operation in trailing { operation.encode(to: &tail) }
        // The header, the transaction, the completions with their count, the operation count.
        let headSize = FrameCodec.headerSize + 8 + 4 + 8 * completions.count + 4
        let total = headSize + encoded.bytes.count + tail.bytes.count
        var head = WireWriter(capacity: headSize)
        head.u32(UInt32(truncatingIfNeeded: total))
        head.u16(Commit.opcode)
        head.u16(0)
        head.u64(transaction)
        head.array(completions) { w, id in w.u64(id) }
        head.u32(UInt32(truncatingIfNeeded: count + trailing.count))
        var frame: [UInt8] = []
        frame.reserveCapacity(total)
        frame.append(contentsOf: head.bytes)
        frame.append(contentsOf: encoded.bytes)
        frame.append(contentsOf: tail.bytes)
        return frame
    }
}
