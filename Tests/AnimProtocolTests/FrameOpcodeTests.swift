import AnimProtocol
import Testing

/// `FrameCodec.opcode(of:)` names a record from its header alone, as the server does for a record it refuses
/// before decoding it.
@Suite struct FrameOpcodeTests {
    @Test func theHeaderNamesTheMessage() {
        let sync = FrameCodec.encode(.sync(Sync(request: 7)))
        #expect(sync.withUnsafeBytes { FrameCodec.opcode(of: $0) } == Sync.opcode)
        // Only the header is read: a payload cut short still has its opcode.
        var commit = FrameCodec.encode(.commit(Commit(transaction: 1, completions: [], operations: [])))
        commit.removeLast()
        #expect(commit.withUnsafeBytes { FrameCodec.opcode(of: $0) } == Commit.opcode)
        #expect(Array(commit.prefix(7)).withUnsafeBytes { FrameCodec.opcode(of: $0) } == nil)
    }
}

/// `FrameCodec.commitOperationCount(of:)` reads a Commit's operation count past its completions, from the bytes.
@Suite struct CommitOperationCountTests {
    @Test func theCountComesAfterTheCompletions() {
        let operations = (1...5).map { WireOperation.destroyLayer(UInt32($0)) }
        let commit = FrameCodec.encode(.commit(Commit(transaction: 9, completions: [4, 5, 6], operations: operations)))
        #expect(commit.withUnsafeBytes { FrameCodec.commitOperationCount(of: $0) } == 5)
        // Cut inside the count: nothing to say. Another message: not a commit.
        let cut = Array(commit.prefix(FrameCodec.headerSize + 8 + 4 + 3 * 8 + 2))
        #expect(cut.withUnsafeBytes { FrameCodec.commitOperationCount(of: $0) } == nil)
        let sync = FrameCodec.encode(.sync(Sync(request: 5)))
        #expect(sync.withUnsafeBytes { FrameCodec.commitOperationCount(of: $0) } == nil)
    }
}
