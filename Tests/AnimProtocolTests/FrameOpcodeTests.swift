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
