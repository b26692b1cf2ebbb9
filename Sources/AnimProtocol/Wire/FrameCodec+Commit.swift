extension FrameCodec {
    /// The operation count of a Commit frame, read from its bytes without decoding the operations (to size the
    /// work a commit brings before taking it on); nil when `record` is not a Commit or is too short to say.
    public static func commitOperationCount(of record: UnsafeRawBufferPointer) -> Int? {
        guard opcode(of: record) == Commit.opcode else { return nil }
        var reader = WireReader(record, offset: headerSize + Commit.FieldOffset.completions)
        guard let completions = try? reader.u32(), Int(completions) <= ProtocolLimits.maxArrayCount else {
            return nil
        }
        let countAt = reader.offset + Int(completions) * WireLayout.u64Size
        guard countAt <= record.count else { return nil }
        var count = WireReader(record, offset: countAt)
        return (try? count.u32()).map(Int.init)
    }
}
